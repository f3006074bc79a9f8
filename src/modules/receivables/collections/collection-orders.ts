// From a request to the boletos/charges to issue: one order for the single-boleto and
// single-charge operations (the named installments), one order per listed installment for the
// multiple ones. Validation problems are collected and thrown together, each naming the field at
// the path its face gave (collection-wire.ts: the wire paths of the HTTP requests).
import { compareDates, type LocalDate } from '../../../platform/dates.js';
import { Problems } from '../../../platform/errors.js';
import { ZERO, type Decimal } from '../../../platform/money.js';
import type { CollectionOrder } from './collection-issue.js';
import { readAmount, readDates, readInstallmentNumbers } from './collection-input.js';
import { installmentNotFound, ReceivablesErrorCode as C } from '../receivables-errors.js';
import { pickInstallments, type InstallmentRow } from '../schedule/schedule-repository.js';

/** The terms of one boleto or charge as sent (each read and checked here). */
export interface CollectionTerms {
  /** The due date and the payment deadline, as sent. */
  dueDate: string | null;
  expiresOn: string | null;
  /** Whether it settles the installments (null: settlement when no amount is sent). */
  settlement: boolean | null;
  /** The amount (only for a partial boleto or charge). */
  amount: Decimal | null;
  discount: Decimal | null;
  allowDecapitalization: boolean | null;
}

/** Where a single request's fields are on its face's request. */
export interface SinglePaths {
  /** The list of installment numbers (item i at `${installmentNumbers}[i]`). */
  installmentNumbers: string;
  amount: string;
  discount: string;
  dueDate: string;
  expiresOn: string;
}

/** Where a multiple request's list is, and each item's fields under `${installments}[i].`. */
export interface MultiplePaths {
  installments: string;
  item: { installmentNumber: string; dueDate: string; expiresOn: string; discount: string };
}

export interface SingleRead {
  numbers: number[];
  build(installments: readonly InstallmentRow[]): CollectionOrder;
}

/**
 * One boleto/charge for the named installments. `settlement` absent means "settlement" when no
 * amount is sent and "partial" when one is (docs/receivables.md, Decisions).
 */
export function readSingle(installmentNumbers: readonly number[] | null, terms: CollectionTerms, paths: SinglePaths, today: LocalDate, problems: Problems): SingleRead {
  const fields = { amount: paths.amount, discount: paths.discount, dueDate: paths.dueDate };
  const numbers = readInstallmentNumbers(installmentNumbers, paths.installmentNumbers, problems);
  const dates = readDates(terms.dueDate, terms.expiresOn, null, today, { due: paths.dueDate, expiry: paths.expiresOn }, problems);
  const settlement = terms.settlement ?? (terms.amount === null);
  const amount = readAmount(settlement, terms.amount, fields.amount, problems);
  return {
    numbers,
    build: (all) => {
      const installments = pickInstallments(all, numbers, paths.installmentNumbers);
      if (dates === null) throw new Error('assertion: order built from an invalid request');
      return {
        installments,
        installmentFields: installments.map((row) => `${paths.installmentNumbers}[${numbers.indexOf(row.number)}]`),
        dates,
        settlement,
        amount,
        discount: terms.discount ?? ZERO,
        allowDecapitalization: terms.allowDecapitalization ?? false,
        fields,
      };
    },
  };
}

/** One installment of a multiple request, with its own dates and discount, as sent. */
export interface MultipleItem {
  installmentNumber: number | null;
  dueDate: string | null;
  expiresOn: string | null;
  discount: Decimal | null;
  allowDecapitalization: boolean | null;
}

/** The paths of item `i` of a multiple request. */
function itemPaths(paths: MultiplePaths, i: number): MultiplePaths['item'] {
  const at = `${paths.installments}[${i}]`;
  const { installmentNumber, dueDate, expiresOn, discount } = paths.item;
  return { installmentNumber: `${at}.${installmentNumber}`, dueDate: `${at}.${dueDate}`, expiresOn: `${at}.${expiresOn}`, discount: `${at}.${discount}` };
}

/**
 * One settlement boleto/charge per listed installment, each with its own dates and discount. A
 * missing due date is the installment's due date, or today when that has passed.
 */
export function readMultiple(items: readonly MultipleItem[], paths: MultiplePaths, installments: readonly InstallmentRow[], today: LocalDate): CollectionOrder[] {
  const problems = new Problems();
  const list = items;
  if (list.length === 0) problems.add(C.installmentsMissing, 'Informe ao menos uma parcela', paths.installments);
  list.forEach((item, i) => {
    const n = item.installmentNumber;
    const at = itemPaths(paths, i).installmentNumber;
    if (n === null || n === undefined) problems.add(C.installmentsMissing, `${paths.item.installmentNumber} deve ser informado`, at);
    else if (list.findIndex((other) => other.installmentNumber === n) !== i) problems.add(C.installmentRepeated, `Parcela ${n} informada mais de uma vez`, at);
  });
  problems.throwIfAny();
  const orders = list.map((item, i) => {
    const at = itemPaths(paths, i);
    const row = installments.find((r) => r.number === item.installmentNumber);
    if (row === undefined) throw installmentNotFound(item.installmentNumber!, at.installmentNumber);
    const fallbackDue = compareDates(row.due_date as LocalDate, today) < 0 ? today : (row.due_date as LocalDate);
    const dates = readDates(item.dueDate, item.expiresOn, fallbackDue, today, { due: at.dueDate, expiry: at.expiresOn }, problems);
    return { row, dates, at, item };
  });
  problems.throwIfAny();
  // A settlement has no amount of its own: a refusal of its amount names the item's discount.
  return orders.map(({ row, dates, at, item }) => ({
    installments: [row],
    installmentFields: [at.installmentNumber],
    dates: dates!,
    settlement: true,
    amount: null,
    discount: item.discount ?? ZERO,
    allowDecapitalization: item.allowDecapitalization ?? false,
    fields: { amount: at.discount, discount: at.discount, dueDate: at.dueDate },
  }));
}
