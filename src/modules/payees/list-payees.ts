// `caas payee list`: the service team's view of payees across partners (the review queue).
import { sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/pool.js';
import { listPayeesForOperator } from './payee-repository.js';
import { PayeeStatus } from './payee-status.js';
import { payeeWire, type PayeeWire } from './payee-view.js';
import { storedPayeeOf } from './stored-payee.js';
import { PAYEE_LIST_ROWS_MAX } from './limits.js';


export interface ListedPayee extends PayeeWire {
  clientId: string;
}

export interface PayeeListing {
  payees: ListedPayee[];
  /** True when more payees match than PAYEE_LIST_ROWS_MAX. */
  truncated: boolean;
}

/** Oldest first (the review queue's order). `partnerId` null = every partner. */
export async function listPayees(db: Db, filter: { situacao: PayeeStatus | null; partnerId: string | null }): Promise<PayeeListing> {
  const rows = await listPayeesForOperator(db, filter, PAYEE_LIST_ROWS_MAX + 1);
  const payees = rows.slice(0, PAYEE_LIST_ROWS_MAX).map((row) => ({ clientId: row.client_id, ...payeeWire(storedPayeeOf(row)) }));
  return { payees, truncated: rows.length > PAYEE_LIST_ROWS_MAX };
}

/** How many payees wait for a review (the console's Painel). Read-only. */
export async function countPendingPayees(db: Executor): Promise<number> {
  const row = await db.selectFrom('payees').select(sql<number>`count(*)::int`.as('n')).where('situacao', '=', PayeeStatus.pending).executeTakeFirstOrThrow();
  return row.n;
}
