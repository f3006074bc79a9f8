// `caas export proposals|installments|boletos|payments [--out FILE] [--from D] [--to D]`
// (src/cli/commands/export.ts): the book as CSV (RFC 4180), read in batches within one read-only snapshot, with a progress bar on stderr
// when it is a terminal. --from/--to bound each record's own date: a proposal's creation, an
// installment's or boleto's due date, a payment's date.
import { countProposals, NO_PROPOSAL_FILTER, proposalBatches, type ProposalRecord } from '../../modules/proposals/list-proposals.js';
import { boletoBatches, countBoletos, countInstallments, countPayments, installmentBatches, listedBoletoView, NO_BOLETO_FILTER, paymentBatches, type DateRange, type InstallmentRecord, type ListedBoletoView, type PaymentRecord } from '../../modules/receivables/index.js';
import { runCsvExport, type CsvExport } from '../format/csv-export.js';
import { fileSink, stdoutSink, writerSink, type TextSink } from '../format/sink.js';
import { withCliContext } from '../context.js';
import { CliError, type CliIo } from '../io.js';
import { readRange } from './options.js';
import { PROPOSAL_CSV_COLUMNS } from './proposals.js';

export const EXPORT_KINDS = ['proposals', 'installments', 'boletos', 'payments'];

const INSTALLMENT_COLUMNS = [
  'proposalNumber', 'partner', 'installment', 'dueDate', 'amount', 'state', 'principalOwed', 'unpaidFine', 'unpaidLateInterest',
  'unpaidContractInterest', 'totalPaid', 'totalDiscount', 'paidOn',
] as const satisfies readonly (keyof InstallmentRecord)[];

/** parcelas as "1,2" (one CSV field), as ConsultarBoletos writes it. */
type BoletoCsvRow = Omit<ListedBoletoView, 'parcelas'> & { parcelas: string };

// The print URL is left out on purpose: it is a credential (anyone holding it gets the slip).
const BOLETO_COLUMNS = [
  'numeroBoleto', 'numeroProposta', 'parceiro', 'codigoBoleto', 'codigoLiquidacao', 'situacao', 'descricaoSituacao', 'liquidacao', 'parcelas',
  'dtInclusao', 'dtVencimento', 'dtExpiracao', 'valorBoleto', 'vlrPago', 'dtCredito', 'dtCancelamento', 'linhaDigitavel',
] as const satisfies readonly (keyof BoletoCsvRow)[];

const PAYMENT_COLUMNS = [
  'proposalNumber', 'partner', 'installment', 'paymentDate', 'dueDate', 'amountPaid', 'discount', 'fine', 'interest', 'lateInterest',
  'installmentBalance', 'viaBoleto', 'boletoNumber', 'launchCode', 'description', 'recordedAt',
] as const satisfies readonly (keyof PaymentRecord)[];

type AnyExport = CsvExport<ProposalRecord> | CsvExport<InstallmentRecord> | CsvExport<BoletoCsvRow> | CsvExport<PaymentRecord>;

function exportOf(kind: string, range: DateRange, publicUrl: string): AnyExport {
  switch (kind) {
    case 'proposals': {
      const filter = { ...NO_PROPOSAL_FILTER, ...range };
      return { label: 'proposals', columns: PROPOSAL_CSV_COLUMNS, count: (db) => countProposals(db, filter), batches: (db) => proposalBatches(db, filter) };
    }
    case 'installments':
      return { label: 'installments', columns: INSTALLMENT_COLUMNS, count: (db) => countInstallments(db, range), batches: (db) => installmentBatches(db, range) };
    case 'boletos': {
      const filter = { ...NO_BOLETO_FILTER, ...range };
      return {
        label: 'boletos',
        columns: BOLETO_COLUMNS,
        count: (db) => countBoletos(db, filter),
        batches: async function* (db) {
          for await (const batch of boletoBatches(db, filter, publicUrl)) yield batch.map((b) => ({ ...listedBoletoView(b), parcelas: b.installmentNumbers.join(',') }));
        },
      };
    }
    case 'payments':
      return { label: 'payments', columns: PAYMENT_COLUMNS, count: (db) => countPayments(db, range), batches: (db) => paymentBatches(db, range) };
    default:
      throw new CliError(`unknown export "${kind}": use ${EXPORT_KINDS.join(', ')}`);
  }
}

async function openSink(out: string | undefined, io: CliIo): Promise<TextSink> {
  if (out === undefined) return io.write ? writerSink(io.write) : stdoutSink();
  try {
    return await fileSink(out);
  } catch (error) {
    throw new CliError(`cannot write --out ${out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

export async function exportCommand(kind: string, values: { out: string | undefined; from: string | undefined; to: string | undefined }, io: CliIo): Promise<number> {
  if (!EXPORT_KINDS.includes(kind)) throw new CliError(`unknown export "${kind}": use ${EXPORT_KINDS.join(', ')}`);
  const range = readRange(values);
  const sink = await openSink(values.out, io);
  const rows = await withCliContext(({ db, config }) => runCsvExport(db, exportOf(kind, range, config.publicUrl) as CsvExport<object>, sink)).catch(async (error: unknown) => {
    await sink.abort();
    throw error;
  });
  if (values.out !== undefined) io.err(`${rows} ${kind} written to ${values.out}`);
  return 0;
}
