// `caas pix pay CODIGO_LIQUIDACAO [--amount X] [--at YYYY-MM-DD] [--json]`: a Pix charge paid
// (sandbox PSP), posted through the launch use case (viaBoleto false).
// `caas pix refund END_TO_END_ID --id ID --amount X [--json]`: a received pix returned to its payer
// through the configured Pix provider (settlement.pix.refund).
import { IDEMPOTENCY_OPTION, runOperatorDefinition } from '../operator-command.js';
import { CliError, JSON_OPTION, printJsonOrLines } from '../io.js';
import { command, group } from '../spec.js';
import { PAY_OPTIONS, readPayment, receiptLines } from './payment-options.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default [
  group({ name: 'pix', description: 'Pix charges: mark one paid (sandbox PSP), refund a received pix (Pix provider)' }),
  command({
    name: 'pix pay',
    description: 'settle a Pix charge as paid (sandbox PSP), posting the payment to its installments',
    args: [{ name: 'CODIGO_LIQUIDACAO', description: 'the charge code (a uuid) from GerarPix' }],
    options: PAY_OPTIONS,
    run: async ({ args, options }, io) => {
      const code = args.CODIGO_LIQUIDACAO;
      if (!UUID_RE.test(code)) throw new CliError('expected exactly one CODIGO_LIQUIDACAO (a uuid)');
      const payment = readPayment(options);
      const [{ paymentCommands }, { receivablesDeps }] = await Promise.all([import('../../modules/receivables/payments/payment-commands.js'), import('../../bindings.js')]);
      // The stored (and replayed) result is the receipt's JSON form, so a replay prints the same.
      const receipt = await runOperatorDefinition(io, ({ config }) => paymentCommands(receivablesDeps(config)).payCharge, { code, payment }, options['idempotency-key']);
      printJsonOrLines(io, options.json, receipt, () => receiptLines(`charge ${code}`, receipt));
    },
  }),
  command({
    name: 'pix refund',
    description: 'return (part of) a received pix to its payer through the Pix provider (PUT /pix/{e2eid}/devolucao/{id})',
    args: [{ name: 'END_TO_END_ID', description: 'the endToEndId of the received pix' }],
    options: { id: { type: 'string', value: 'ID', description: 'the refund id (1 to 35 letters or digits), yours to choose', required: true }, amount: { type: 'string', value: 'X', description: 'the amount to return, e.g. 10.00', required: true }, ...IDEMPOTENCY_OPTION, ...JSON_OPTION },
    run: async ({ args, options }, io) => {
      const { pixClientFor, pixRefundCommand } = await import('../../modules/settlement/index.js');
      const result = await runOperatorDefinition(
        io,
        ({ config, db }) => {
          if (config.settlement.pix === null) throw new CliError('no Pix provider is configured (CAAS_PIX_PSP_URL...): refunds go through the provider');
          return pixRefundCommand(pixClientFor(config.settlement.pix), db);
        },
        { endToEndId: args.END_TO_END_ID, refundId: options.id, amount: options.amount },
        options['idempotency-key'],
      );
      printJsonOrLines(io, options.json, result, () => [`pix ${result.endToEndId}: refund ${result.refundId} of R$ ${result.amount} ${result.status} (rtrId ${result.rtrId})`]);
    },
  }),
];
