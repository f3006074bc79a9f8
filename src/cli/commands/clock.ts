// `caas clock show|set DATE|advance --days N [--json]`: the sandbox clock (docs/sandbox.md).
// Moving it is refused (exit 3) unless CAAS_SANDBOX=true; it only moves forward.
import { catchUpPhases } from '../../compose.js';
import { ClockMoveError, moveSandboxClock, parseClockTarget, sandboxNow, type MoveReport } from '../../platform/sandbox-clock/time-travel.js';
import { LIMITS } from '../../platform/config/limits.js';
import { withCliContext, type CliContext } from '../context.js';
import { CliError, parseOptions, printJsonOrLines, type CliCommand, type CliIo } from '../io.js';

const USAGE = 'clock show | set DATE | advance --days N   [--json]';
export const SANDBOX_OFF_EXIT = 3;
const DAYS_RE = /^[1-9]\d{0,4}$/;

function requireSandbox(ctx: CliContext): void {
  if (!ctx.config.sandbox) throw new CliError('the clock can only be moved in sandbox mode (CAAS_SANDBOX=true); it stays on the real time', SANDBOX_OFF_EXIT);
}

async function show(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseOptions(argv, { json: { type: 'boolean', default: false } }, false);
  const shown = await withCliContext(async (ctx) => {
    const now = ctx.config.sandbox ? await sandboxNow(ctx.db, ctx.wallClock) : ctx.wallClock.now();
    const real = ctx.wallClock.now();
    return { sandbox: ctx.config.sandbox, now: now.toISOString(), real: real.toISOString(), offsetDays: Math.round(((now.getTime() - real.getTime()) / LIMITS.SANDBOX_CLOCK_STEP_MS) * 1000) / 1000 };
  });
  printJsonOrLines(io, values.json === true, shown, () => [`${shown.now}${shown.sandbox ? `  (sandbox; real ${shown.real}, ahead ${shown.offsetDays} days)` : '  (real time: sandbox mode is off)'}`]);
  return 0;
}

async function move(io: CliIo, json: boolean, target: (from: Date) => Date): Promise<number> {
  const report = await withCliContext(async (ctx): Promise<MoveReport> => {
    requireSandbox(ctx);
    const to = target(await sandboxNow(ctx.db, ctx.wallClock));
    try {
      return await moveSandboxClock(ctx.db, ctx.wallClock, to, catchUpPhases(ctx.db, ctx.config, ctx.wallClock));
    } catch (error) {
      if (error instanceof ClockMoveError) throw new CliError(error.message);
      throw error;
    }
  });
  const summary = { from: report.from.toISOString(), now: report.to.toISOString(), steps: report.steps, handled: report.handled };
  printJsonOrLines(io, json, summary, () => [`${summary.now}  (moved from ${summary.from}; ${report.steps} steps; callbacks ${report.handled.callbacks}, registrations ${report.handled.registrations})`]);
  return 0;
}

async function set(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions(argv, { json: { type: 'boolean', default: false } });
  if (positionals.length !== 1) throw new CliError(`give exactly one DATE (YYYY-MM-DD or an ISO instant)\nusage: caas ${USAGE}`);
  const at = parseClockTarget(positionals[0]!);
  if (at === null) throw new CliError(`"${positionals[0]}" is not a date (YYYY-MM-DD, São Paulo) nor an ISO instant with its zone`);
  return move(io, values.json === true, () => at);
}

async function advance(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseOptions(argv, { days: { type: 'string' }, json: { type: 'boolean', default: false } }, false);
  if (values.days === undefined || !DAYS_RE.test(values.days)) throw new CliError(`--days N is required, a whole number of days from 1\nusage: caas ${USAGE}`);
  const days = Number(values.days);
  return move(io, values.json === true, (from) => new Date(from.getTime() + days * LIMITS.SANDBOX_CLOCK_STEP_MS));
}

export const clockCommand: CliCommand = {
  name: 'clock',
  usage: USAGE,
  summary: 'show the service clock; set or advance it (sandbox mode only)',
  run: async (argv, io) => {
    const [sub, ...rest] = argv;
    if (sub === 'show') return show(rest, io);
    if (sub === 'set') return set(rest, io);
    if (sub === 'advance') return advance(rest, io);
    throw new CliError(`usage: caas ${USAGE}`);
  },
};
