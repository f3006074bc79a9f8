// `caas payee list`: the service team's view of payees across partners (the review queue).
import { sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/pool.js';
import { listPayeesForOperator, type PayeeFilter } from './payee-repository.js';
import { PayeeStatus } from './payee-status.js';
import { storedPayeeOf, type StoredPayee } from './stored-payee.js';
import { PAYEE_LIST_ROWS_MAX } from './limits.js';


/** A payee of the review queue, in domain terms, with its partner's client id; each face maps it to its view. */
export interface ListedPayee extends StoredPayee {
  clientId: string;
}

export interface PayeeListing {
  payees: ListedPayee[];
  /** True when more payees match than PAYEE_LIST_ROWS_MAX. */
  truncated: boolean;
}

/** Oldest first (the review queue's order). `partnerId` null = every partner. */
export async function listPayees(db: Db, filter: PayeeFilter): Promise<PayeeListing> {
  const rows = await listPayeesForOperator(db, filter, PAYEE_LIST_ROWS_MAX + 1);
  const payees = rows.slice(0, PAYEE_LIST_ROWS_MAX).map((row) => ({ ...storedPayeeOf(row), clientId: row.client_id }));
  return { payees, truncated: rows.length > PAYEE_LIST_ROWS_MAX };
}

/** How many payees wait for a review (the console's Painel). Read-only. */
export async function countPendingPayees(db: Executor): Promise<number> {
  const row = await db.selectFrom('payees').select(sql<number>`count(*)::int`.as('n')).where('situacao', '=', PayeeStatus.pending).executeTakeFirstOrThrow();
  return row.n;
}
