// `caas cnab retorno` and the inbox worker: a CNAB 240 return file applied whole, in one
// transaction, once, by the command `settlement.cnab.import` whose actor is the bank (system
// 'bank:<code>'). The file's SHA-256 is stored with it: the same file again changes nothing (and a
// concurrent import of the same file waits on the unique index, then finds it done). Each event is
// keyed by its content (cnabEventKey), so the same event in another file (reprocessed, consolidated,
// CRLF→LF) is a recognised duplicate that changes nothing.
import { createHash, randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import { runDefined, type Enqueue, type CommandDefinition } from '../../platform/commands.js';
import type { Db, Tx } from '../../platform/db/pool.js';
import { dec } from '../../platform/money.js';
import { boletoById, BoletoStatus, cancelBoletoNow, registerBoleto, scheduleById, setBoletoStatus } from '../receivables/index.js';
import { applyReportedPayment, type ApplyOutcome, type PaymentTarget } from './apply-payment.js';
import type { SettlementDeps } from './settlement-deps.js';
import type { ReturnKind } from './cnab/profiles.js';
import { parseReturn, type ReturnEntry, type ReturnFile } from './cnab/return-file.js';
import { recordEvent } from './ledger.js';
import { cnabEventKey } from './rules.js';

export type EntryOutcome = ReturnKind | ApplyOutcome | 'ignored';

export interface ImportResult {
  file: string;
  sha256: string;
  status: 'applied' | 'alreadyImported';
  bank: string;
  entries: number;
  outcomes: Partial<Record<EntryOutcome, number>>;
}

interface Ctx {
  tx: Tx;
  enqueue: Enqueue;
  deps: SettlementDeps;
  file: ReturnFile;
  fileId: string;
  now: Date;
}

async function targetOf(tx: Tx, bank: string, sequence: bigint): Promise<PaymentTarget | null> {
  const row = await tx.selectFrom('receivable_boletos').select(['id', 'partner_id', 'schedule_id', 'charge_id']).where('bank_code', '=', bank).where('nosso_numero_seq', '=', Number(sequence)).executeTakeFirst();
  return row === undefined ? null : { partnerId: row.partner_id, scheduleId: row.schedule_id, boletoId: row.id, chargeId: row.charge_id };
}

const keyOf = (ctx: Ctx, e: ReturnEntry) => cnabEventKey(ctx.file.bank, e);

function eventOf(ctx: Ctx, e: ReturnEntry, target: PaymentTarget | null) {
  return {
    source_key: keyOf(ctx, e),
    channel: 'boleto' as const,
    actor: `bank:${ctx.file.bank}`,
    file_id: ctx.fileId,
    partner_id: target?.partnerId ?? null,
    boleto_id: target?.boletoId ?? null,
    charge_id: target?.chargeId ?? null,
    reference: e.nossoNumero,
    paid_on: e.occurredOn,
    credited_on: e.creditedOn,
    reasons: e.reasons.length === 0 ? null : e.reasons.map((r) => `${r.code} ${r.text}`).join('; '),
  };
}

/** Registration confirmed, refused, or a write-off: the boleto's state at the bank. */
async function applyStatus(ctx: Ctx, e: ReturnEntry, target: PaymentTarget | null): Promise<EntryOutcome> {
  const kind = target === null && e.kind !== 'informational' ? 'ignored' : e.kind;
  if (!(await recordEvent(ctx.tx, { ...eventOf(ctx, e, target), kind: e.kind, amount_paid: null }, ctx.now))) return 'duplicate';
  if (target === null) return kind;
  const schedule = await scheduleById(ctx.tx, target.partnerId, target.scheduleId, true);
  const boleto = (await boletoById(ctx.tx, target.partnerId, target.boletoId!, true))!;
  if (e.kind === 'registered') await registerBoleto(ctx.tx, ctx.enqueue, boleto, ctx.now);
  if (e.kind === 'rejected' && boleto.registration_status === BoletoStatus.pending) await setBoletoStatus(ctx.tx, boleto, BoletoStatus.failed);
  if (e.kind === 'writtenOff' && boleto.registration_status !== BoletoStatus.paid) await cancelBoletoNow(ctx.tx, ctx.enqueue, schedule, boleto, ctx.now);
  return kind;
}

async function applyEntry(ctx: Ctx, e: ReturnEntry): Promise<EntryOutcome> {
  const target = await targetOf(ctx.tx, ctx.file.bank, e.sequence);
  if (e.kind !== 'settled') return applyStatus(ctx, e, target);
  return applyReportedPayment(
    ctx.tx,
    ctx.enqueue,
    ctx.deps,
    target,
    {
      sourceKey: keyOf(ctx, e),
      channel: 'boleto',
      actor: `bank:${ctx.file.bank}`,
      reference: e.nossoNumero,
      amount: dec(e.paid),
      paidOn: e.occurredOn!,
      creditedOn: e.creditedOn,
      fileId: ctx.fileId,
      reportedCharges: dec(e.charges),
      reportedDiscount: dec(e.discount),
    },
    ctx.now,
  );
}

export function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

interface ParsedReturn {
  name: string;
  sha256: string;
  file: ReturnFile;
}

/** The import of one parsed return file, whole: a command whose actor is the bank. */
export function importReturnCommand(deps: SettlementDeps): CommandDefinition<ParsedReturn, ImportResult> {
  return {
    name: 'settlement.cnab.import',
    summarize: (r) => `${r.file} (sha256 ${r.sha256.slice(0, 12)}): ${r.status}, ${r.entries} line(s)`,
    handler: async ({ name, sha256, file }, { tx, now, enqueue }) => {
      const result: ImportResult = { file: name, sha256, status: 'applied', bank: file.bank, entries: file.entries.length, outcomes: {} };
      const fileId = randomUUID();
      const inserted = await tx
        .insertInto('settlement_files')
        .values({ id: fileId, direction: 'return', bank_code: file.bank, name, sha256, file_sequence: file.fileSequence, entries: file.entries.length, created_at: now })
        .onConflict((oc) => oc.columns(['direction', 'sha256']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted === undefined) return { ...result, status: 'alreadyImported' as const };
      const ctx: Ctx = { tx, enqueue, deps, file, fileId, now };
      for (const entry of file.entries) {
        const outcome = await applyEntry(ctx, entry);
        result.outcomes[outcome] = (result.outcomes[outcome] ?? 0) + 1;
      }
      return result;
    },
  };
}

/** Parses first (a bad file changes nothing and names its line and field), then applies it whole. */
export async function importReturnFile(db: Db, clock: Clock, deps: SettlementDeps, name: string, bytes: Buffer): Promise<ImportResult> {
  const file = parseReturn(name, bytes.toString('latin1'));
  const input = { name, sha256: sha256Of(bytes), file };
  return (await runDefined({ db, clock, outbox: deps.outbox }, importReturnCommand(deps), input, { kind: 'system', id: `bank:${file.bank}` })).result;
}
