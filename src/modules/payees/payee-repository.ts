// Data access for payees. Partner-facing reads take the partner id and filter by it, so another
// partner's payee looks missing. The service team's functions (marked "operator") act across
// partners on purpose: the team reviews every partner's payees.
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../platform/db/pool.js';
import { isRecordUuid } from '../../platform/uuid.js';
import { clientIdOf, partnerProfile } from '../partners/index.js';
import type { Payee } from './payee-validation.js';
import { PayeeStatus } from './payee-status.js';
import type { PayeeReviewsTable, PayeesTable } from './tables.js';

export type PayeeRow = Selectable<PayeesTable>;
export type NewPayeeRow = Insertable<PayeesTable>;

/** A text that can name a payee: a uuid PostgreSQL accepts, never the nil uuid (platform/uuid.ts). */
export function isUuid(text: string): boolean {
  return isRecordUuid(text);
}

export async function partnerAutoApprovesPayees(db: Executor, partnerId: string): Promise<boolean> {
  const partner = await partnerProfile(db, partnerId);
  if (!partner) throw new Error(`assertion: authenticated partner ${partnerId} has no row`);
  return partner.autoApprovePayees;
}

/** The columns of the other registration type, all null. */
const NULL_REACH_COLUMNS = {
  tipo_chave: null,
  chave: null,
  numero_participante_spi: null,
  numero_banco: null,
  agencia: null,
  agencia_digito: null,
  conta: null,
  conta_digito: null,
  conta_pagamento: null,
  tipo_conta: null,
  modelo_conta: null,
} as const;

/** The columns of a validated payee (identity, holder, key or account). */
function payeeColumns(payee: Payee): Omit<NewPayeeRow, 'id' | 'partner_id' | 'situacao' | 'created_at' | 'situacao_at' | 'motivo_rejeicao'> {
  const common = { nome: payee.name, documento_tipo: payee.holderDocument.kind, documento: payee.holderDocument.digits, tipo_cadastro_pix: payee.registrationType };
  if (payee.registrationType === 1) return { ...common, tipo_chave: payee.keyType, chave: payee.key };
  const a = payee.bankAccount;
  return {
    ...common,
    numero_participante_spi: a.participantId,
    numero_banco: a.bankNumber,
    agencia: a.branch,
    agencia_digito: a.branchDigit,
    conta: a.account,
    conta_digito: a.accountDigit,
    conta_pagamento: a.accountWithDigit,
    tipo_conta: a.accountType,
    modelo_conta: a.accountModel,
  };
}

/** A payee to store: registered `at`, pending or approved at once (then `at` is also its status time). */
export interface NewPayee {
  payee: Payee;
  payeeId: string;
  partnerId: string;
  status: PayeeStatus;
  at: Date;
}

/**
 * Inserts the payee unless a live one of the partner already holds its key or account (the
 * partial unique indexes): true when inserted. A concurrent insert of the same identity waits for
 * the other transaction and then does nothing, so exactly one row results.
 */
export async function insertPayeeIfNew(tx: Executor, p: NewPayee): Promise<boolean> {
  const row: NewPayeeRow = {
    ...NULL_REACH_COLUMNS,
    ...payeeColumns(p.payee),
    id: p.payeeId,
    partner_id: p.partnerId,
    situacao: p.status,
    motivo_rejeicao: null,
    created_at: p.at,
    situacao_at: p.status === PayeeStatus.pending ? null : p.at,
  };
  const inserted = await tx.insertInto('payees').values(row).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
  return inserted !== undefined;
}

/** The partner's live (pending or approved) payee with the same key or bank account. */
export async function findLiveByIdentity(db: Executor, partnerId: string, payee: Payee): Promise<PayeeRow | undefined> {
  let query = db.selectFrom('payees').selectAll().where('partner_id', '=', partnerId).where('situacao', '<>', PayeeStatus.rejected).where('tipo_cadastro_pix', '=', payee.registrationType);
  if (payee.registrationType === 1) {
    query = query.where('chave', '=', payee.key);
  } else {
    const a = payee.bankAccount;
    query = query
      .where('numero_participante_spi', '=', a.participantId)
      .where('agencia', '=', a.branch)
      .where('conta', '=', a.account)
      .where('conta_digito', '=', a.accountDigit)
      .where('tipo_conta', '=', a.accountType);
  }
  return query.executeTakeFirst();
}

/**
 * The partner's payee by id and/or by any of the canonical keys. Several payees can share a key
 * (rejected ones, then a live one): the live one wins, then the most recent.
 */
export async function findForPartner(db: Executor, partnerId: string, lookup: { payeeId: string | null; keys: string[] | null }): Promise<PayeeRow | undefined> {
  if (lookup.payeeId === null && lookup.keys === null) throw new Error('assertion: a payee lookup needs an id or keys');
  if (lookup.keys !== null && lookup.keys.length === 0) return undefined;
  let query = db.selectFrom('payees').selectAll().where('partner_id', '=', partnerId);
  if (lookup.payeeId !== null) query = query.where('id', '=', lookup.payeeId);
  if (lookup.keys !== null) query = query.where('chave', 'in', lookup.keys);
  return query
    .orderBy((eb) => eb('situacao', '=', PayeeStatus.rejected), 'asc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Operator: the payee, locked until the decision commits (two decisions never interleave). */
export async function lockPayeeForReview(tx: Executor, payeeId: string): Promise<PayeeRow | undefined> {
  return tx.selectFrom('payees').selectAll().where('id', '=', payeeId).forUpdate().executeTakeFirst();
}

export async function setPayeeStatus(tx: Executor, id: string, status: PayeeStatus, rejectionReason: string | null, at: Date): Promise<void> {
  const result = await tx.updateTable('payees').set({ situacao: status, motivo_rejeicao: rejectionReason, situacao_at: at }).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`assertion: payee ${id} was not updated`);
}

export async function insertReview(tx: Executor, review: Insertable<PayeeReviewsTable>): Promise<void> {
  await tx.insertInto('payee_reviews').values(review).execute();
}

export type OperatorPayeeRow = PayeeRow & { client_id: string };

/** Which payees an operator lists: null = any status, every partner. */
export interface PayeeFilter {
  status: PayeeStatus | null;
  partnerId: string | null;
}

/** Operator: payees of every partner (or one), oldest first, at most `rowsMax`. */
export async function listPayeesForOperator(db: Executor, filter: PayeeFilter, rowsMax: number): Promise<OperatorPayeeRow[]> {
  let query = db.selectFrom('payees').selectAll('payees').select(clientIdOf('payees.partner_id').as('client_id'));
  if (filter.status !== null) query = query.where('payees.situacao', '=', filter.status);
  if (filter.partnerId !== null) query = query.where('payees.partner_id', '=', filter.partnerId);
  return query.orderBy('payees.created_at').orderBy('payees.id').limit(rowsMax).execute();
}

export async function reviewsOf(db: Executor, payeeId: string): Promise<Selectable<PayeeReviewsTable>[]> {
  return db.selectFrom('payee_reviews').selectAll().where('payee_id', '=', payeeId).orderBy('id').execute();
}
