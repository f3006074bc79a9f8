// `caas callbacks list [--partner CLIENT_ID] [--status S] [--limit N] [--json]` and
// `caas callbacks redeliver ID`: the operator's view of the callbacks outbox.
import { listCallbacks, redeliverCallback, type CallbackListItem } from '../../modules/callbacks/callbacks-admin.js';
import { withCliContext } from '../context.js';
import { CliError, parseOptions, printJsonOrLines, type CliCommand, type CliIo } from '../io.js';

const USAGE = 'callbacks list [--partner CLIENT_ID] [--status pending|delivered|failed] [--limit N] [--json] | callbacks redeliver ID';

function line(e: CallbackListItem): string {
  const when = e.status === 'pending' ? `next ${e.nextAttemptAt}` : e.status === 'delivered' ? `at ${e.deliveredAt}` : `reason ${e.failReason}`;
  const last = e.lastError ?? (e.lastStatus === null ? '-' : `HTTP ${e.lastStatus}`);
  return `${e.id}  ${e.status.padEnd(9)}  ${String(e.attempts).padStart(2)} att  ${e.eventName.padEnd(19)}  ${e.partnerClientId}  created ${e.createdAt}  ${when}  last: ${last}`;
}

async function list(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions(argv, {
    partner: { type: 'string' },
    status: { type: 'string' },
    limit: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (positionals.length > 0) throw new CliError(`unexpected argument "${positionals[0]}"\nusage: caas ${USAGE}`);
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  const items = await withCliContext(({ db }) => listCallbacks(db, { partnerClientId: values.partner, status: values.status, limit }));
  printJsonOrLines(io, values.json === true, items, () => (items.length === 0 ? ['no callback events'] : items.map(line)));
  return 0;
}

async function redeliver(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions(argv, { json: { type: 'boolean', default: false } });
  if (positionals.length !== 1) throw new CliError(`give exactly one callback id\nusage: caas ${USAGE}`);
  const item = await withCliContext(({ db, clock }) => redeliverCallback(db, clock, positionals[0]!));
  printJsonOrLines(io, values.json === true, item, () => [`${item.id} is pending again (webhook-id ${item.webhookId}); the worker sends it now`]);
  return 0;
}

export const callbacksCommand: CliCommand = {
  name: 'callbacks',
  usage: USAGE,
  summary: 'list callback events, send one again',
  run: async ([sub, ...rest], io) => {
    if (sub === 'list') return list(rest, io);
    if (sub === 'redeliver') return redeliver(rest, io);
    throw new CliError(`unknown subcommand "${sub ?? ''}"\nusage: caas ${USAGE}`);
  },
};
