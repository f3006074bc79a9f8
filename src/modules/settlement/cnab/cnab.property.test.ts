// Generated then parsed back: a return file written from random bank events reads back as those
// events, for every profile; a remittance's segments P/Q/R read back as the boletos they carry.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { addDays, type LocalDate } from '../../../platform/dates.js';
import { fromCents } from '../../../platform/money.js';
import { BATCH_TRAILER, FILE_HEADER, FILE_TRAILER, SEGMENT_P, SEGMENT_Q, SEGMENT_R } from './layouts.js';
import { BANK_PROFILES, type CnabIssuer } from './profiles.js';
import { readRecord, RECORD_LENGTH } from './record.js';
import { buildRemittance, remittanceText, type RemittanceEntry } from './remittance.js';
import { parseReturn } from './return-file.js';
import { buildReturn } from './return-writer.js';

const ISSUERS: Record<string, CnabIssuer> = {
  '001': { agreement: '1234567', wallet: '17', branch: '1606', account: '6809350' },
  '341': { wallet: '109', branch: '0057', account: '12345', accountDigit: '7' },
  '237': { wallet: '09', branch: '1234', account: '0012345', accountDigit: '6' },
};
const MAX_SEQUENCE: Record<string, bigint> = { '001': 9_999_999_999n, '341': 99_999_999n, '237': 99_999_999_999n };
const COMPANY = { document: '11222333000181', name: 'CaaS Sandbox SCD' };
const BASE = '2026-01-01' as LocalDate;

const date = fc.integer({ min: 0, max: 3000 }).map((d) => addDays(BASE, d));
const money = fc.bigInt({ min: 1n, max: 99_999_999_999n }).map((c) => fromCents(c).toFixed(2));
const bank = fc.constantFrom('001', '341', '237');

test('return files: written then parsed back, every bank profile', () => {
  fc.assert(
    fc.property(bank, fc.array(fc.record({ movement: fc.constantFrom('02', '03', '06', '09', '28'), seq: fc.bigInt({ min: 1n, max: 99_999_999n }), due: date, amount: money, paid: money, charges: money, when: date, reasons: fc.array(fc.constantFrom('08', '16', '45'), { maxLength: 5 }) }), { maxLength: 20 }), (code, events) => {
      const profile = BANK_PROFILES[code]!;
      const bankEvents = events.map((e, i) => ({ movement: e.movement, sequence: e.seq, documentNumber: String(i + 1), dueDate: e.due, amount: e.amount, reasons: e.reasons, paid: e.paid, charges: e.charges, occurredOn: e.when, creditedOn: addDays(e.when, 1) }));
      const lines = buildReturn({ profile, issuer: ISSUERS[code]!, company: COMPANY, fileSequence: 3, generatedOn: BASE, events: bankEvents });
      const parsed = parseReturn('gen.ret', remittanceText(lines));
      assert.equal(parsed.bank, code);
      assert.equal(parsed.entries.length, events.length);
      parsed.entries.forEach((entry, i) => {
        const e = bankEvents[i]!;
        assert.equal(entry.sequence, e.sequence);
        assert.equal(entry.movement, e.movement);
        assert.equal(entry.kind, profile.movements[e.movement] ?? 'informational');
        assert.equal(entry.amount, e.amount);
        assert.equal(entry.paid, e.paid);
        assert.equal(entry.charges, e.charges);
        assert.equal(entry.occurredOn, e.occurredOn);
        assert.equal(entry.creditedOn, e.creditedOn);
        assert.equal(entry.documentNumber, e.documentNumber);
        assert.deepEqual(entry.reasons.map((r) => r.code), entry.kind === 'rejected' ? e.reasons : []);
        assert.equal(entry.line, 3 + 2 * i);
      });
    }),
    { seed: 17_240, numRuns: 150 },
  );
});

const entry = fc.oneof(
  fc.record({ kind: fc.constant('register' as const), seq: fc.bigInt({ min: 1n, max: 99_999_999n }), due: date, amount: money, discount: fc.constantFrom('0', '5.00'), payerName: fc.string({ maxLength: 50 }), cpf: fc.constantFrom('12345678909', '11222333000181') }),
  fc.record({ kind: fc.constant('writeOff' as const), seq: fc.bigInt({ min: 1n, max: 99_999_999n }), due: date, amount: money }),
);

test('remittances: 240 positions a line, segments P/Q/R read back as the boletos, trailers count them', () => {
  fc.assert(
    fc.property(bank, fc.array(entry, { maxLength: 15 }), (code, generated) => {
      const profile = BANK_PROFILES[code]!;
      const issuer = ISSUERS[code]!;
      const entries: RemittanceEntry[] = generated.map((g, i) =>
        g.kind === 'register'
          ? { kind: 'register', sequence: g.seq % MAX_SEQUENCE[code]!, documentNumber: String(i + 1), issuedOn: BASE, dueDate: g.due, amount: g.amount, discount: g.discount, interestMonthlyPercent: '1.00', finePercent: '2.00', payer: { document: g.cpf, name: g.payerName }, address: { street: 'Rua Ágata, 10', district: 'Centro', zip: '01001000', city: 'São Paulo', state: 'SP' } }
          : { kind: 'writeOff', sequence: g.seq, documentNumber: String(i + 1), dueDate: g.due, amount: g.amount },
      );
      const lines = buildRemittance({ profile, issuer, company: COMPANY, fileSequence: 12, generatedOn: BASE, generatedAt: '093000', entries, chargesFrom: (d) => addDays(d, 1) });
      for (const line of lines) assert.equal(line.length, RECORD_LENGTH);
      const at = { file: 'gen.rem', line: 0 };
      const header = readRecord(FILE_HEADER, lines[0]!, at);
      assert.equal(header.bank, code);
      assert.equal(header.direction, '1');
      assert.equal(header.layoutVersion, profile.fileLayoutVersion);
      let i = 2;
      for (const e of entries) {
        const p = readRecord(SEGMENT_P, lines[i++]!, at);
        assert.equal(profile.sequenceOf(lines[i - 1]!.slice(37, 57)), e.sequence);
        assert.equal(p.movement, e.kind === 'register' ? '01' : '02');
        assert.equal(p.amount, e.amount);
        assert.equal(p.dueDate, e.dueDate);
        if (e.kind === 'register') {
          assert.equal(p.interestFrom, addDays(e.dueDate, 1));
          const q = readRecord(SEGMENT_Q, lines[i++]!, at);
          assert.equal(q.payerDocument, e.payer.document.padStart(15, '0'));
          assert.equal(q.payerDocumentType, e.payer.document.length === 11 ? '1' : '2');
          assert.equal(q.payerCity, 'SAO PAULO');
          const r = readRecord(SEGMENT_R, lines[i++]!, at);
          assert.equal(r.fine, '2.00');
          assert.equal(r.fineCode, '2');
        }
      }
      const batchTrailer = readRecord(BATCH_TRAILER, lines[i++]!, at);
      assert.equal(Number(batchTrailer.records), lines.length - 2);
      assert.equal(Number(batchTrailer.simpleCount), entries.length);
      const trailer = readRecord(FILE_TRAILER, lines[i++]!, at);
      assert.equal(Number(trailer.records), lines.length);
      assert.equal(i, lines.length);
    }),
    { seed: 17_241, numRuns: 150 },
  );
});
