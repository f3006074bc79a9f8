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
import { installmentNotFound, ReceivablesErrorCode as C } from '../receivables-errors.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { lockOpenSchedule, type InstallmentRow, type ScheduleReference } from '../schedule/schedule-repository.js';

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

/** Where each launch and its installment number sit in the request (refusals name them). */
export interface LaunchPaths {
  list: string;
  item(i: number): string;
  nroParcela(i: number): string;
}

export const MULTIPLE_PATHS: LaunchPaths = {
  list: 'dtoLancamentoParcelas',
  item: (i) => `dtoLancamentoParcelas[${i}]`,
  nroParcela: (i) => `dtoLancamentoParcelas[${i}].nroParcela`,
};

interface ReadItem {
  nroParcela: number;
  dtPagamento: LocalDate;
  item: LaunchInput;
  at: string;
  nroParcelaAt: string;
}

function readPaymentDate(item: LaunchInput, at: string, today: LocalDate, disbursedOn: LocalDate, problems: Problems): LocalDate | null {
  const raw = item.paymentDate?.trim() ?? '';
  if (raw === '') return (problems.add(C.launchFieldMissing, 'dtPagamento deve ser informada', `${at}.dtPagamento`), null);
  const date = calendarDateOf(raw);
  if (date === null) return (problems.add(C.invalidDate, 'Data inválida', `${at}.dtPagamento`), null);
  if (compareDates(date, today) > 0) problems.add(C.paymentDateInFuture, `Data de pagamento (${date}) não pode ser posterior à data atual (${today})`, `${at}.dtPagamento`);
  if (compareDates(date, disbursedOn) < 0) problems.add(C.paymentDateBeforeDisbursement, `Data de pagamento (${date}) não pode ser anterior à liberação (${disbursedOn})`, `${at}.dtPagamento`);
  return date;
}

function readItems(items: readonly LaunchInput[], today: LocalDate, disbursedOn: LocalDate, paths: LaunchPaths): ReadItem[] {
  const problems = new Problems();
  if (items.length === 0) problems.add(C.launchesMissing, 'Informe ao menos um lançamento', paths.list);
  const read = items.flatMap((item, i) => {
    const at = paths.item(i);
    const nroParcelaAt = paths.nroParcela(i);
    const n = item.installmentNumber;
    if (n === null || n === undefined) problems.add(C.launchFieldMissing, 'nroParcela deve ser informado', nroParcelaAt);
    else if (items.findIndex((other) => other.installmentNumber === n) !== i) problems.add(C.installmentRepeated, `Parcela ${n} informada mais de uma vez`, nroParcelaAt);
    if (item.amount === null) problems.add(ChargesErrorCode.amountMissing, 'Valor deve ser informado', `${at}.vlrPagamento`);
    const date = readPaymentDate(item, at, today, disbursedOn, problems);
    return n === null || n === undefined || date === null ? [] : [{ nroParcela: n, dtPagamento: date, item, at, nroParcelaAt }];
  });
  problems.throwIfAny();
  return read;
}

function toLaunch(read: ReadItem, installments: readonly InstallmentRow[]): LaunchItem {
  const installment = installments.find((row) => row.number === read.nroParcela);
  if (installment === undefined) throw installmentNotFound(read.nroParcela, read.nroParcelaAt);
  return {
    installment,
    payment: {
      dtPagamento: read.dtPagamento,
      vlrPagamento: read.item.amount!,
      vlrDesconto: read.item.discount ?? ZERO,
      permiteDescapitalizacao: read.item.allowDecapitalization ?? false,
    },
    description: read.item.description?.trim() || null,
    fieldPrefix: read.at,
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
  const { schedule, installments } = await lockOpenSchedule(ctx.tx, ctx.actor.id, input.schedule);
  const read = readItems(input.launches, brazilDateAt(ctx.now), schedule.disbursed_on as LocalDate, paths);
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

/** IncluirLancamentoMultiplasParcelas: refusals name `dtoLancamentoParcelas[i]`. */
export const addInstallmentLaunches = (deps: ReceivablesDeps) => launchesCommand('launches.add', MULTIPLE_PATHS, deps);

const SINGLE_PATHS: LaunchPaths = { list: 'dtoLancamentoParcela', item: () => 'dtoLancamentoParcela', nroParcela: () => 'dto.nroParcela' };

/** IncluirLancamentoParcela: one launch; refusals name the fields of its own body. */
export const addInstallmentLaunch = (deps: ReceivablesDeps) => launchesCommand('launch.add', SINGLE_PATHS, deps);
