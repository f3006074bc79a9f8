// `caas reconcile --date YYYY-MM-DD [--csv] [--json]`: expected against received per channel,
// unmatched receipts, settlements waiting for confirmation. Glue only (src/modules/settlement).
import { isValidLocalDate, localDate } from '../../platform/dates.js';
import { reconcile, reconciliationCsv, type ChannelReconciliation } from '../../modules/settlement/index.js';
import { withCliContext } from '../context.js';
import { CliError, parseOptions, printJsonOrLines, type CliCommand } from '../io.js';

function lines(c: ChannelReconciliation): string[] {
  const t = (label: string, x: { count: number; amount: string }) => `  ${label.padEnd(22)} ${String(x.count).padStart(6)}  R$ ${x.amount}`;
  return [`${c.channel}:`, t('expected', c.expected), t('received', c.received), `  ${'difference'.padEnd(22)} ${''.padStart(6)}  R$ ${c.difference}`, t('overpaid (excess)', c.excess), t('unmatched', c.unmatched), t('pending confirmation', c.pendingConfirmation)];
}

export const reconcileCommand: CliCommand = {
  name: 'reconcile',
  usage: 'reconcile --date YYYY-MM-DD [--csv] [--json]',
  summary: 'expected vs received per channel, unmatched receipts, pending confirmations',
  run: async (argv, io) => {
    const { values } = parseOptions(argv, { date: { type: 'string' }, csv: { type: 'boolean' }, json: { type: 'boolean' } }, false);
    if (values.date === undefined || !isValidLocalDate(values.date)) throw new CliError(`--date YYYY-MM-DD is required, got "${values.date ?? ''}"`);
    const result = await withCliContext(({ db }) => reconcile(db, localDate(values.date!)));
    if (values.csv === true) {
      for (const row of reconciliationCsv(result)) io.out(row);
      return 0;
    }
    printJsonOrLines(io, values.json === true, result, () => [
      `reconciliation of ${result.date}`,
      ...result.channels.flatMap(lines),
      ...(result.unmatched.length === 0 ? ['no unmatched receipts'] : ['unmatched receipts:', ...result.unmatched.map((u) => `  ${u.channel}  ${u.reference}  R$ ${u.amount}  ${u.actor}  ${u.reason}`)]),
    ]);
    return 0;
  },
};
