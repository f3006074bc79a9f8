// `caas boleto pay NUMERO [--amount X] [--at YYYY-MM-DD] [--json]`: a boleto paid at the bank
// (sandbox), posted through the launch use case (viaBoleto true).
// `caas boleto list [--status S] [--proposal NUMERO] [--partner CLIENT_ID] [--from D] [--to D] [--json]`:
// boletos across partners, a table with headers (--from/--to bound the due date).
import { payBoleto } from '../../modules/receivables/pay-collection.js';
import { BOLETO_SITUACAO_NAMES, parseBoletoSituacao } from '../../modules/receivables/boleto-status.js';
import { listBoletos, type ListedBoleto } from '../../modules/receivables/list-boletos.js';
import { tableLines, type Column } from '../format/table.js';
import { receivablesDeps } from '../../modules/receivables/receivables-wiring.js';
import { withCliContext } from '../context.js';
import { CliError, parseOptions, printJsonOrLines, type CliCommand, type CliIo } from '../io.js';
import { PAY_OPTIONS, readPayment, receiptJson, receiptLines } from './payment-options.js';
import { RANGE_OPTIONS, readNumber, readRange } from './query-options.js';

const NUMBER_RE = /^[1-9]\d{0,15}$/;
const USAGE = ['boleto pay NUMERO [--amount X] [--at YYYY-MM-DD] [--json]', 'boleto list [--status S] [--proposal NUMERO] [--partner CLIENT_ID] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json]'].join('\n       caas ');

async function pay(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions(argv, PAY_OPTIONS);
  if (positionals.length !== 1 || !NUMBER_RE.test(positionals[0]!)) throw new CliError('expected exactly one boleto NUMERO (numeroBoleto)');
  const payment = readPayment(values);
  const receipt = await withCliContext(({ db, clock, config }) => payBoleto(db, clock, receivablesDeps(config), Number(positionals[0]), payment));
  printJsonOrLines(io, values.json === true, receiptJson(receipt), () => receiptLines(`boleto ${positionals[0]}`, receipt));
  return 0;
}

const LIST_COLUMNS: readonly Column<ListedBoleto>[] = [
  { header: 'NUMBER', value: (b) => b.numeroBoleto, align: 'right' },
  { header: 'PROPOSAL', value: (b) => b.numeroProposta, align: 'right' },
  { header: 'PARTNER', value: (b) => b.parceiro },
  { header: 'STATUS', value: (b) => `${b.situacao} ${b.descricaoSituacao}` },
  { header: 'INSTALLMENTS', value: (b) => b.parcelas.join(',') },
  { header: 'DUE', value: (b) => b.dtVencimento },
  { header: 'AMOUNT', value: (b) => b.valorBoleto, align: 'right' },
  { header: 'PAID', value: (b) => b.vlrPago, align: 'right' },
  { header: 'PAID ON', value: (b) => b.dtCredito },
  { header: 'LINHA DIGITAVEL', value: (b) => b.linhaDigitavel },
];

async function list(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseOptions(argv, { status: { type: 'string' }, proposal: { type: 'string' }, partner: { type: 'string' }, ...RANGE_OPTIONS, json: { type: 'boolean' } }, false);
  const status = values.status === undefined ? null : parseBoletoSituacao(values.status);
  if (values.status !== undefined && status === null) throw new CliError(`unknown --status "${values.status}": use 0–5 or ${BOLETO_SITUACAO_NAMES.join(', ')}`);
  const proposalNumber = values.proposal === undefined ? null : readNumber(values.proposal, '--proposal NUMERO');
  const filter = { status, proposalNumber, partnerClientId: values.partner ?? null, ...readRange(values) };
  const listing = await withCliContext(({ db, config }) => listBoletos(db, filter, config.publicUrl));
  printJsonOrLines(io, values.json === true, listing.rows, () => (listing.rows.length === 0 ? ['no boletos'] : tableLines(LIST_COLUMNS, listing.rows)));
  if (listing.truncated) io.err(`only the first ${listing.rows.length} boletos are listed: narrow with --status, --proposal, --partner, --from/--to, or use caas export boletos`);
  return 0;
}

export const boletoCommand: CliCommand = {
  name: 'boleto',
  usage: 'boleto pay NUMERO [--amount X] [--at YYYY-MM-DD] | list [filters]',
  summary: 'Settle a boleto as paid (sandbox bank) or list boletos',
  run: async (argv, io) => {
    const [sub, ...rest] = argv;
    if (sub === 'pay') return pay(rest, io);
    if (sub === 'list') return list(rest, io);
    throw new CliError(`usage: caas ${USAGE}`);
  },
};
