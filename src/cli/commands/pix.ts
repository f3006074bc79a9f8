// `caas pix pay CODIGO_LIQUIDACAO [--amount X] [--at YYYY-MM-DD] [--json]`: a Pix charge paid
// (sandbox PSP), posted through the launch use case (viaBoleto false).
import { runOperatorDefinition } from '../operator-command.js';
import { CliError, printJsonOrLines } from '../io.js';
import { command, group } from '../spec.js';
import { PAY_OPTIONS, readPayment, receiptLines } from './payment-options.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default [
  group({ name: 'pix', description: 'Pix charges (sandbox PSP)' }),
  command({
    name: 'pix pay',
    description: 'settle a Pix charge as paid (sandbox PSP), posting the payment to its installments',
    args: [{ name: 'CODIGO_LIQUIDACAO', description: 'the charge code (a uuid) from GerarPix' }],
    options: PAY_OPTIONS,
    run: async ({ args, options }, io) => {
      const code = args.CODIGO_LIQUIDACAO;
      if (!UUID_RE.test(code)) throw new CliError('expected exactly one CODIGO_LIQUIDACAO (a uuid)');
      const payment = readPayment(options);
      const [{ paymentCommands }, { receivablesDeps }] = await Promise.all([import('../../modules/receivables/payments/payment-commands.js'), import('../../modules/receivables/receivables-wiring.js')]);
      // The stored (and replayed) result is the receipt's JSON form, so a replay prints the same.
      const receipt = await runOperatorDefinition(io, ({ config }) => paymentCommands(receivablesDeps(config)).payCharge, { code, payment }, options['idempotency-key']);
      printJsonOrLines(io, options.json, receipt, () => receiptLines(`charge ${code}`, receipt));
    },
  }),
];
