// The service team's view of boletos across partners (issue 15): `caas boleto list` with filters
// and `caas export boletos`. Read-only. Inputs are plain values and the answer is in English; the
// faces print it under the interface's names the partner also sees (numeroBoleto, situacao, …:
// boleto-listing-view.ts) so both sides talk about the same thing.
import { LIMITS } from '../../../platform/config/limits.js';
import type { LocalDate } from '../../../platform/dates.js';
import type { Executor } from '../../../platform/db/pool.js';
import { keysetBatches } from '../../../platform/db/read-snapshot.js';
import { clientIdOf, partnerIdOfClient } from '../../partners/index.js';
import { boletoStatusText } from './boleto-status.js';
import { boletoInstallments, type BoletoRow } from './collection-repository.js';
import { printUrl } from './collection-views.js';

export interface BoletoFilter {
  /** The registration status (boleto-status.ts). */
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
  number: number;
  id: string;
  proposalNumber: number;
  /** The partner's client id. */
  partner: string;
  chargeId: string | null;
  status: number;
  statusDescription: string;
  settlement: boolean;
  installmentNumbers: number[];
  /** ISO instant. */
  createdAt: string;
  dueDate: string;
  expiresOn: string;
  /** Decimal text. */
  amount: string;
  amountPaid: string | null;
  paidOn: string | null;
  /** ISO instant. */
  cancelledAt: string | null;
  digitableLine: string;
  printUrl: string;
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
  return rows.map((b) => ({
    number: b.numero,
    id: b.id,
    proposalNumber: b.proposal_number,
    partner: b.client_id,
    chargeId: b.charge_id,
    status: b.registration_status,
    statusDescription: boletoStatusText(b.registration_status),
    settlement: b.settlement,
    installmentNumbers: links.filter((l) => l.boleto_id === b.id).map((l) => l.installment_number),
    createdAt: b.created_at.toISOString(),
    dueDate: b.due_date,
    expiresOn: b.expires_on,
    amount: b.amount,
    amountPaid: b.amount_paid,
    paidOn: b.paid_on,
    cancelledAt: b.cancelled_at?.toISOString() ?? null,
    digitableLine: b.linha_digitavel,
    printUrl: printUrl(publicUrl, b),
  }));
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
  return keysetBatches(page, (b) => b.number, batchSize);
}

export async function countBoletos(db: Executor, filter: BoletoFilter): Promise<number> {
  const row = await filtered(db, filter).clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
