// Runs a use case the way a command does it, without the runner's audit and idempotency record:
// in one transaction, with the outbox hook (ctx.enqueue) and the composition root's writer, so
// the callbacks it emits are stored with its change. For tests that drive use cases directly.
import { outboxWriter } from '../../src/bindings.js';
import type { Clock } from '../../src/platform/clock.js';
import { withOutboxEvents, type CommandScope } from '../../src/platform/commands.js';
import type { Db } from '../../src/platform/db/pool.js';

export function inOutbox<R>(db: Db, clock: Clock | Date, work: (scope: CommandScope) => Promise<R>): Promise<R> {
  const fixed = clock instanceof Date ? { now: () => clock } : clock;
  return db.transaction().execute((tx) => withOutboxEvents(tx, fixed.now(), outboxWriter, 'test', (enqueue) => work({ tx, clock: fixed, enqueue })));
}
