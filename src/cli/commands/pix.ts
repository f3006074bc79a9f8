// `caas pix pay CODIGO_LIQUIDACAO [--amount X] [--at YYYY-MM-DD] [--json]`: a Pix charge paid
// (sandbox PSP), posted through the launch use case (viaBoleto false).
import { payCharge } from '../../modules/receivables/pay-collection.js';
import { receivablesDeps } from '../../modules/receivables/receivables-wiring.js';
import { withCliContext } from '../context.js';
import { CliError, parseOptions, printJsonOrLines, type CliCommand } from '../io.js';
import { PAY_OPTIONS, readPayment, receiptJson, receiptLines } from './payment-options.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const pixCommand: CliCommand = {
  name: 'pix',
  usage: 'pix pay CODIGO_LIQUIDACAO [--amount X] [--at YYYY-MM-DD] [--json]',
  summary: 'Settle a Pix charge as paid (sandbox PSP)',
  run: async (argv, io) => {
    const [sub, ...rest] = argv;
    if (sub !== 'pay') throw new CliError(`usage: caas ${pixCommand.usage}`);
    const { values, positionals } = parseOptions(rest, PAY_OPTIONS);
    if (positionals.length !== 1 || !UUID_RE.test(positionals[0]!)) throw new CliError('expected exactly one CODIGO_LIQUIDACAO (a uuid)');
    const payment = readPayment(values);
    const receipt = await withCliContext(({ db, clock, config }) => payCharge(db, clock, receivablesDeps(config), positionals[0]!, payment));
    printJsonOrLines(io, values.json === true, receiptJson(receipt), () => receiptLines(`charge ${positionals[0]}`, receipt));
    return 0;
  },
};
