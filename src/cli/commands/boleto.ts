// `caas boleto pay NUMERO [--amount X] [--at YYYY-MM-DD] [--json]`: a boleto paid at the bank
// (sandbox), posted through the launch use case (viaBoleto true).
// `caas boleto list [--status S] [--proposal N] [--partner ID] [--from D] [--to D] [--json]`:
// boletos across partners, a table with headers (src/cli/queries/boletos.ts).
import { runOperatorDefinition } from '../operator-command.js';
import { CliError, JSON_OPTION, printJsonOrLines } from '../io.js';
import { command, group } from '../spec.js';
import { PARTNER_OPTION, RANGE_OPTIONS } from '../queries/option-specs.js';
import { PAY_OPTIONS, readPayment, receiptLines } from './payment-options.js';

const NUMBER_RE = /^[1-9]\d{0,15}$/;

export default [
  group({ name: 'boleto', description: 'settle a boleto as paid (sandbox bank) or list boletos' }),
  command({
    name: 'boleto pay',
    description: 'settle a boleto as paid at the bank (sandbox), posting the payment to its installments',
    args: [{ name: 'NUMERO', description: 'the boleto number (numeroBoleto)' }],
    options: PAY_OPTIONS,
    run: async ({ args, options }, io) => {
      if (!NUMBER_RE.test(args.NUMERO)) throw new CliError('expected exactly one boleto NUMERO (numeroBoleto)');
      const payment = readPayment(options);
      const [{ paymentCommands }, { receivablesDeps }] = await Promise.all([import('../../modules/receivables/payments/payment-commands.js'), import('../../bindings.js')]);
      // The stored (and replayed) result is the receipt's JSON form, so a replay prints the same.
      const receipt = await runOperatorDefinition(io, ({ config }) => paymentCommands(receivablesDeps(config)).payBoleto, { boletoNumber: Number(args.NUMERO), payment }, options['idempotency-key']);
      printJsonOrLines(io, options.json, receipt, () => receiptLines(`boleto ${args.NUMERO}`, receipt));
    },
  }),
  command({
    name: 'boleto list',
    description: 'list boletos of every partner as a table: number, proposal, status, installments, due date, amounts',
    options: {
      status: { type: 'string', value: 'S', description: 'only this status: 0–5 or pendente, registrado, falha, baixa-solicitada, baixado, liquidado' },
      proposal: { type: 'string', value: 'NUMERO', description: "only this proposal's boletos (its number)" },
      ...PARTNER_OPTION,
      ...RANGE_OPTIONS,
      ...JSON_OPTION,
    },
    notes: ['--from/--to bound the due date. --json adds each boleto\'s print URL (urlImpressao).'],
    run: async ({ options }, io) => (await import('../queries/boletos.js')).listBoletosCommand(options, io),
  }),
];
