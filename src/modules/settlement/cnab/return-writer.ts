// Writes a return file as a bank would (the sandbox bank of the tests and of `caas cnab` demos):
// the inverse of parseReturn, from the same layouts.
import type { LocalDate } from '../../../platform/dates.js';
import { BATCH_HEADER, BATCH_TRAILER, FILE_HEADER, FILE_TRAILER, SEGMENT_T, SEGMENT_U } from './layouts.js';
import type { BankProfile, CnabIssuer } from './profiles.js';
import { writeRecord } from './record.js';

export interface BankEvent {
  movement: string;
  sequence: bigint;
  documentNumber: string;
  dueDate: LocalDate;
  amount: string;
  /** Up to five reason codes of 2 characters. */
  reasons?: string[];
  paid?: string;
  charges?: string;
  discount?: string;
  occurredOn?: LocalDate | null;
  creditedOn?: LocalDate | null;
}

export interface ReturnInput {
  profile: BankProfile;
  issuer: CnabIssuer;
  company: { document: string; name: string };
  fileSequence: number;
  generatedOn: LocalDate;
  events: readonly BankEvent[];
}

export function buildReturn(input: ReturnInput): string[] {
  const { profile, issuer, company } = input;
  const account = { branch: issuer.branch, branchDigit: issuer.branchDigit ?? ' ', account: issuer.account, accountDigit: issuer.accountDigit ?? ' ', branchAccountDigit: ' ' };
  const party = { bank: profile.code, companyDocumentType: company.document.length === 11 ? 1 : 2, companyDocument: company.document, agreement: profile.agreementField(issuer), ...account, companyName: company.name };
  const lines = [
    writeRecord(FILE_HEADER, { ...party, bankName: profile.name, direction: 2, generatedOn: input.generatedOn, generatedAt: '120000', fileSequence: input.fileSequence, layoutVersion: profile.fileLayoutVersion, density: profile.density, bankUse: '', companyUse: '' }),
    writeRecord(BATCH_HEADER, { ...party, batch: 1, operation: 'T', layoutVersion: profile.batchLayoutVersion, message1: '', message2: '', remittanceNumber: input.fileSequence, recordedOn: input.generatedOn, creditedOn: null }),
  ];
  let sequence = 0;
  for (const e of input.events) {
    const start = { bank: profile.code, batch: 1, movement: e.movement };
    lines.push(
      writeRecord(SEGMENT_T, {
        ...start,
        sequence: (sequence += 1),
        ...account,
        nossoNumero: profile.nossoNumeroField(e.sequence, issuer),
        wallet: profile.walletCode,
        documentNumber: e.documentNumber,
        dueDate: e.dueDate,
        amount: e.amount,
        collectingBank: profile.code,
        collectingBranch: 0,
        collectingBranchDigit: ' ',
        companyReference: e.documentNumber,
        currency: 9,
        payerDocumentType: 0,
        payerDocument: 0,
        payerName: '',
        contract: 0,
        fee: '0',
        reasons: (e.reasons ?? []).join(''),
      }),
    );
    lines.push(
      writeRecord(SEGMENT_U, {
        ...start,
        sequence: (sequence += 1),
        charges: e.charges ?? '0',
        discount: e.discount ?? '0',
        rebate: '0',
        iof: '0',
        paid: e.paid ?? '0',
        net: e.paid ?? '0',
        otherExpenses: '0',
        otherCredits: '0',
        occurredOn: e.occurredOn ?? null,
        creditedOn: e.creditedOn ?? null,
        payerOccurrence: '',
        payerOccurrenceOn: null,
        payerOccurrenceAmount: '0',
        payerOccurrenceText: '',
        correspondentBank: 0,
        correspondentNossoNumero: '',
      }),
    );
  }
  const zero = { boundCount: 0, boundTotal: '0', pledgedCount: 0, pledgedTotal: '0', discountedCount: 0, discountedTotal: '0', notice: '' };
  lines.push(writeRecord(BATCH_TRAILER, { bank: profile.code, batch: 1, records: sequence + 2, simpleCount: input.events.length, simpleTotal: '0', ...zero }));
  lines.push(writeRecord(FILE_TRAILER, { bank: profile.code, batches: 1, records: sequence + 4, accounts: 0 }));
  return lines;
}
