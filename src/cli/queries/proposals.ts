// `caas proposal list|show` (issue 15): the book of proposals for the service team. Maps option
// values to the proposals module's read-only queries and their results to text (loaded by the
// handlers of src/cli/commands/proposal.ts only).
import { listProposals, type ProposalRecord } from '../../modules/proposals/list-proposals.js';
import { parseProposalStatus, proposalStatusNames } from '../../modules/proposals/proposal-status-names.js';
import { proposalDeps } from '../../bindings.js';
import { showProposal, type ProposalDetails } from '../../modules/proposals/show-proposal.js';
import { csvHeader, csvRecords } from '../format/csv.js';
import { tableLines, type Column } from '../format/table.js';
import { withCliContext } from '../context.js';
import { CliError, type CliIo } from '../io.js';
import { readDocument, readFormat, readNumber, readRange } from './options.js';

export interface ListOptions {
  status: string | undefined;
  partner: string | undefined;
  document: string | undefined;
  from: string | undefined;
  to: string | undefined;
  json: boolean;
  csv: boolean;
}

const LIST_COLUMNS: readonly Column<ProposalRecord>[] = [
  { header: 'NUMBER', value: (p) => p.number, align: 'right' },
  { header: 'STATUS', value: (p) => `${p.status} ${p.statusDescription}` },
  { header: 'PARTNER', value: (p) => p.partner },
  { header: 'DOCUMENT', value: (p) => p.document },
  { header: 'CREATED', value: (p) => p.createdOn },
  { header: 'REQUESTED', value: (p) => p.requestedAmount, align: 'right' },
  { header: 'TERM', value: (p) => p.termMonths, align: 'right' },
  { header: 'INSTALLMENT', value: (p) => p.installmentAmount, align: 'right' },
  { header: 'RATE %/MO', value: (p) => p.monthlyRatePercent, align: 'right' },
  { header: 'OPERATION', value: (p) => p.operationCode },
];

/** Every field of the record, in this order: the CSV of `proposal list --csv` and `export proposals`. */
export const PROPOSAL_CSV_COLUMNS = [
  'number', 'code', 'partner', 'operationCode', 'status', 'statusDescription', 'personType', 'document', 'contractType',
  'createdOn', 'firstDueDate', 'termMonths', 'monthlyRatePercent', 'requestedAmount', 'financedAmount', 'installmentAmount',
  'iofAmount', 'tacAmount', 'cetAnnualPercent', 'approvedOn', 'disbursedOn', 'refusedOn', 'cancelledOn', 'settledOn', 'createdAt',
] as const satisfies readonly (keyof ProposalRecord)[];

export async function listProposalsCommand(values: ListOptions, io: CliIo): Promise<number> {
  const status = values.status === undefined ? null : parseProposalStatus(values.status);
  if (values.status !== undefined && status === null) throw new CliError(`unknown --status "${values.status}": use one of ${proposalStatusNames()}`);
  const filter = { status, partnerClientId: values.partner ?? null, document: readDocument(values.document), ...readRange(values) };
  const format = readFormat(values);
  const listing = await withCliContext(({ db }) => listProposals(db, filter));
  if (format === 'json') io.out(JSON.stringify(listing.rows, null, 2));
  else if (format === 'csv') io.out((csvHeader(PROPOSAL_CSV_COLUMNS) + csvRecords(PROPOSAL_CSV_COLUMNS, listing.rows)).replace(/\r\n$/, ''));
  else if (listing.rows.length === 0) io.out('no proposals');
  else for (const line of tableLines(LIST_COLUMNS, listing.rows)) io.out(line);
  if (listing.truncated) io.err(`only the first ${listing.rows.length} proposals are listed: narrow with --status, --partner, --document, --from/--to, or use caas export proposals`);
  return 0;
}

function orDash(value: string | number | null): string {
  return value === null ? '-' : String(value);
}

function detailLines(d: ProposalDetails): string[] {
  const { data: p, pricing: c, plan, schedule } = d;
  const account = p.paymentAccount;
  return [
    `proposal ${p.number} (${p.code})`,
    `  status        ${p.status} ${orDash(p.statusDescription)}`,
    `  partner       ${p.partner} (${p.partnerName})`,
    `  operation     ${orDash(p.operationCode)}`,
    `  customer      ${p.personType} ${p.document}`,
    `  contract type ${orDash(p.contractType)}`,
    `  created       ${p.createdAt}`,
    `  pay to        ${account === null ? '-' : `bank ${orDash(account.numeroBanco)} ag ${orDash(account.agencia)} cc ${orDash(account.conta)}-${orDash(account.contaDig)} ${orDash(account.nomePagamento)}`}`,
    ...(p.refusalReason === null ? [] : [`  refused       ${p.refusalReason}`]),
    ...(p.cancellationReason === null ? [] : [`  cancelled     ${p.cancellationReason}`]),
    'pricing',
    `  requested     R$ ${c.requestedAmount}   financed R$ ${c.financedAmount} (costs R$ ${c.financedCosts}, IOF R$ ${c.iofAmount} ${c.iofSource}, TAC ${c.tacAmount === null ? '-' : `R$ ${c.tacAmount}`})`,
    `  rate          ${c.monthlyRatePercent} % a month   CET ${c.cetMonthlyPercent} % a month, ${c.cetAnnualPercent} % a year`,
    `  installments  ${c.termMonths} × R$ ${c.installmentAmount} (${c.installmentSource})   monthly charges R$ ${c.monthlyCharges}`,
    `  dates         contract ${c.contractDate}   first due ${c.firstDueDate}`,
    'schedule',
    `  plan          ${plan.installments} installments, ${orDash(plan.firstDueDate)} … ${orDash(plan.lastDueDate)}, total R$ ${plan.totalAmount}`,
    schedule === null
      ? '  receivables   none (opened at disbursement)'
      : `  receivables   ${schedule.status} ${schedule.statusDescription}: ${schedule.installmentsPaid}/${schedule.installments} paid, R$ ${schedule.totalPaid} received, balance R$ ${schedule.balance}${schedule.paidOffOn === null ? '' : `, paid off ${schedule.paidOffOn}`}`,
    'history',
    ...tableLines(
      [
        { header: '  ON', value: (h: ProposalDetails['history'][number]) => `  ${h.on}` },
        { header: 'EVENT', value: (h) => h.event },
        { header: 'STATUS', value: (h) => `${h.from === null ? '' : `${h.from} → `}${h.to} ${orDash(h.toDescription)}` },
        { header: 'BY', value: (h) => h.actor },
        { header: 'REASON', value: (h) => h.reason },
      ],
      d.history,
    ),
  ];
}

export async function showProposalCommand(numeroText: string, json: boolean, io: CliIo): Promise<number> {
  const numero = readNumber(numeroText, 'NUMERO');
  const details = await withCliContext(({ db, config }) => showProposal(db, numero, proposalDeps(config)));
  if (json) io.out(JSON.stringify(details, null, 2));
  else for (const line of detailLines(details)) io.out(line);
  return 0;
}
