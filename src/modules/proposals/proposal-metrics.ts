// /metrics gauge of proposals by status, read at scrape time in one query (every status shown,
// zero included, so a dashboard's series never vanish).
import { sql } from 'kysely';
import type { MetricSource } from '../../platform/http/metrics.js';
import { ProposalStatus } from './proposal-lifecycle.js';

export const proposalMetrics: MetricSource = {
  name: 'proposals',
  gauges: [{ name: 'caas_proposals', help: 'Proposals by status (draft, finalized, approved, paymentPending, disbursed, refused, cancelled, settled, assigned)', labelNames: ['status'] }],
  async read(db) {
    const { rows } = await sql<{ status: number; n: number }>`select status, count(*)::int as n from proposals group by status`.execute(db);
    return Object.entries(ProposalStatus).map(([name, code]) => ({ gauge: 'caas_proposals', labels: { status: name }, value: rows.find((r) => r.status === code)?.n ?? 0 }));
  },
};
