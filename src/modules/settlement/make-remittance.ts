// `caas cnab remessa` (the command settlement.remittance): the boletos waiting for registration (tipoRegistro 2) and the write-offs of
// cancelled boletos that the bank registered, in one remittance file; each marked as sent in the
// transaction that records the file. Runs for one bank are serialized (an advisory lock per bank,
// and a unique file sequence per bank, migration 0036), so two runs never share a sequence. The
// file is written before the commit (a temp file, then linked to its name, which never replaces an
// existing file); a failed commit removes it. After a crash between the link and the commit nothing
// is marked and the orphan file keeps its name: the next run refuses to write over it and says so
// (the operator removes it unless the bank already took it).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../platform/clock.js';
import { runDefined, type Actor, type CommandDefinition, type CommandOutcome } from '../../platform/commands.js';
import type { Db, Tx } from '../../platform/db/pool.js';
import { addDays, brazilDateAt, type LocalDate } from '../../platform/dates.js';
import { BoletoStatus, type ReceivablesSettings } from '../receivables/index.js';
import { bankProfile } from './cnab/profiles.js';
import { buildRemittance, remittanceText, type PayerAddress, type RemittanceEntry } from './cnab/remittance.js';
import { sha256Of } from './import-return.js';

export interface RemittanceResult {
  path: string | null;
  fileSequence: number;
  registrations: number;
  writeOffs: number;
}

const OFFLINE = 2;

async function pendingRegistrations(tx: Tx, bank: string) {
  return tx
    .selectFrom('receivable_boletos as b')
    .innerJoin('receivable_schedules as s', 's.id', 'b.schedule_id')
    .leftJoin('settlement_remittance_items as r', (j) => j.onRef('r.boleto_id', '=', 'b.id').on('r.kind', '=', 'register'))
    .select(['b.id', 'b.partner_id', 'b.numero', 'b.nosso_numero_seq', 'b.created_at', 'b.due_date', 'b.amount', 'b.discount', 's.customer_document', 's.customer_name'])
    .where('b.bank_code', '=', bank)
    .where('b.registration_mode', '=', OFFLINE)
    .where('b.registration_status', '=', BoletoStatus.pending)
    .where('r.boleto_id', 'is', null)
    .orderBy('b.numero')
    .forUpdate('b')
    .skipLocked()
    .execute();
}

async function pendingWriteOffs(tx: Tx, bank: string) {
  return tx
    .selectFrom('receivable_boletos as b')
    .innerJoin('settlement_remittance_items as sent', (j) => j.onRef('sent.boleto_id', '=', 'b.id').on('sent.kind', '=', 'register'))
    .leftJoin('settlement_remittance_items as w', (j) => j.onRef('w.boleto_id', '=', 'b.id').on('w.kind', '=', 'writeOff'))
    .select(['b.id', 'b.numero', 'b.nosso_numero_seq', 'b.due_date', 'b.amount'])
    .where('b.bank_code', '=', bank)
    .where('b.registration_status', 'in', [BoletoStatus.cancelPending, BoletoStatus.cancelled])
    .where('w.boleto_id', 'is', null)
    .orderBy('b.numero')
    .forUpdate('b')
    .skipLocked()
    .execute();
}

async function addressOf(tx: Tx, partnerId: string, document: string): Promise<PayerAddress | null> {
  const a = await tx.selectFrom('customer_addresses').selectAll().where('partner_id', '=', partnerId).where('customer_document', '=', document).orderBy('principal', 'desc').orderBy('updated_at', 'desc').executeTakeFirst();
  if (a === undefined) return null;
  return { street: [a.logradouro, a.nro_logradouro].filter((x) => x).join(', '), district: a.bairro ?? '', zip: a.cep, city: a.cidade, state: a.uf };
}

const percent = (rate: { times(n: number): { toFixed(d: number): string } }) => rate.times(100).toFixed(2);

function hhmmss(now: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(now).replaceAll(':', '');
}

/** Writes a whole file under a name that must not exist yet: the bank never sees a half file or a replaced one. */
async function writeNew(target: string, bytes: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomUUID()}.tmp`;
  await fs.writeFile(temp, bytes, { flag: 'wx' });
  try {
    await fs.link(temp, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new Error(`${target} already exists and no remittance records it: a run that stopped before its commit left it, or another instance writes to this folder. Remove it if the bank has not taken it, then run again`);
  } finally {
    await fs.rm(temp, { force: true });
  }
}

export interface RemittanceInput {
  /** The bank of the file; null: the configured boleto issuer's. */
  bank: string | null;
}

export type RemittanceDefinition = CommandDefinition<RemittanceInput, RemittanceResult>;

/** The system's own runs (tests, jobs); an operator's come from the CLI with their name. */
const SYSTEM_ACTOR: Actor = { kind: 'system', id: 'settlement.remittance' };

function summary(r: RemittanceResult): string {
  return r.path === null ? 'remittance: nothing to send' : `remittance ${path.basename(r.path)}: ${r.registrations} registration(s), ${r.writeOffs} write-off(s)`;
}

function issuerBank(settings: ReceivablesSettings, bank: string | null): string {
  const chosen = bank ?? settings.issuer.bankCode;
  if (chosen !== settings.issuer.bankCode) throw new Error(`the configured boleto issuer is bank ${settings.issuer.bankCode} (CAAS_BOLETO_BANK_CODE); no agência/conta is configured for bank ${chosen}`);
  return chosen;
}

/** Where the command leaves the path of a file it wrote, for its caller to remove if the run did not commit. */
export interface WrittenFile {
  path: string | null;
}

/** settlement.remittance: the runner's transaction, a lock per bank, the audit row and an idempotency key. */
export function remittanceCommand(settings: ReceivablesSettings, outDir: string, written: WrittenFile = { path: null }): RemittanceDefinition {
  return {
    name: 'settlement.remittance',
    locks: (input) => [`settlement.remittance:${input.bank ?? settings.issuer.bankCode}`],
    summarize: summary,
    handler: async (input, ctx) => {
      const made = await remittanceIn(ctx.tx, ctx.now, settings, issuerBank(settings, input.bank), outDir);
      written.path = made.path;
      return made;
    },
  };
}

/**
 * Runs the remittance command (`run`: runDefined, or the CLI's operator runner, given where the
 * command notes its file). A file written by a run that did not commit (an error, or another run
 * of the same key won) is removed.
 */
export async function removingUncommitted(run: (written: WrittenFile) => Promise<CommandOutcome<RemittanceResult>>): Promise<RemittanceResult> {
  const written: WrittenFile = { path: null };
  try {
    const outcome = await run(written);
    if (outcome.replayed && written.path !== null) await fs.rm(written.path, { force: true });
    return outcome.result;
  } catch (error) {
    if (written.path !== null) await fs.rm(written.path, { force: true });
    throw error;
  }
}

/** One run by the system actor, without a key (tests, and any caller that is not a person). */
export function makeRemittance(db: Db, clock: Clock, settings: ReceivablesSettings, bank: string, outDir: string): Promise<RemittanceResult> {
  issuerBank(settings, bank);
  return removingUncommitted((written) => runDefined({ db, clock }, remittanceCommand(settings, outDir, written), { bank }, SYSTEM_ACTOR));
}

async function remittanceIn(tx: Tx, now: Date, settings: ReceivablesSettings, bank: string, outDir: string): Promise<RemittanceResult> {
  const profile = bankProfile(bank);
  const today = brazilDateAt(now);
  const registrations = await pendingRegistrations(tx, bank);
  const writeOffs = await pendingWriteOffs(tx, bank);
  const last = await tx.selectFrom('settlement_files').select((eb) => eb.fn.max('file_sequence').as('n')).where('direction', '=', 'remittance').where('bank_code', '=', bank).executeTakeFirst();
  const fileSequence = Number(last?.n ?? 0) + 1;
  if (registrations.length + writeOffs.length === 0) return { path: null, fileSequence: fileSequence - 1, registrations: 0, writeOffs: 0 };
  const entries: RemittanceEntry[] = [];
  for (const b of registrations) {
    entries.push({ kind: 'register', sequence: BigInt(b.nosso_numero_seq), documentNumber: String(b.numero), issuedOn: brazilDateAt(b.created_at), dueDate: b.due_date as LocalDate, amount: b.amount, discount: b.discount, interestMonthlyPercent: percent(settings.charges.lateInterestMonthlyRate), finePercent: percent(settings.charges.fineRate), payer: { document: b.customer_document, name: b.customer_name ?? '' }, address: await addressOf(tx, b.partner_id, b.customer_document) });
  }
  for (const b of writeOffs) entries.push({ kind: 'writeOff', sequence: BigInt(b.nosso_numero_seq), documentNumber: String(b.numero), dueDate: b.due_date as LocalDate, amount: b.amount });
  const text = remittanceText(buildRemittance({ profile, issuer: settings.issuer, company: settings.beneficiary, fileSequence, generatedOn: today, generatedAt: hhmmss(now), entries, chargesFrom: (d) => addDays(d, 1) }));
  const bytes = Buffer.from(text, 'latin1');
  const name = `remessa-${bank}-${String(fileSequence).padStart(6, '0')}.rem`;
  const fileId = randomUUID();
  await tx.insertInto('settlement_files').values({ id: fileId, direction: 'remittance', bank_code: bank, name, sha256: sha256Of(bytes), file_sequence: fileSequence, entries: entries.length, created_at: now }).execute();
  const items = [...registrations.map((b) => ({ boleto_id: b.id, kind: 'register' as const })), ...writeOffs.map((b) => ({ boleto_id: b.id, kind: 'writeOff' as const }))];
  await tx.insertInto('settlement_remittance_items').values(items.map((i) => ({ ...i, file_id: fileId, created_at: now }))).execute();
  const target = path.join(outDir, name);
  await writeNew(target, bytes);
  return { path: target, fileSequence, registrations: registrations.length, writeOffs: writeOffs.length };
}
