// `caas reconcile --date YYYY-MM-DD [--csv] [--json]`: expected against received per channel,
// unmatched receipts, settlements waiting for confirmation. Glue only (src/modules/settlement).
import type { ChannelReconciliation } from '../../modules/settlement/index.js';
import { isValidLocalDate, localDate } from '../../platform/dates.js';
import { withCliContext } from '../context.js';
import { CliError, JSON_OPTION, printJsonOrLines } from '../io.js';
import { command } from '../spec.js';

function lines(c: ChannelReconciliation): string[] {
  const t = (label: string, x: { count: number; amount: string }) => `  ${label.padEnd(22)} ${String(x.count).padStart(6)}  R$ ${x.amount}`;
  return [`${c.channel}:`, t('expected', c.expected), t('received', c.received), `  ${'difference'.padEnd(22)} ${''.padStart(6)}  R$ ${c.difference}`, t('overpaid (excess)', c.excess), t('unmatched', c.unmatched), t('pending confirmation', c.pendingConfirmation)];
}

export default command({
  name: 'reconcile',
  description: 'per channel (boleto, pix): expected vs received on a date, unmatched receipts, settlements pending confirmation',
  options: { date: { type: 'string', value: 'YYYY-MM-DD', description: 'the day to reconcile', required: true }, csv: { type: 'boolean', description: 'print CSV' }, ...JSON_OPTION },
  run: async ({ options }, io) => {
    if (!isValidLocalDate(options.date)) throw new CliError(`--date must be a calendar date YYYY-MM-DD, got "${options.date}"`);
    const { reconcile, reconciliationCsv } = await import('../../modules/settlement/index.js');
    const result = await withCliContext(({ db }) => reconcile(db, localDate(options.date)));
    if (options.csv) {
      for (const row of reconciliationCsv(result)) io.out(row);
      return;
    }
    printJsonOrLines(io, options.json, result, () => [
      `reconciliation of ${result.date}`,
      ...result.channels.flatMap(lines),
      ...(result.unmatched.length === 0 ? ['no unmatched receipts'] : ['unmatched receipts:', ...result.unmatched.map((u) => `  ${u.channel}  ${u.reference}  R$ ${u.amount}  ${u.actor}  ${u.reason}`)]),
      ...(result.pendingPix.length === 0 ? [] : ['pix pending confirmation (retried by a job):', ...result.pendingPix.map((p) => `  ${p.endToEndId}  R$ ${p.amount}  paid ${p.paidAt}  ${p.attempts} failed attempt(s)${p.lastError === null ? '' : `  ${p.lastError}`}`)]),
    ]);
  },
});
