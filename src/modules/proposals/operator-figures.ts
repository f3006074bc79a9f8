// The console's Painel figures of the proposals module (issue 16): how many proposals are in each
// status and what was disbursed on a day. Read-only, on the pool (never a write transaction).
import { sql } from 'kysely';
import type { LocalDate } from '../../platform/dates.js';
import type { Executor } from '../../platform/db/pool.js';
import { isProposalStatus, statusDescription } from './proposal-lifecycle.js';

export interface StatusCount {
  status: number;
  description: string;
  count: number;
}

/** Every status that has proposals, by status id. */
export async function proposalsByStatus(db: Executor): Promise<StatusCount[]> {
  const rows = await db.selectFrom('proposals').select(['status', sql<number>`count(*)::int`.as('n')]).groupBy('status').orderBy('status').execute();
  return rows.map((r) => ({ status: r.status, description: isProposalStatus(r.status) ? statusDescription(r.status) : String(r.status), count: r.n }));
}

export interface DayTotal {
  count: number;
  /** Decimal text, two places. */
  amount: string;
}

/** Proposals disbursed on `day` (their disbursement date) and the amount requested by them. */
export async function disbursementsOn(db: Executor, day: LocalDate): Promise<DayTotal> {
  const row = await db
    .selectFrom('proposals')
    .select([sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(requested_amount), 0)::numeric(20,2)::text`.as('amount')])
    .where('disbursed_on', '=', day)
    .executeTakeFirstOrThrow();
  return { count: row.n, amount: row.amount };
}
