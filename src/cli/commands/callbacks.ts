// `caas callbacks list [--partner CLIENT_ID] [--status S] [--limit N] [--json]` and
// `caas callbacks redeliver ID`: the operator's view of the callbacks outbox.
import type { CallbackListItem } from '../../modules/callbacks/callbacks-admin.js';
import { withCliContext } from '../context.js';
import { JSON_OPTION, printJsonOrLines } from '../io.js';
import { IDEMPOTENCY_OPTION, runOperatorDefinition } from '../operator-command.js';
import { command, group } from '../spec.js';

const admin = () => import('../../modules/callbacks/callbacks-admin.js');

function line(e: CallbackListItem): string {
  const when = e.status === 'pending' ? `next ${e.nextAttemptAt}` : e.status === 'delivered' ? `at ${e.deliveredAt}` : `reason ${e.failReason}`;
  const last = e.lastError ?? (e.lastStatus === null ? '-' : `HTTP ${e.lastStatus}`);
  return `${e.id}  ${e.status.padEnd(9)}  ${String(e.attempts).padStart(2)} att  ${e.eventName.padEnd(19)}  ${e.partnerClientId}  created ${e.createdAt}  ${when}  last: ${last}`;
}

export default [
  group({ name: 'callbacks', description: 'list callback events, send one again' }),
  command({
    name: 'callbacks list',
    description: 'list callback events, newest first, with their delivery state',
    options: {
      partner: { type: 'string', value: 'CLIENT_ID', description: "only this partner's events" },
      status: { type: 'string', value: 'pending|delivered|failed', description: 'only events in this state' },
      limit: { type: 'string', value: 'N', description: 'at most N events' },
      ...JSON_OPTION,
    },
    run: async ({ options }, io) => {
      const { listCallbacks } = await admin();
      const limit = options.limit === undefined ? undefined : Number(options.limit);
      const items = await withCliContext(({ db }) => listCallbacks(db, { partnerClientId: options.partner, status: options.status, limit }));
      printJsonOrLines(io, options.json, items, () => (items.length === 0 ? ['no callback events'] : items.map(line)));
    },
  }),
  command({
    name: 'callbacks redeliver',
    description: 'make a delivered or failed event pending again; the worker sends it at once',
    args: [{ name: 'ID', description: 'the event id (see callbacks list)' }],
    options: { ...IDEMPOTENCY_OPTION, ...JSON_OPTION },
    run: async ({ args, options }, io) => {
      const { redeliverCallbackCommand } = await admin();
      const item = await runOperatorDefinition(io, () => redeliverCallbackCommand, { id: args.ID }, options['idempotency-key']);
      printJsonOrLines(io, options.json, item, () => [`${item.id} is pending again (webhook-id ${item.webhookId}); the worker sends it now`]);
    },
  }),
];
