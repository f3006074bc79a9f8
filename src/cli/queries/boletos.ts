// `caas boleto list` (issue 15): option values → the receivables module's read-only query, result
// → a table with headers (or JSON). Loaded by the handler of src/cli/commands/boleto.ts only.
import { BOLETO_STATUS_NAMES, listBoletos, listedBoletoView, parseBoletoStatus, type ListedBoleto } from '../../modules/receivables/index.js';
import { withCliContext } from '../context.js';
import { tableLines, type Column } from '../format/table.js';
import { CliError, printJsonOrLines, type CliIo } from '../io.js';
import { readNumber, readRange } from './options.js';

const LIST_COLUMNS: readonly Column<ListedBoleto>[] = [
  { header: 'NUMBER', value: (b) => b.number, align: 'right' },
  { header: 'PROPOSAL', value: (b) => b.proposalNumber, align: 'right' },
  { header: 'PARTNER', value: (b) => b.partner },
  { header: 'STATUS', value: (b) => `${b.status} ${b.statusDescription}` },
  { header: 'INSTALLMENTS', value: (b) => b.installmentNumbers.join(',') },
  { header: 'DUE', value: (b) => b.dueDate },
  { header: 'AMOUNT', value: (b) => b.amount, align: 'right' },
  { header: 'PAID', value: (b) => b.amountPaid, align: 'right' },
  { header: 'PAID ON', value: (b) => b.paidOn },
  { header: 'LINHA DIGITAVEL', value: (b) => b.digitableLine },
];

export interface BoletoListOptions {
  status: string | undefined;
  proposal: string | undefined;
  partner: string | undefined;
  from: string | undefined;
  to: string | undefined;
  json: boolean;
}

export async function listBoletosCommand(values: BoletoListOptions, io: CliIo): Promise<number> {
  const status = values.status === undefined ? null : parseBoletoStatus(values.status);
  if (values.status !== undefined && status === null) throw new CliError(`unknown --status "${values.status}": use 0–5 or ${BOLETO_STATUS_NAMES.join(', ')}`);
  const proposalNumber = values.proposal === undefined ? null : readNumber(values.proposal, '--proposal NUMERO');
  const filter = { status, proposalNumber, partnerClientId: values.partner ?? null, ...readRange(values) };
  const listing = await withCliContext(({ db, config }) => listBoletos(db, filter, config.publicUrl));
  printJsonOrLines(io, values.json, listing.rows.map(listedBoletoView), () => (listing.rows.length === 0 ? ['no boletos'] : tableLines(LIST_COLUMNS, listing.rows)));
  if (listing.truncated) io.err(`only the first ${listing.rows.length} boletos are listed: narrow with --status, --proposal, --partner, --from/--to, or use caas export boletos`);
  return 0;
}
