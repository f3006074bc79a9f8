// AgendaRecebivel/IncluirLancamentoMultiplasParcelas in domain terms (issue 13): the command
// `launches.add` posts payments of the partner. All items commit together or none (the runner's
// one transaction, under the idempotency key). AgendaRecebivel/IncluirLancamentoParcela (one
// installment) is the command `launch.add`: the same rules, with the field paths of its own body.
// The routes map the wire bodies in and the result out.
import type { CommandContext, CommandDefinition } from '../../../platform/commands.js';
import { brazilDateAt, calendarDateOf, compareDates, type LocalDate } from '../../../platform/dates.js';
import { Problems } from '../../../platform/errors.js';
import { ZERO, type Decimal } from '../../../platform/money.js';
import { ChargesErrorCode } from '../schedule/charges-math/index.js';
import { postLaunches, type LaunchItem } from './launch-post.js';
import { MULTIPLE_PATHS, SINGLE_PATHS } from './launch-wire.js';
import { installmentNotFound, ReceivablesErrorCode as C } from '../receivables-errors.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { launchedInstallments, requireOpenSchedule, type InstallmentRow, type ScheduleReference } from '../schedule/schedule-repository.js';

/** One payment as sent (each field checked by the command). */
export interface LaunchInput {
  installmentNumber: number | null;
  paymentDate: string | null;
  amount: Decimal | null;
  discount: Decimal | null;
  allowDecapitalization: boolean | null;
  description: string | null;
}

export interface AddLaunchesInput {
  schedule: ScheduleReference;
  launches: readonly LaunchInput[];
}

export interface AddLaunchesResult {
  /** The launches' group (CodigoLancamento of event 3). */
  groupId: string;
  /** Nothing is owed any more: the schedule is paid off. */
  paidOff: boolean;
}

/** A launch's fields a refusal can name (LaunchInput's names). */
export type LaunchField = 'installmentNumber' | 'amount' | 'discount' | 'paymentDate';

/** Where the launches sit in the request (refusals name them; launch-wire.ts gives the wire paths). */
export interface LaunchPaths {
  /** The list of launches (refused when empty). */
  list: string;
  /** The path of each field of launch `i`. */
  item(i: number): Readonly<Record<LaunchField, string>>;
  /** Where launch `i`'s installment number is refused (missing, repeated, not in the schedule). */
  installmentNumber(i: number): string;
}

interface ReadItem {
  installmentNumber: number;
  paymentDate: LocalDate;
  item: LaunchInput;
  fields: Readonly<Record<LaunchField, string>>;
  installmentNumberAt: string;
}

function readPaymentDate(item: LaunchInput, at: string, today: LocalDate, disbursedOn: LocalDate, problems: Problems): LocalDate | null {
  const raw = item.paymentDate?.trim() ?? '';
  if (raw === '') return (problems.add(C.launchFieldMissing, 'dtPagamento deve ser informada', at), null);
  const date = calendarDateOf(raw);
  if (date === null) return (problems.add(C.invalidDate, 'Data inválida', at), null);
  if (compareDates(date, today) > 0) problems.add(C.paymentDateInFuture, `Data de pagamento (${date}) não pode ser posterior à data atual (${today})`, at);
  if (compareDates(date, disbursedOn) < 0) problems.add(C.paymentDateBeforeDisbursement, `Data de pagamento (${date}) não pode ser anterior à liberação (${disbursedOn})`, at);
  return date;
}

function readItems(items: readonly LaunchInput[], today: LocalDate, disbursedOn: LocalDate, paths: LaunchPaths): ReadItem[] {
  const problems = new Problems();
  if (items.length === 0) problems.add(C.launchesMissing, 'Informe ao menos um lançamento', paths.list);
  const read = items.flatMap((item, i) => {
    const fields = paths.item(i);
    const installmentNumberAt = paths.installmentNumber(i);
    const n = item.installmentNumber;
    if (n === null || n === undefined) problems.add(C.launchFieldMissing, 'nroParcela deve ser informado', installmentNumberAt);
    else if (items.findIndex((other) => other.installmentNumber === n) !== i) problems.add(C.installmentRepeated, `Parcela ${n} informada mais de uma vez`, installmentNumberAt);
    if (item.amount === null) problems.add(ChargesErrorCode.amountMissing, 'Valor deve ser informado', fields.amount);
    const date = readPaymentDate(item, fields.paymentDate, today, disbursedOn, problems);
    return n === null || n === undefined || date === null ? [] : [{ installmentNumber: n, paymentDate: date, item, fields, installmentNumberAt }];
  });
  problems.throwIfAny();
  // Only an integer column value names an installment: any other number (from a caller other than
  // the HTTP schema) is not found, as when every row was read, and never reaches the query's
  // integer[] cast (PostgreSQL 22P02/22003, a 5xx).
  const unnamed = read.find((r) => !isInstallmentNumber(r.installmentNumber));
  if (unnamed !== undefined) throw installmentNotFound(unnamed.installmentNumber, unnamed.installmentNumberAt);
  return read;
}

const isInstallmentNumber = (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31;

function toLaunch(read: ReadItem, installments: readonly InstallmentRow[]): LaunchItem {
  const installment = installments.find((row) => row.number === read.installmentNumber);
  if (installment === undefined) throw installmentNotFound(read.installmentNumber, read.installmentNumberAt);
  return {
    installment,
    payment: {
      paymentDate: read.paymentDate,
      amount: read.item.amount!,
      discount: read.item.discount ?? ZERO,
      allowDecapitalization: read.item.allowDecapitalization ?? false,
    },
    description: read.item.description?.trim() || null,
    fieldPaths: read.fields,
  };
}

/**
 * Errors (400): AGD001–AGD004, AGD006 repeated installment, LAN001 no item, LAN002 nroParcela or
 * dtPagamento missing, LAN003 payment date in the future, LAN004 before the disbursement, BOL010
 * invalid date, PARC001 "Valor deve ser informado", PARC002–PARC009 (charges-math: discount "não
 * pode ser superior ou igual ao saldo atual da parcela", payment above the balance, installment
 * paid or cancelled, date before the installment's last launch).
 */
async function addLaunches(input: AddLaunchesInput, ctx: CommandContext, deps: ReceivablesDeps, paths: LaunchPaths): Promise<AddLaunchesResult> {
  const schedule = await requireOpenSchedule(ctx.tx, ctx.actor.id, input.schedule);
  const read = readItems(input.launches, brazilDateAt(ctx.now), schedule.disbursed_on as LocalDate, paths);
  // The named installments and one other still owed (if any): enough for the paid-off check.
  const installments = await launchedInstallments(ctx.tx, schedule, read.map((r) => r.installmentNumber));
  const items = read.map((r) => toLaunch(r, installments));
  const posted = await postLaunches(ctx.tx, ctx.enqueue, deps, schedule, installments, items, { viaBoleto: false, boletoId: null, chargeId: null }, ctx.now);
  return { groupId: posted.groupId, paidOff: posted.paidOff };
}

function launchesCommand(name: string, paths: LaunchPaths, deps: ReceivablesDeps): CommandDefinition<AddLaunchesInput, AddLaunchesResult> {
  return {
    name,
    summarize: (result) => `launches ${result.groupId} posted${result.paidOff ? '; schedule paid off' : ''}`,
    handler: (input, ctx) => addLaunches(input, ctx, deps, paths),
  };
}

/** IncluirLancamentoMultiplasParcelas: refusals name the items of the list. */
export const addInstallmentLaunches = (deps: ReceivablesDeps) => launchesCommand('launches.add', MULTIPLE_PATHS, deps);

/** IncluirLancamentoParcela: one launch; refusals name the fields of its own body. */
export const addInstallmentLaunch = (deps: ReceivablesDeps) => launchesCommand('launch.add', SINGLE_PATHS, deps);
