// `caas boleto pay NUMERO [--amount X] [--at YYYY-MM-DD] [--json]`: a boleto paid at the bank
// (sandbox), posted through the launch use case (viaBoleto true).
// `caas boleto list --proposal NUMERO [--json]`: the boletos of a proposal.
import type { ListedBoleto } from '../../modules/receivables/list-boletos.js';
import { withCliContext } from '../context.js';
import { CliError, JSON_OPTION, printJsonOrLines } from '../io.js';
import { command, group } from '../spec.js';
import { PAY_OPTIONS, readPayment, receiptJson, receiptLines } from './payment-options.js';

const NUMBER_RE = /^[1-9]\d{0,15}$/;

function line(b: ListedBoleto): string {
  const paid = b.vlrPago === null ? '' : `  pago R$ ${b.vlrPago} em ${b.dtCredito}`;
  return `${b.numeroBoleto}  ${b.situacao} ${b.descricaoSituacao}  parcelas ${b.parcelas.join(',') || '-'}  vence ${b.dtVencimento}  R$ ${b.valorBoleto}${paid}  ${b.linhaDigitavel}  ${b.urlImpressao}`;
}

export default [
  group({ name: 'boleto', description: "settle a boleto as paid (sandbox bank) or list a proposal's boletos" }),
  command({
    name: 'boleto pay',
    description: 'settle a boleto as paid at the bank (sandbox), posting the payment to its installments',
    args: [{ name: 'NUMERO', description: 'the boleto number (numeroBoleto)' }],
    options: PAY_OPTIONS,
    run: async ({ args, options }, io) => {
      if (!NUMBER_RE.test(args.NUMERO)) throw new CliError('expected exactly one boleto NUMERO (numeroBoleto)');
      const payment = readPayment(options);
      const [{ payBoleto }, { receivablesDeps }] = await Promise.all([import('../../modules/receivables/pay-collection.js'), import('../../modules/receivables/receivables-wiring.js')]);
      const receipt = await withCliContext(({ db, clock, config }) => payBoleto(db, clock, receivablesDeps(config), Number(args.NUMERO), payment));
      printJsonOrLines(io, options.json, receiptJson(receipt), () => receiptLines(`boleto ${args.NUMERO}`, receipt));
    },
  }),
  command({
    name: 'boleto list',
    description: "list a proposal's boletos: number, status, installments, due date, amount, print URL",
    options: { proposal: { type: 'string', value: 'NUMERO', description: 'the proposal number', required: true }, ...JSON_OPTION },
    run: async ({ options }, io) => {
      if (!NUMBER_RE.test(options.proposal)) throw new CliError('--proposal NUMERO is required (the proposal number)');
      const { listBoletosOfProposal } = await import('../../modules/receivables/list-boletos.js');
      const boletos = await withCliContext(({ db, config }) => listBoletosOfProposal(db, Number(options.proposal), config.publicUrl));
      printJsonOrLines(io, options.json, boletos, () => (boletos.length === 0 ? ['no boletos'] : boletos.map(line)));
    },
  }),
];
