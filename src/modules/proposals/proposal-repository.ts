// Data access of proposals. Every read a partner can trigger takes the partner id and filters by
// it, so another partner's proposal is indistinguishable from a missing one. The two exceptions
// are named for what they are: `existsForAnotherPartner` (only for Recusar's C0112/V0002) and
// `findByNumberForOperator` (the service team's CLI, which acts on every partner's proposals).
import { CompiledQuery, type Insertable, type Selectable, type Updateable } from 'kysely';
import { arraysOf, assertColumnsExactly, insertFromArrays, quotedNames } from '../../platform/db/fixed-text.js';
import type { Executor } from '../../platform/db/pool.js';
import { partnerProfile } from '../partners/index.js';
import type { ProposalHistoryTable, ProposalInstallmentsTable, ProposalsTable } from './tables.js';
import { proposalRefOf, type ProposalIdentifiers, type ProposalRef } from './proposal-ref.js';
import type { CachedQuery } from '../../platform/answer-cache.js';

export type ProposalRow = Selectable<ProposalsTable>;
export type HistoryRow = Selectable<ProposalHistoryTable>;
export type InstallmentRow = Selectable<ProposalInstallmentsTable>;
export type NewHistory = Insertable<ProposalHistoryTable>;

/** none: a plain read; wait: FOR UPDATE; nowait: FOR UPDATE NOWAIT (fails at once when held). */
export type LockMode = 'none' | 'wait' | 'nowait';

/** The proposals column each kind of reference names. */
const REF_COLUMN = { id: 'id', operationCode: 'codigo_operacao', number: 'numero' } as const;

function byRef(db: Executor, ref: ProposalRef) {
  return db.selectFrom('proposals').selectAll().where(REF_COLUMN[ref.by], '=', ref.value);
}

/** The read model's scope selects (fixed texts, issue 14), by kind of reference: the same rows as byRef. */
const SCOPE_TEXT = Object.fromEntries(
  Object.entries(REF_COLUMN).map(([by, column]) => [by, `select id as scope from proposals where ${column} = $1 and partner_id = $2`]),
) as Record<ProposalRef['by'], string>;

function locked<Q extends { forUpdate(): Q; noWait(): Q }>(query: Q, lock: LockMode): Q {
  if (lock === 'none') return query;
  return lock === 'nowait' ? query.forUpdate().noWait() : query.forUpdate();
}

export async function findProposal(db: Executor, partnerId: string, ref: ProposalRef, lock: LockMode = 'none'): Promise<ProposalRow | null> {
  const row = await locked(byRef(db, ref).where('partner_id', '=', partnerId), lock).executeTakeFirst();
  return row ?? null;
}

/** Proposta/Consultar through the read model (platform/answer-cache.ts): the scope is the proposal's id (triggers: migration 0043). */
export function proposalAnswers(name: string): CachedQuery<{ proposal: ProposalIdentifiers }> {
  return {
    name,
    scope: (input, partnerId) => {
      const ref = proposalRefOf(input.proposal);
      return ref === null ? null : { text: SCOPE_TEXT[ref.by], parameters: [ref.value, partnerId] };
    },
  };
}

/** Only for the interface's "does not belong to this integration" (C0112/V0002). */
export async function existsForAnotherPartner(db: Executor, partnerId: string, ref: ProposalRef): Promise<boolean> {
  const row = await byRef(db, ref).where('partner_id', '<>', partnerId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The operator's lookup: proposal numbers are unique across partners. */
export async function findByNumberForOperator(db: Executor, number: number, lock: LockMode = 'none'): Promise<ProposalRow | null> {
  const row = await locked(byRef(db, { by: 'number', value: number }), lock).executeTakeFirst();
  return row ?? null;
}

export async function isOperationCodeTaken(db: Executor, partnerId: string, operationCode: string): Promise<boolean> {
  const row = await db.selectFrom('proposals').select('id').where('partner_id', '=', partnerId).where('codigo_operacao', '=', operationCode).executeTakeFirst();
  return row !== undefined;
}

/** The columns of a new proposal's row, in the statement's order: createProposal's row with the finalize's date. */
const NEW_PROPOSAL_COLUMNS = [
  'id', 'partner_id', 'codigo_operacao', 'status', 'person_type', 'customer_document', 'contract_type', 'contract_date', 'first_due_date', 'term_months',
  'monthly_rate_percent', 'requested_amount', 'iof_exempt', 'financed_costs', 'financed_amount', 'monthly_charges', 'installment_amount', 'installment_source',
  'iof_amount', 'iof_source', 'cet_annual_percent', 'cet_monthly_percent', 'tac_amount', 'dto', 'parametros', 'payment_account', 'launches', 'finalized_on',
  'created_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof ProposalsTable>;
const HISTORY_COLUMNS = [
  ['proposal_id', 'uuid'], ['partner_id', 'uuid'], ['event', 'text'], ['from_status', 'int2'], ['to_status', 'int2'], ['occurred_on', 'date'],
  ['recorded_at', 'timestamptz'], ['actor_kind', 'text'], ['actor', 'text'], ['reason', 'text'], ['details', 'jsonb'],
] as const satisfies ReadonlyArray<readonly [keyof ProposalHistoryTable, string]>;
const INSTALLMENT_COLUMNS = [
  ['proposal_id', 'uuid'], ['numero', 'int4'], ['due_date', 'date'], ['amount', 'numeric'], ['interest', 'numeric'], ['amortization', 'numeric'],
  ['monthly_charges', 'numeric'], ['balance_after', 'numeric'],
] as const satisfies ReadonlyArray<readonly [keyof ProposalInstallmentsTable, string]>;

const NEW_PROPOSAL_TEXT = (() => {
  const rowEnd = NEW_PROPOSAL_COLUMNS.length;
  const values = NEW_PROPOSAL_COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
  return (
    `with "proposal" as (insert into "proposals" (${quotedNames(NEW_PROPOSAL_COLUMNS)}) values (${values}) returning id, numero), ` +
    `"history" as (${insertFromArrays('proposal_history', HISTORY_COLUMNS, rowEnd + 1)}), ` +
    `"plan" as (${insertFromArrays('proposal_installments', INSTALLMENT_COLUMNS, rowEnd + HISTORY_COLUMNS.length + 1)}) ` +
    'select id, numero from "proposal"'
  );
})();

/** Every column of NEW_PROPOSAL_COLUMNS, none other (asserted: a null is written as null). */
export type NewProposalRow = Pick<Insertable<ProposalsTable>, (typeof NEW_PROPOSAL_COLUMNS)[number]>;

/**
 * A new proposal with its history rows and installments, in ONE statement of fixed text (issue 14):
 * the history and installments come from arrays (unnest) through data-modifying CTEs, so the text
 * does not depend on the plan's length, kysely builds nothing per call, and it is prepared once per
 * connection. Their foreign keys are checked at the end of the statement. Returns the new id and number.
 */
export async function insertProposalWith(db: Executor, row: NewProposalRow, history: readonly NewHistory[], installments: readonly Insertable<ProposalInstallmentsTable>[]): Promise<Pick<ProposalRow, 'id' | 'numero'>> {
  assertColumnsExactly(row, NEW_PROPOSAL_COLUMNS, 'the new proposal');
  const parameters = [...NEW_PROPOSAL_COLUMNS.map((column) => row[column] ?? null), ...arraysOf(history, HISTORY_COLUMNS), ...arraysOf(installments, INSTALLMENT_COLUMNS)];
  const { rows } = await db.executeQuery<Pick<ProposalRow, 'id' | 'numero'>>(CompiledQuery.raw(NEW_PROPOSAL_TEXT, parameters));
  if (rows.length !== 1) throw new Error('assertion: the proposal insert returned no row');
  return rows[0]!;
}

/** The update of a lifecycle event and its history row, in ONE statement (issue 14). */
export async function updateProposalWithHistory(db: Executor, partnerId: string, id: string, patch: Updateable<ProposalsTable>, history: NewHistory): Promise<void> {
  const moved = await db
    .with('moved', (qb) => qb.updateTable('proposals').set(patch).where('id', '=', id).where('partner_id', '=', partnerId).returning('id'))
    .with('history', (qb) => qb.insertInto('proposal_history').values(history))
    .selectFrom('moved')
    .select('id')
    .execute();
  // An assertion: the caller's transaction rolls back, the history row with it.
  if (moved.length !== 1) throw new Error(`assertion: proposal ${id} of partner ${partnerId} not updated`);
}

export async function updateProposal(db: Executor, partnerId: string, id: string, patch: Updateable<ProposalsTable>): Promise<void> {
  const result = await db.updateTable('proposals').set(patch).where('id', '=', id).where('partner_id', '=', partnerId).executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Error(`assertion: proposal ${id} of partner ${partnerId} not updated`);
}

export async function insertHistory(db: Executor, entry: NewHistory): Promise<void> {
  await db.insertInto('proposal_history').values(entry).execute();
}

export async function listHistory(db: Executor, partnerId: string, proposalId: string): Promise<HistoryRow[]> {
  return db.selectFrom('proposal_history').selectAll().where('proposal_id', '=', proposalId).where('partner_id', '=', partnerId).orderBy('id').execute();
}

export async function replaceInstallments(db: Executor, proposalId: string, rows: readonly Insertable<ProposalInstallmentsTable>[]): Promise<void> {
  await db.deleteFrom('proposal_installments').where('proposal_id', '=', proposalId).execute();
  if (rows.length > 0) await db.insertInto('proposal_installments').values([...rows]).execute();
}

/** The plan of a proposal already found for its partner (the caller checked ownership). */
export async function listInstallments(db: Executor, proposalId: string): Promise<InstallmentRow[]> {
  return db.selectFrom('proposal_installments').selectAll().where('proposal_id', '=', proposalId).orderBy('numero').execute();
}

/** The partner's permission to refuse proposals (Recusar, C0056/V0001). */
export async function partnerCanRefuse(db: Executor, partnerId: string): Promise<boolean> {
  return (await partnerProfile(db, partnerId))?.canRefuse === true;
}
