// /metrics gauges of boletos, read at scrape time in one query: issued (every boleto ever issued)
// and paid, plus the count in each registration status (boleto-status.ts).
import { sql } from 'kysely';
import type { MetricSource } from '../../../platform/http/metrics.js';
import { BoletoStatus } from './boleto-status.js';

const STATUS_NAMES: Readonly<Record<number, string>> = Object.fromEntries(Object.entries(BoletoStatus).map(([name, code]) => [code, name]));

export const boletoMetrics: MetricSource = {
  name: 'boletos',
  gauges: [
    { name: 'caas_boletos_issued', help: 'Boletos issued (all, whatever their status now)' },
    { name: 'caas_boletos_paid', help: 'Boletos paid (liquidado)' },
    { name: 'caas_boletos', help: 'Boletos by registration status (pending, registered, failed, cancelPending, cancelled, paid)', labelNames: ['status'] },
  ],
  async read(db) {
    const { rows } = await sql<{ status: number; n: number }>`select registration_status as status, count(*)::int as n from receivable_boletos group by registration_status`.execute(db);
    const count = (status: number) => rows.find((r) => r.status === status)?.n ?? 0;
    return [
      { gauge: 'caas_boletos_issued', value: rows.reduce((sum, r) => sum + r.n, 0) },
      { gauge: 'caas_boletos_paid', value: count(BoletoStatus.paid) },
      ...Object.entries(STATUS_NAMES).map(([code, name]) => ({ gauge: 'caas_boletos', labels: { status: name }, value: count(Number(code)) })),
    ];
  },
};
