// The service team's view of boletos across partners (issue 15): `caas boleto list` with filters
// and `caas export boletos`. Read-only. Inputs are plain values; the answer keeps the interface's
// names the partner also sees (numeroBoleto, situacao, …) so both sides talk about the same thing.
import { LIMITS } from '../../../platform/config/limits.js';
import type { LocalDate } from '../../../platform/dates.js';
import type { Executor } from '../../../platform/db/pool.js';
import { keysetBatches } from '../../../platform/db/read-snapshot.js';
import { clientIdOf, partnerIdOfClient } from '../../partners/index.js';
import { registrationView } from './boleto-status.js';
import { boletoInstallments, type BoletoRow } from './collection-repository.js';
import { printUrl } from './collection-views.js';

export interface BoletoFilter {
  /** situacaoBoletoRegistro (boleto-status.ts). */
  status: number | null;
  proposalNumber: number | null;
  /** The partner's client id. */
  partnerClientId: string | null;
  /** Due date, inclusive bounds. */
  from: LocalDate | null;
  to: LocalDate | null;
}

export const NO_BOLETO_FILTER: BoletoFilter = { status: null, proposalNumber: null, partnerClientId: null, from: null, to: null };

export interface ListedBoleto {
  numeroBoleto: number;
  codigoBoleto: string;
  numeroProposta: number;
  parceiro: string;
  codigoLiquidacao: string | null;
  situacao: number;
  descricaoSituacao: string;
  liquidacao: boolean;
  parcelas: number[];
  dtInclusao: string;
  dtVencimento: string;
  dtExpiracao: string;
  valorBoleto: string;
  vlrPago: string | null;
  dtCredito: string | null;
  dtCancelamento: string | null;
  linhaDigitavel: string;
  urlImpressao: string;
}

function filtered(db: Executor, filter: BoletoFilter) {
  return db
    .selectFrom('receivable_boletos as b')
    .innerJoin('receivable_schedules as s', 's.id', 'b.schedule_id')
    .selectAll('b')
    .select(['s.proposal_number', clientIdOf('b.partner_id').as('client_id')])
    .$if(filter.status !== null, (q) => q.where('b.registration_status', '=', filter.status as number))
    .$if(filter.proposalNumber !== null, (q) => q.where('s.proposal_number', '=', filter.proposalNumber as number))
    .$if(filter.partnerClientId !== null, (q) => q.where('b.partner_id', '=', partnerIdOfClient(filter.partnerClientId as string)))
    .$if(filter.from !== null, (q) => q.where('b.due_date', '>=', filter.from as string))
    .$if(filter.to !== null, (q) => q.where('b.due_date', '<=', filter.to as string));
}

type Row = BoletoRow & { proposal_number: number; client_id: string };

async function listed(db: Executor, rows: readonly Row[], publicUrl: string): Promise<ListedBoleto[]> {
  const links = await boletoInstallments(db, rows.map((b) => b.id));
  return rows.map((b) => {
    const view = registrationView(b.registration_status);
    return {
      numeroBoleto: b.numero,
      codigoBoleto: b.id,
      numeroProposta: b.proposal_number,
      parceiro: b.client_id,
      codigoLiquidacao: b.charge_id,
      situacao: view.situacaoBoletoRegistro,
      descricaoSituacao: view.descricaoBoletoRegistro,
      liquidacao: b.settlement,
      parcelas: links.filter((l) => l.boleto_id === b.id).map((l) => l.installment_number),
      dtInclusao: b.created_at.toISOString(),
      dtVencimento: b.due_date,
      dtExpiracao: b.expires_on,
      valorBoleto: b.amount,
      vlrPago: b.amount_paid,
      dtCredito: b.paid_on,
      dtCancelamento: b.cancelled_at?.toISOString() ?? null,
      linhaDigitavel: b.linha_digitavel,
      urlImpressao: printUrl(publicUrl, b),
    };
  });
}

/** By boleto number (issue order), at most `limit` rows. */
export async function listBoletos(db: Executor, filter: BoletoFilter, publicUrl: string, limit: number = LIMITS.OPERATOR_LIST_ROWS_MAX): Promise<{ rows: ListedBoleto[]; truncated: boolean }> {
  const rows = (await filtered(db, filter).orderBy('b.numero').limit(limit + 1).execute()) as Row[];
  return { rows: await listed(db, rows.slice(0, limit), publicUrl), truncated: rows.length > limit };
}

/** Every matching boleto by number, in batches (inside inReadSnapshot for one consistent export). */
export function boletoBatches(db: Executor, filter: BoletoFilter, publicUrl: string, batchSize: number = LIMITS.EXPORT_BATCH_ROWS): AsyncGenerator<ListedBoleto[]> {
  const page = async (after: number | null, limit: number) => {
    const query = filtered(db, filter).$if(after !== null, (q) => q.where('b.numero', '>', after as number));
    return listed(db, (await query.orderBy('b.numero').limit(limit).execute()) as Row[], publicUrl);
  };
  return keysetBatches(page, (b) => b.numeroBoleto, batchSize);
}

export async function countBoletos(db: Executor, filter: BoletoFilter): Promise<number> {
  const row = await filtered(db, filter).clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
