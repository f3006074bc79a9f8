// The remittance file (remessa): file header, one batch of cobrança (header, segments P/Q/R for a
// boleto to register, P alone for a write-off request), batch trailer, file trailer. Pure: the
// caller gives the time, the file sequence number and the entries.
import type { LocalDate } from '../../../platform/dates.js';
import { sum } from '../../../platform/money.js';
import { BATCH_HEADER, BATCH_TRAILER, FILE_HEADER, FILE_TRAILER, SEGMENT_P, SEGMENT_Q, SEGMENT_R } from './layouts.js';
import type { BankProfile, CnabIssuer } from './profiles.js';
import { writeRecord, type FieldValue } from './record.js';

export const REMITTANCE_MOVEMENT = { register: '01', writeOff: '02' } as const;

export interface Party {
  /** Bare CPF (11) or CNPJ (14 digits). */
  document: string;
  name: string;
}

export interface PayerAddress {
  street: string;
  district: string;
  /** 8 digits. */
  zip: string;
  city: string;
  state: string;
}

export interface RegisterEntry {
  kind: 'register';
  sequence: bigint;
  /** Seu número: numeroBoleto. */
  documentNumber: string;
  issuedOn: LocalDate;
  dueDate: LocalDate;
  amount: string;
  /** Discount until the due date (0 for none). */
  discount: string;
  /** Late interest, % a month, and fine, %, both from the day after the due date. */
  interestMonthlyPercent: string;
  finePercent: string;
  payer: Party;
  address: PayerAddress | null;
}

export interface WriteOffEntry {
  kind: 'writeOff';
  sequence: bigint;
  documentNumber: string;
  dueDate: LocalDate;
  amount: string;
}

export type RemittanceEntry = RegisterEntry | WriteOffEntry;

export interface RemittanceInput {
  profile: BankProfile;
  issuer: CnabIssuer;
  company: Party;
  /** NSA: one more than the previous file to this bank. */
  fileSequence: number;
  generatedOn: LocalDate;
  /** HHMMSS. */
  generatedAt: string;
  entries: readonly RemittanceEntry[];
  /** Day after which interest and fine run: the day after the due date (the caller computes). */
  chargesFrom(dueDate: LocalDate): LocalDate;
}

const documentType = (document: string) => (document.length === 11 ? 1 : 2);

function accountFields(issuer: CnabIssuer) {
  return { branch: issuer.branch, branchDigit: issuer.branchDigit ?? ' ', account: issuer.account, accountDigit: issuer.accountDigit ?? ' ', branchAccountDigit: ' ' };
}

function detailStart(input: RemittanceInput, sequence: number, movement: string): Record<string, FieldValue> {
  return { bank: input.profile.code, batch: 1, sequence, movement };
}

function segmentP(input: RemittanceInput, entry: RemittanceEntry, sequence: number): string {
  const register = entry.kind === 'register' ? entry : null;
  const discount = register !== null && Number(register.discount) > 0;
  return writeRecord(SEGMENT_P, {
    ...detailStart(input, sequence, REMITTANCE_MOVEMENT[entry.kind]),
    ...accountFields(input.issuer),
    nossoNumero: input.profile.nossoNumeroField(entry.sequence, input.issuer),
    wallet: input.profile.walletCode,
    registrationForm: 1,
    documentType: '1',
    issuedBy: 2,
    deliveredBy: '2',
    documentNumber: entry.documentNumber,
    dueDate: entry.dueDate,
    amount: entry.amount,
    collectingBranch: 0,
    collectingBranchDigit: ' ',
    kind: 99,
    accepted: 'N',
    issuedOn: register?.issuedOn ?? input.generatedOn,
    interestCode: register === null || Number(register.interestMonthlyPercent) === 0 ? 3 : 2,
    interestFrom: register === null ? null : input.chargesFrom(register.dueDate),
    interest: register?.interestMonthlyPercent ?? '0',
    discountCode: discount ? 1 : 0,
    discountUntil: discount ? register.dueDate : null,
    discount: discount ? register.discount : '0',
    iof: '0',
    rebate: '0',
    companyReference: entry.documentNumber,
    protestCode: 3,
    protestDays: 0,
    writeOffCode: 2,
    writeOffDays: '   ',
    contract: 0,
  });
}

function segmentQ(input: RemittanceInput, entry: RegisterEntry, sequence: number): string {
  const a = entry.address;
  return writeRecord(SEGMENT_Q, {
    ...detailStart(input, sequence, REMITTANCE_MOVEMENT.register),
    payerDocumentType: documentType(entry.payer.document),
    payerDocument: entry.payer.document,
    payerName: entry.payer.name,
    payerAddress: a?.street ?? '',
    payerDistrict: a?.district ?? '',
    payerZip: a === null ? 0 : a.zip.slice(0, 5),
    payerZipSuffix: a === null ? 0 : a.zip.slice(5, 8),
    payerCity: a?.city ?? '',
    payerState: a?.state ?? '',
    guarantorDocumentType: 0,
    guarantorDocument: 0,
    guarantorName: '',
    correspondentBank: 0,
    correspondentNossoNumero: '',
  });
}

function segmentR(input: RemittanceInput, entry: RegisterEntry, sequence: number): string {
  const fine = Number(entry.finePercent) > 0;
  return writeRecord(SEGMENT_R, {
    ...detailStart(input, sequence, REMITTANCE_MOVEMENT.register),
    discount2Code: 0,
    discount3Code: 0,
    fineCode: fine ? 2 : 0,
    fineFrom: fine ? input.chargesFrom(entry.dueDate) : null,
    fine: fine ? entry.finePercent : '0',
    payerOccurrence: 0,
    debitBank: 0,
    debitBranch: 0,
    debitBranchDigit: ' ',
    debitAccount: 0,
    debitAccountDigit: ' ',
    debitBranchAccountDigit: ' ',
    debitNotice: 0,
  });
}

function headers(input: RemittanceInput): [string, string] {
  const { profile, company, issuer } = input;
  const common = { bank: profile.code, companyDocumentType: documentType(company.document), companyDocument: company.document, agreement: profile.agreementField(issuer), ...accountFields(issuer), companyName: company.name };
  const file = writeRecord(FILE_HEADER, { ...common, bankName: profile.name, direction: 1, generatedOn: input.generatedOn, generatedAt: input.generatedAt, fileSequence: input.fileSequence, layoutVersion: profile.fileLayoutVersion, density: profile.density, bankUse: '', companyUse: '' });
  const batch = writeRecord(BATCH_HEADER, { ...common, batch: 1, operation: 'R', layoutVersion: profile.batchLayoutVersion, message1: '', message2: '', remittanceNumber: input.fileSequence, recordedOn: input.generatedOn, creditedOn: null });
  return [file, batch];
}

/** The file's lines (240 positions each); join with CRLF to write it. */
export function buildRemittance(input: RemittanceInput): string[] {
  const details: string[] = [];
  for (const entry of input.entries) {
    details.push(segmentP(input, entry, details.length + 1));
    if (entry.kind === 'register') {
      details.push(segmentQ(input, entry, details.length + 1));
      details.push(segmentR(input, entry, details.length + 1));
    }
  }
  const [fileHeader, batchHeader] = headers(input);
  const batchTrailer = writeRecord(BATCH_TRAILER, {
    bank: input.profile.code,
    batch: 1,
    records: details.length + 2,
    simpleCount: input.entries.length,
    simpleTotal: sum(input.entries.map((e) => e.amount)).toFixed(2),
    boundCount: 0,
    boundTotal: '0',
    pledgedCount: 0,
    pledgedTotal: '0',
    discountedCount: 0,
    discountedTotal: '0',
    notice: '',
  });
  const fileTrailer = writeRecord(FILE_TRAILER, { bank: input.profile.code, batches: 1, records: details.length + 4, accounts: 0 });
  return [fileHeader, batchHeader, ...details, batchTrailer, fileTrailer];
}

/** The file as written to disk: CRLF after every record (FEBRABAN). */
export function remittanceText(lines: readonly string[]): string {
  return lines.map((l) => `${l}\r\n`).join('');
}
