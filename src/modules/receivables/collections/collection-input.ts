// Readers of the boleto and charge requests. Each adds its problems to a Problems collector, so a
// request is refused with every validation message at once (400, field = JSON path).
import { addDays, calendarDateOf, compareDates, type LocalDate } from '../../../platform/dates.js';
import type { Problems } from '../../../platform/errors.js';
import type { Decimal } from '../../../platform/money.js';
import { ReceivablesErrorCode as C } from '../receivables-errors.js';
import { DUE_DATE_AHEAD_DAYS_MAX } from '../limits.js';


export function readDescription(raw: string | null | undefined, field: string, label: string, problems: Problems): string {
  const text = raw?.trim() ?? '';
  if (text === '') problems.add(C.descriptionMissing, `${label} deve ser informada (1 a 200 caracteres)`, field);
  return text;
}

/** tipoRegistro: 1 online (default), 2 offline. The schema already bounds it to 1..2. */
export function readRegistrationMode(raw: number | null | undefined): 1 | 2 {
  return raw === 2 ? 2 : 1;
}

export interface DateFields {
  due: string;
  expiry: string;
}

export interface CollectionDates {
  dueDate: LocalDate;
  expiresOn: LocalDate;
}

function readDate(raw: string | null | undefined, field: string, problems: Problems): LocalDate | null | undefined {
  if (raw === null || raw === undefined || raw.trim() === '') return undefined;
  const date = calendarDateOf(raw.trim());
  if (date === null) problems.add(C.invalidDate, 'Data inválida', field);
  return date;
}

/**
 * dtVencimento (or `fallbackDue` when absent) from today up to ten years ahead; dtExpiracao not
 * before it (absent = the due date). Null when a problem was recorded.
 */
export function readDates(due: string | null | undefined, expiry: string | null | undefined, fallbackDue: LocalDate | null, today: LocalDate, fields: DateFields, problems: Problems): CollectionDates | null {
  const before = problems.count;
  const dueRead = readDate(due, fields.due, problems);
  const expiryRead = readDate(expiry, fields.expiry, problems);
  const dueDate = dueRead === undefined ? fallbackDue : dueRead;
  if (dueRead === undefined && fallbackDue === null) problems.add(C.dueDateMissing, 'Data de vencimento deve ser informada', fields.due);
  if (dueDate === null || expiryRead === null || problems.count > before) return null;
  if (compareDates(dueDate, today) < 0) problems.add(C.dueDateInPast, `Data de vencimento (${dueDate}) não pode ser anterior à data atual (${today})`, fields.due);
  if (compareDates(dueDate, addDays(today, DUE_DATE_AHEAD_DAYS_MAX)) > 0) problems.add(C.invalidDate, 'Data de vencimento deve estar nos próximos 10 anos', fields.due);
  const expiresOn = expiryRead ?? dueDate;
  if (compareDates(expiresOn, dueDate) < 0) problems.add(C.expiryBeforeDue, 'Data de expiração não pode ser anterior à data de vencimento', fields.expiry);
  return problems.count > before ? null : { dueDate, expiresOn };
}

/** Installment numbers of a request: at least one, none repeated. */
export function readInstallmentNumbers(raw: readonly number[] | null | undefined, field: string, problems: Problems): number[] {
  const numbers = raw ?? [];
  if (numbers.length === 0) problems.add(C.installmentsMissing, 'Informe ao menos uma parcela', field);
  numbers.forEach((n, i) => {
    if (numbers.indexOf(n) !== i) problems.add(C.installmentRepeated, `Parcela ${n} informada mais de uma vez`, `${field}[${i}]`);
  });
  return [...numbers];
}

/** A settlement boleto/charge computes its amount; any other needs one (production messages). */
export function readAmount(settlement: boolean, amount: Decimal | null | undefined, field: string, problems: Problems): Decimal | null {
  const given = amount === null || amount === undefined ? null : amount;
  if (settlement && given !== null) problems.add(C.amountNotAllowed, 'Valor não deve ser informado para liquidação: ele é calculado a partir do saldo das parcelas', field);
  if (!settlement && (given === null || given.isZero())) problems.add(C.amountMissing, 'Valor deve ser informado', field);
  return settlement ? null : given;
}
