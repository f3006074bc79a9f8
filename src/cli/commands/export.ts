// `caas export proposals|installments|boletos|payments [--out FILE] [--from D] [--to D]` (issue 15):
// the book as CSV, in batches within one read-only snapshot (src/cli/queries/export.ts).
import { command, group } from '../spec.js';
import { RANGE_OPTIONS } from '../queries/option-specs.js';

const OPTIONS = {
  out: { type: 'string', value: 'FILE', description: 'write to FILE (created complete or not at all) instead of standard output' },
  ...RANGE_OPTIONS,
} as const;

function exporter(kind: string, description: string, dated: string) {
  return command({
    name: `export ${kind}`,
    description,
    options: OPTIONS,
    notes: [`--from/--to bound ${dated}. A progress bar is drawn on stderr when it is a terminal.`],
    run: async ({ options }, io) => (await import('../queries/export.js')).exportCommand(kind, options, io),
  });
}

export default [
  group({ name: 'export', description: 'export the book to CSV (RFC 4180), one consistent snapshot' }),
  exporter('proposals', 'every proposal of every partner, one row each', "the proposal's creation date"),
  exporter('installments', 'every installment of every receivables schedule, with what is owed and paid', "the installment's due date"),
  exporter('boletos', 'every boleto, with its status and payment (no print URL: it is a credential)', "the boleto's due date"),
  exporter('payments', 'every payment launch posted to an installment', 'the payment date'),
];
