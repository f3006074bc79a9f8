// The return file (retorno): what the bank did with each boleto, one segment T (and its segment
// U with the amounts) per event. Every line is checked (length, record type, constants, digits,
// dates, sequence numbers, the trailers' counts); an error names the file, the line and the field.
import type { LocalDate } from '../../../platform/dates.js';
import { dec } from '../../../platform/money.js';
import { BATCH_HEADER, BATCH_TRAILER, FILE_HEADER, FILE_TRAILER, SEGMENT_T, SEGMENT_U } from './layouts.js';
import { BANK_PROFILES, type BankProfile, type ReturnKind } from './profiles.js';
import { CnabError, readRecord, RECORD_LENGTH, type ReadRecord, type RecordLayout } from './record.js';

export interface ReturnReason {
  code: string;
  text: string;
}

export interface ReturnEntry {
  /** Line of the segment T (1-based). */
  line: number;
  kind: ReturnKind;
  movement: string;
  /** Nosso número sequence (what identifies our boleto). */
  sequence: bigint;
  nossoNumero: string;
  documentNumber: string;
  dueDate: LocalDate | null;
  amount: string;
  reasons: ReturnReason[];
  /** Segment U. */
  paid: string;
  charges: string;
  discount: string;
  rebate: string;
  fee: string;
  occurredOn: LocalDate | null;
  creditedOn: LocalDate | null;
}

export interface ReturnFile {
  bank: string;
  fileSequence: number;
  generatedOn: LocalDate;
  entries: ReturnEntry[];
}

interface Line {
  no: number;
  text: string;
}

class Reader {
  private index = 0;
  constructor(
    readonly file: string,
    private readonly lines: Line[],
  ) {}

  peekType(): string | undefined {
    return this.lines[this.index]?.text[7];
  }

  next(spec: RecordLayout, what: string): { rec: ReadRecord; no: number } {
    const line = this.lines[this.index];
    if (line === undefined) throw new CnabError(this.file, (this.lines.at(-1)?.no ?? 0) + 1, null, `the file ends where a ${what} was expected`);
    this.index += 1;
    return { rec: readRecord(spec, line.text, { file: this.file, line: line.no }), no: line.no };
  }

  current(): Line | undefined {
    return this.lines[this.index];
  }

  done(): boolean {
    return this.index >= this.lines.length;
  }
}

function splitLines(file: string, text: string): Line[] {
  const raw = text.replace(/\x1a$/, '').split(/\r?\n/);
  while (raw.length > 0 && raw.at(-1) === '') raw.pop();
  if (raw.length === 0) throw new CnabError(file, 1, null, 'the file is empty');
  return raw.map((t, i) => {
    if (t.length !== RECORD_LENGTH) throw new CnabError(file, i + 1, null, `a record has ${RECORD_LENGTH} positions, this one has ${t.length}`);
    return { no: i + 1, text: t };
  });
}

function fieldError(file: string, line: number, field: string, reason: string): CnabError {
  return new CnabError(file, line, field, reason);
}

function reasonsOf(profile: BankProfile, raw: string): ReturnReason[] {
  const codes = (raw.match(/.{1,2}/g) ?? []).map((c) => c.trim()).filter((c) => c !== '' && c !== '00');
  return codes.map((code) => ({ code, text: profile.reasons[code] ?? `Motivo ${code} (sem descrição no perfil do banco ${profile.code})` }));
}

function readDetail(r: Reader, profile: BankProfile, batch: string): ReturnEntry {
  const t = r.next(SEGMENT_T, 'segment T');
  if (t.rec.bank !== profile.code) throw fieldError(r.file, t.no, 'bank (positions 1-3)', `expected ${profile.code}, found ${t.rec.bank}`);
  if (t.rec.batch !== batch) throw fieldError(r.file, t.no, 'batch (positions 4-7)', `expected ${batch}, found ${t.rec.batch}`);
  if (r.current()?.text[13] !== 'U') throw new CnabError(r.file, t.no + 1, 'segment (position 14)', 'a segment T must be followed by its segment U');
  const u = r.next(SEGMENT_U, 'segment U');
  if (Number(u.rec.sequence) !== Number(t.rec.sequence) + 1) throw fieldError(r.file, u.no, 'sequence (positions 9-13)', `expected ${Number(t.rec.sequence) + 1}, found ${u.rec.sequence}`);
  if (u.rec.movement !== t.rec.movement) throw fieldError(r.file, u.no, 'movement (positions 16-17)', `segment U says ${u.rec.movement}, its segment T ${t.rec.movement}`);
  const field = (t.rec.nossoNumero ?? '').padEnd(20, ' ');
  const sequence = profile.sequenceOf(field);
  if (sequence === null) throw fieldError(r.file, t.no, 'nossoNumero (positions 38-57)', `"${field}" is not a nosso número of bank ${profile.code}`);
  const kind = profile.movements[t.rec.movement!] ?? 'informational';
  if (kind === 'settled' && dec(u.rec.paid!).isZero()) throw fieldError(r.file, u.no, 'paid (positions 78-92)', 'a settlement with no amount paid');
  if (kind === 'settled' && u.rec.occurredOn === '') throw fieldError(r.file, u.no, 'occurredOn (positions 138-145)', 'a settlement without its payment date');
  return {
    line: t.no,
    kind,
    movement: t.rec.movement!,
    sequence,
    nossoNumero: t.rec.nossoNumero!,
    documentNumber: t.rec.documentNumber!,
    dueDate: (t.rec.dueDate || null) as LocalDate | null,
    amount: t.rec.amount!,
    reasons: kind === 'rejected' ? reasonsOf(profile, t.rec.reasons!) : [],
    paid: u.rec.paid!,
    charges: u.rec.charges!,
    discount: u.rec.discount!,
    rebate: u.rec.rebate!,
    fee: t.rec.fee!,
    occurredOn: (u.rec.occurredOn || null) as LocalDate | null,
    creditedOn: (u.rec.creditedOn || null) as LocalDate | null,
  };
}

function readBatch(r: Reader, profile: BankProfile, entries: ReturnEntry[]): number {
  const header = r.next(BATCH_HEADER, 'batch header');
  if (header.rec.operation !== 'T') throw fieldError(r.file, header.no, 'operation (position 9)', `a return batch has operation T, found "${header.rec.operation}"`);
  const batch = header.rec.batch!;
  let records = 1;
  while (r.peekType() === '3') {
    const segment = r.current()!.text[13];
    if (segment !== 'T') throw new CnabError(r.file, r.current()!.no, 'segment (position 14)', `expected segment T, found "${segment}"`);
    entries.push(readDetail(r, profile, batch));
    records += 2;
  }
  const trailer = r.next(BATCH_TRAILER, 'batch trailer');
  if (trailer.rec.batch !== batch) throw fieldError(r.file, trailer.no, 'batch (positions 4-7)', `expected ${batch}, found ${trailer.rec.batch}`);
  records += 1;
  if (Number(trailer.rec.records) !== records) throw fieldError(r.file, trailer.no, 'records (positions 18-23)', `says ${Number(trailer.rec.records)} records, the batch has ${records}`);
  return records;
}

/** Parses a whole return file; throws CnabError at the first problem (the file is then refused whole). */
export function parseReturn(file: string, text: string): ReturnFile {
  const r = new Reader(file, splitLines(file, text));
  const header = r.next(FILE_HEADER, 'file header');
  const profile = BANK_PROFILES[header.rec.bank!];
  if (profile === undefined) throw fieldError(file, header.no, 'bank (positions 1-3)', `no CNAB 240 profile for bank ${header.rec.bank} (known: ${Object.keys(BANK_PROFILES).join(', ')})`);
  if (header.rec.direction !== '2') throw fieldError(file, header.no, 'direction (position 143)', `a return file has 2, found ${header.rec.direction}`);
  if (header.rec.generatedOn === '') throw fieldError(file, header.no, 'generatedOn (positions 144-151)', 'missing');
  const entries: ReturnEntry[] = [];
  let batches = 0;
  let records = 1;
  while (r.peekType() === '1') {
    records += readBatch(r, profile, entries);
    batches += 1;
  }
  const trailer = r.next(FILE_TRAILER, 'file trailer');
  records += 1;
  if (!r.done()) throw new CnabError(file, r.current()!.no, null, 'records after the file trailer');
  if (Number(trailer.rec.batches) !== batches) throw fieldError(file, trailer.no, 'batches (positions 18-23)', `says ${Number(trailer.rec.batches)} batches, the file has ${batches}`);
  if (Number(trailer.rec.records) !== records) throw fieldError(file, trailer.no, 'records (positions 24-29)', `says ${Number(trailer.rec.records)} records, the file has ${records}`);
  return { bank: profile.code, fileSequence: Number(header.rec.fileSequence), generatedOn: header.rec.generatedOn as LocalDate, entries };
}
