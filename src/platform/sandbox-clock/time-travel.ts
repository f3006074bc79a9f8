// Moving the sandbox clock forward, and catching up on what fell due in the skipped interval.
// The interval is walked one day at a time; at each step the shared clock is moved there (so a
// crash leaves a consistent, earlier clock) and the catch-up phases run, in this order, until
// each has nothing left due: callbacks, registrations, expirations, overdue marking. Phases are
// given by the composition root (platform knows no lending).
import type { Clock } from '../clock.js';
import { LIMITS } from '../config/limits.js';
import { isValidLocalDate } from '../dates.js';
import type { Db } from '../db/pool.js';
import { readOffsetMs, writeOffset } from './sandbox-clock.js';

export const CATCH_UP_ORDER = ['callbacks', 'registrations', 'expirations', 'overdue'] as const;
export type CatchUpPhaseName = (typeof CATCH_UP_ORDER)[number];

export interface CatchUpPhase {
  name: CatchUpPhaseName;
  /** One round at instant `at`; returns how many items it handled (0 = nothing left due). */
  round(at: Date): Promise<number>;
}

export class ClockMoveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClockMoveError';
  }
}

export interface MoveReport {
  from: Date;
  to: Date;
  steps: number;
  handled: Record<CatchUpPhaseName, number>;
}

/** The instants the catch-up stops at: every `step_ms` after `from`, then `to` itself. Pure. */
export function catchUpSteps(from: Date, to: Date, step_ms: number = LIMITS.SANDBOX_CLOCK_STEP_MS): Date[] {
  if (!(step_ms > 0)) throw new Error(`assertion: step ${step_ms}`);
  const steps: Date[] = [];
  for (let t = from.getTime() + step_ms; t < to.getTime(); t += step_ms) steps.push(new Date(t));
  if (to.getTime() > from.getTime()) steps.push(new Date(to.getTime()));
  return steps;
}

/** The shared sandbox instant now (real time from `base` plus the stored offset). */
export async function sandboxNow(db: Db, base: Clock): Promise<Date> {
  return new Date(base.now().getTime() + (await readOffsetMs(db)));
}

/** Checks a move from `from` to `target`: forward, and within SANDBOX_CLOCK_MOVE_DAYS_MAX. */
export function checkMove(from: Date, target: Date): void {
  if (Number.isNaN(target.getTime())) throw new ClockMoveError('the target date is not a valid instant');
  if (target.getTime() <= from.getTime()) throw new ClockMoveError(`the clock only moves forward: it reads ${from.toISOString()}, ${target.toISOString()} is not later`);
  const days = (target.getTime() - from.getTime()) / LIMITS.SANDBOX_CLOCK_STEP_MS;
  if (days > LIMITS.SANDBOX_CLOCK_MOVE_DAYS_MAX) throw new ClockMoveError(`one move is at most ${LIMITS.SANDBOX_CLOCK_MOVE_DAYS_MAX} days, asked for ${Math.ceil(days)}`);
}

async function drain(phase: CatchUpPhase, at: Date): Promise<number> {
  let total = 0;
  for (let i = 0; i < LIMITS.SANDBOX_CLOCK_PHASE_ROUNDS_MAX; i++) {
    const handled = await phase.round(at);
    if (handled === 0) break;
    total += handled;
  }
  return total;
}

/** Moves the shared clock to `target` day by day, running the phases in order at every step. */
export async function moveSandboxClock(db: Db, base: Clock, target: Date, phases: readonly CatchUpPhase[]): Promise<MoveReport> {
  const from = await sandboxNow(db, base);
  checkMove(from, target);
  const ordered = [...phases].sort((a, b) => CATCH_UP_ORDER.indexOf(a.name) - CATCH_UP_ORDER.indexOf(b.name));
  const handled = Object.fromEntries(CATCH_UP_ORDER.map((n) => [n, 0])) as Record<CatchUpPhaseName, number>;
  const steps = catchUpSteps(from, target);
  for (const step of steps) {
    // Real time passes while phases run: the offset is taken against the real instant of the write.
    await writeOffset(db, step, base.now());
    for (const phase of ordered) handled[phase.name] += await drain(phase, step);
  }
  return { from, to: target, steps: steps.length, handled };
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `caas clock set` targets: 'YYYY-MM-DD' is the start of that day in São Paulo (UTC−3: Brazil has
 * had no daylight saving time since 2019), or an ISO instant with its zone. Null when invalid.
 */
export function parseClockTarget(text: string): Date | null {
  const iso = DAY_RE.test(text) ? `${text}T00:00:00-03:00` : INSTANT_RE.test(text) ? text : null;
  if (iso === null || !isValidLocalDate(iso.slice(0, 10))) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at;
}
