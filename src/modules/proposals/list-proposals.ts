// The service team's view of the book of proposals (issue 15): `caas proposal list` and
// `caas export proposals`. Read-only; every partner (proposal numbers are unique across partners).
// Inputs are plain values (no wire names), the CLI maps argv to them.
import { sql } from 'kysely';
import { LIMITS } from '../../platform/config/limits.js';
import type { LocalDate } from '../../platform/dates.js';
import type { Executor } from '../../platform/db/pool.js';
import { keysetBatches } from '../../platform/db/read-snapshot.js';
import { clientIdOf, partnerIdOfClient } from '../partners/index.js';
import { statusDescription, type ProposalStatus } from './proposal-lifecycle.js';

export interface ProposalFilter {
  status: ProposalStatus | null;
  /** The partner's client id (what `caas partner list` shows). */
  partnerClientId: string | null;
  /** Bare CPF/CNPJ (no mask). */
  document: string | null;
  /** Creation date (São Paulo calendar date), inclusive bounds. */
  from: LocalDate | null;
  to: LocalDate | null;
  /** Requested amount, inclusive bounds (decimal text), for the console's list. */
  amountMin?: string | null;
  amountMax?: string | null;
  /** The console's search box: a proposal number, a proposal code (uuid) or a CPF/CNPJ (digits). */
  search?: ProposalSearch | null;
}

export type ProposalSearch = { by: 'number'; value: number } | { by: 'code'; value: string } | { by: 'document'; value: string };

export const NO_PROPOSAL_FILTER: ProposalFilter = { status: null, partnerClientId: null, document: null, from: null, to: null };

function filtered(db: Executor, filter: ProposalFilter) {
  return db
    .selectFrom('proposals as p')
    .$if(filter.status !== null, (q) => q.where('p.status', '=', filter.status as number))
    .$if(filter.partnerClientId !== null, (q) => q.where('p.partner_id', '=', partnerIdOfClient(filter.partnerClientId as string)))
    .$if(filter.document !== null, (q) => q.where('p.customer_document', '=', filter.document as string))
    .$if(filter.from !== null, (q) => q.where('p.contract_date', '>=', filter.from as string))
    .$if(filter.to !== null, (q) => q.where('p.contract_date', '<=', filter.to as string))
    .$if(filter.amountMin != null, (q) => q.where('p.requested_amount', '>=', filter.amountMin as string))
    .$if(filter.amountMax != null, (q) => q.where('p.requested_amount', '<=', filter.amountMax as string))
    .$if(filter.search?.by === 'number', (q) => q.where('p.numero', '=', filter.search?.value as number))
    .$if(filter.search?.by === 'code', (q) => q.where('p.id', '=', filter.search?.value as string))
    .$if(filter.search?.by === 'document', (q) => q.where('p.customer_document', '=', filter.search?.value as string))
    .select([
      'p.numero',
      'p.id',
      clientIdOf('p.partner_id').as('client_id'),
      'p.codigo_operacao',
      'p.status',
      'p.person_type',
      'p.customer_document',
      'p.contract_type',
      'p.contract_date',
      'p.first_due_date',
      'p.term_months',
      'p.monthly_rate_percent',
      'p.requested_amount',
      'p.financed_amount',
      'p.installment_amount',
      'p.iof_amount',
      'p.tac_amount',
      'p.cet_annual_percent',
      'p.approved_on',
      'p.disbursed_on',
      'p.refused_on',
      'p.cancelled_on',
      'p.settled_on',
      'p.created_at',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof filtered>['execute']>>[number];

/** One proposal as the operator queries show it. Amounts and rates are exact decimal text. */
export interface ProposalRecord {
  number: number;
  code: string;
  partner: string;
  operationCode: string | null;
  status: number;
  statusDescription: string;
  personType: string;
  document: string;
  contractType: string | null;
  createdOn: string;
  firstDueDate: string;
  termMonths: number;
  monthlyRatePercent: string;
  requestedAmount: string;
  financedAmount: string;
  installmentAmount: string;
  iofAmount: string;
  tacAmount: string | null;
  cetAnnualPercent: string;
  approvedOn: string | null;
  disbursedOn: string | null;
  refusedOn: string | null;
  cancelledOn: string | null;
  settledOn: string | null;
  createdAt: string;
}

function record(r: Row): ProposalRecord {
  return {
    number: r.numero,
    code: r.id,
    partner: r.client_id,
    operationCode: r.codigo_operacao,
    status: r.status,
    statusDescription: statusDescription(r.status as ProposalStatus),
    personType: r.person_type,
    document: r.customer_document,
    contractType: r.contract_type,
    createdOn: r.contract_date,
    firstDueDate: r.first_due_date,
    termMonths: r.term_months,
    monthlyRatePercent: r.monthly_rate_percent,
    requestedAmount: r.requested_amount,
    financedAmount: r.financed_amount,
    installmentAmount: r.installment_amount,
    iofAmount: r.iof_amount,
    tacAmount: r.tac_amount,
    cetAnnualPercent: r.cet_annual_percent,
    approvedOn: r.approved_on,
    disbursedOn: r.disbursed_on,
    refusedOn: r.refused_on,
    cancelledOn: r.cancelled_on,
    settledOn: r.settled_on,
    createdAt: r.created_at.toISOString(),
  };
}

export interface Listing<T> {
  rows: T[];
  /** True when more rows match than one listing shows (LIMITS.OPERATOR_LIST_ROWS_MAX). */
  truncated: boolean;
}

/** Oldest first (by number): the queue order, e.g. `--status finalizada` is the approval queue. */
export async function listProposals(db: Executor, filter: ProposalFilter, limit: number = LIMITS.OPERATOR_LIST_ROWS_MAX): Promise<Listing<ProposalRecord>> {
  const rows = await filtered(db, filter).orderBy('p.numero').limit(limit + 1).execute();
  return { rows: rows.slice(0, limit).map(record), truncated: rows.length > limit };
}

/** One page (1-based) of the matching proposals, newest first, and how many match in all (the console's list). */
export async function pageProposals(db: Executor, filter: ProposalFilter, page: number, pageSize: number): Promise<{ rows: ProposalRecord[]; total: number }> {
  const [rows, total] = await Promise.all([
    filtered(db, filter).orderBy('p.numero', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    countProposals(db, filter),
  ]);
  return { rows: rows.map(record), total };
}

export async function countProposals(db: Executor, filter: ProposalFilter): Promise<number> {
  const row = await db.selectFrom(filtered(db, filter).as('f')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

/** Every matching proposal, by number, in batches (run it inside inReadSnapshot for one consistent export). */
export function proposalBatches(db: Executor, filter: ProposalFilter, batchSize: number = LIMITS.EXPORT_BATCH_ROWS): AsyncGenerator<ProposalRecord[]> {
  const page = async (after: number | null, limit: number) => {
    const rows = await filtered(db, filter)
      .$if(after !== null, (q) => q.where('p.numero', '>', after as number))
      .orderBy('p.numero')
      .limit(limit)
      .execute();
    return rows.map(record);
  };
  return keysetBatches(page, (r) => r.number, batchSize);
}
