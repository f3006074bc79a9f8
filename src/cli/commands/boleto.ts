// `caas boleto pay NUMERO [--amount X] [--at YYYY-MM-DD] [--json]`: a boleto paid at the bank
// (sandbox), posted through the launch use case (viaBoleto true).
// `caas boleto list --proposal NUMERO [--json]`: the boletos of a proposal.
import { payBoleto } from '../../modules/receivables/pay-collection.js';
import { listBoletosOfProposal, type ListedBoleto } from '../../modules/receivables/list-boletos.js';
import { receivablesDeps } from '../../modules/receivables/receivables-wiring.js';
import { withCliContext } from '../context.js';
import { CliError, parseOptions, printJsonOrLines, type CliCommand, type CliIo } from '../io.js';
import { PAY_OPTIONS, readPayment, receiptJson, receiptLines } from './payment-options.js';

const NUMBER_RE = /^[1-9]\d{0,15}$/;
const USAGE = ['boleto pay NUMERO [--amount X] [--at YYYY-MM-DD] [--json]', 'boleto list --proposal NUMERO [--json]'].join('\n       caas ');

async function pay(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions(argv, PAY_OPTIONS);
  if (positionals.length !== 1 || !NUMBER_RE.test(positionals[0]!)) throw new CliError('expected exactly one boleto NUMERO (numeroBoleto)');
  const payment = readPayment(values);
  const receipt = await withCliContext(({ db, clock, config }) => payBoleto(db, clock, receivablesDeps(config), Number(positionals[0]), payment));
  printJsonOrLines(io, values.json === true, receiptJson(receipt), () => receiptLines(`boleto ${positionals[0]}`, receipt));
  return 0;
}

function line(b: ListedBoleto): string {
  const paid = b.vlrPago === null ? '' : `  pago R$ ${b.vlrPago} em ${b.dtCredito}`;
  return `${b.numeroBoleto}  ${b.situacao} ${b.descricaoSituacao}  parcelas ${b.parcelas.join(',') || '-'}  vence ${b.dtVencimento}  R$ ${b.valorBoleto}${paid}  ${b.linhaDigitavel}  ${b.urlImpressao}`;
}

async function list(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseOptions(argv, { proposal: { type: 'string' }, json: { type: 'boolean' } }, false);
  if (values.proposal === undefined || !NUMBER_RE.test(values.proposal)) throw new CliError('--proposal NUMERO is required (the proposal number)');
  const boletos = await withCliContext(({ db, config }) => listBoletosOfProposal(db, Number(values.proposal), config.publicUrl));
  printJsonOrLines(io, values.json === true, boletos, () => (boletos.length === 0 ? ['no boletos'] : boletos.map(line)));
  return 0;
}

export const boletoCommand: CliCommand = {
  name: 'boleto',
  usage: 'boleto pay NUMERO [--amount X] [--at YYYY-MM-DD] | list --proposal N',
  summary: 'Settle a boleto as paid (sandbox bank) or list a proposal\'s boletos',
  run: async (argv, io) => {
    const [sub, ...rest] = argv;
    if (sub === 'pay') return pay(rest, io);
    if (sub === 'list') return list(rest, io);
    throw new CliError(`usage: caas ${USAGE}`);
  },
};
