// `caas clock show|set DATE|advance --days N [--json]`: the sandbox clock (docs/sandbox.md).
// Moving it is refused (exit 3) unless CAAS_SANDBOX=true; it only moves forward (exit 2 otherwise).
import type { MoveReport } from '../../platform/sandbox-clock/time-travel.js';
import { withCliContext, type CliContext } from '../context.js';
import { CliError, JSON_OPTION, printJsonOrLines, type CliIo } from '../io.js';
import { operatorName } from '../operator-command.js';
import { command, group } from '../spec.js';

export const SANDBOX_OFF_EXIT = 3;
const DAYS_RE = /^[1-9]\d{0,4}$/;
const DAY_MS = 86_400_000;
const travel = () => import('../../platform/sandbox-clock/time-travel.js');

function requireSandbox(ctx: CliContext): void {
  if (!ctx.config.sandbox) throw new CliError('the clock can only be moved in sandbox mode (CAAS_SANDBOX=true); it stays on the real time', SANDBOX_OFF_EXIT);
}

/** Moves the shared clock to `target(now)`, catching up day by day, and prints the report. */
async function move(io: CliIo, json: boolean, target: (from: Date) => Date): Promise<void> {
  const { ClockMoveError, moveSandboxClock, sandboxNow } = await travel();
  const [{ catchUpPhases }, { recordClockMove }] = await Promise.all([import('../../compose.js'), import('../../platform/sandbox-clock/clock-moved.js')]);
  const report = await withCliContext(async (ctx): Promise<MoveReport> => {
    requireSandbox(ctx);
    const to = target(await sandboxNow(ctx.db, ctx.wallClock));
    let moved: MoveReport;
    try {
      moved = await moveSandboxClock(ctx.db, ctx.wallClock, to, catchUpPhases(ctx.db, ctx.config, ctx.wallClock));
    } catch (error) {
      throw error instanceof ClockMoveError ? new CliError(error.message) : error;
    }
    // Audited as the console's move is (issue 13), with the operator as actor.
    await recordClockMove(ctx.db, ctx.wallClock, moved, { kind: 'operator', id: operatorName() ?? 'operator', source: 'cli' });
    return moved;
  });
  const summary = { from: report.from.toISOString(), now: report.to.toISOString(), steps: report.steps, handled: report.handled };
  printJsonOrLines(io, json, summary, () => [`${summary.now}  (moved from ${summary.from}; ${report.steps} steps; callbacks ${report.handled.callbacks}, registrations ${report.handled.registrations})`]);
}

export default [
  group({ name: 'clock', description: 'show the service clock; set or advance it (sandbox mode only)' }),
  command({
    name: 'clock show',
    description: "the service's instant, the real time and how far ahead the clock is",
    options: JSON_OPTION,
    run: async ({ options }, io) => {
      const { sandboxNow } = await travel();
      const shown = await withCliContext(async (ctx) => {
        const real = ctx.wallClock.now();
        const now = ctx.config.sandbox ? await sandboxNow(ctx.db, ctx.wallClock) : real;
        return { sandbox: ctx.config.sandbox, now: now.toISOString(), real: real.toISOString(), offsetDays: Math.round(((now.getTime() - real.getTime()) / DAY_MS) * 1000) / 1000 };
      });
      printJsonOrLines(io, options.json, shown, () => [`${shown.now}${shown.sandbox ? `  (sandbox; real ${shown.real}, ahead ${shown.offsetDays} days)` : '  (real time: sandbox mode is off)'}`]);
    },
  }),
  command({
    name: 'clock set',
    description: 'move the clock forward to DATE, running what falls due on the way (sandbox mode only)',
    args: [{ name: 'DATE', description: 'YYYY-MM-DD (start of that day in São Paulo) or an ISO instant with its zone' }],
    options: JSON_OPTION,
    notes: ['Exit 3 when CAAS_SANDBOX is not true; exit 2 when DATE is not later than the clock.'],
    run: async ({ args, options }, io) => {
      const { parseClockTarget } = await travel();
      const at = parseClockTarget(args.DATE);
      if (at === null) throw new CliError(`"${args.DATE}" is not a date (YYYY-MM-DD, São Paulo) nor an ISO instant with its zone`);
      await move(io, options.json, () => at);
    },
  }),
  command({
    name: 'clock advance',
    description: 'move the clock N days forward, running what falls due day by day (sandbox mode only)',
    options: { days: { type: 'string', value: 'N', description: 'whole days, from 1', required: true }, ...JSON_OPTION },
    notes: ['Order of the catch-up at each day: callbacks, registrations, expirations, overdue marking (docs/sandbox.md).'],
    run: async ({ options }, io) => {
      if (!DAYS_RE.test(options.days)) throw new CliError('--days N must be a whole number of days from 1');
      const days = Number(options.days);
      await move(io, options.json, (from) => new Date(from.getTime() + days * DAY_MS));
    },
  }),
];
