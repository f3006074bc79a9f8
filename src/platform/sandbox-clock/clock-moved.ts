// The audit of a sandbox clock move (issue 13: one command path). The move itself commits step by
// step (time-travel.ts), so it cannot be one command; once it is done, every face (the console's
// Relógio page, `caas clock set|advance`) records it through the runner as the command `clock.move`,
// with its actor. It takes no idempotency key: the clock only moves forward, so moving it again to
// the same instant is refused and changes nothing.
import { runDefined, type Actor, type CommandDefinition } from '../commands.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/pool.js';
import type { MoveReport } from './time-travel.js';

interface ClockMove {
  from: string;
  to: string;
  steps: number;
}

/** The audit line of a move. */
export const clockMoved: CommandDefinition<ClockMove, { from: string; to: string }> = {
  name: 'clock.move',
  summarize: (r) => `sandbox clock moved from ${r.from} to ${r.to}`,
  handler: async (input) => ({ from: input.from, to: input.to }),
};

/** Records a finished move as `clock.move` (its audit row is stamped with the real time). */
export async function recordClockMove(db: Db, wallClock: Clock, report: MoveReport, actor: Actor): Promise<void> {
  await runDefined({ db, clock: wallClock }, clockMoved, { from: report.from.toISOString(), to: report.to.toISOString(), steps: report.steps }, actor);
}
