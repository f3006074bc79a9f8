// From a request to the boletos/charges to issue: one order for the single-boleto and
// single-charge operations (the installments of dto.nroParcelas), one order per listed installment
// for the multiple ones. Validation problems are collected and thrown together.
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

export interface SingleRead {
  numbers: number[];
  build(installments: readonly InstallmentRow[]): CollectionOrder;
}

/**
 * One boleto/charge for dto.nroParcelas. `liquidacao` absent means "settlement" when no amount is
 * sent and "partial" when one is (docs/receivables.md, Decisions).
 */
export function readSingle(nroParcelas: readonly number[] | null, terms: CollectionTerms, prefix: string, amountName: string, today: LocalDate, problems: Problems): SingleRead {
  const fields = { amount: `${prefix}.${amountName}`, discount: `${prefix}.vlrDesconto`, dueDate: `${prefix}.dtVencimento` };
  const numbers = readInstallmentNumbers(nroParcelas, 'dto.nroParcelas', problems);
  const dates = readDates(terms.dueDate, terms.expiresOn, null, today, { due: fields.dueDate, expiry: `${prefix}.dtExpiracao` }, problems);
  const settlement = terms.settlement ?? (terms.amount === null);
  const amount = readAmount(settlement, terms.amount, fields.amount, problems);
  return {
    numbers,
    build: (all) => {
      const installments = pickInstallments(all, numbers, 'dto.nroParcelas');
      if (dates === null) throw new Error('assertion: order built from an invalid request');
      return {
        installments,
        installmentFields: installments.map((row) => `dto.nroParcelas[${numbers.indexOf(row.number)}]`),
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

/**
 * One settlement boleto/charge per listed installment, each with its own dates and discount. A
 * missing dtVencimento is the installment's due date, or today when that has passed.
 */
export function readMultiple(items: readonly MultipleItem[], prefix: string, installments: readonly InstallmentRow[], today: LocalDate): CollectionOrder[] {
  const problems = new Problems();
  const list = items;
  if (list.length === 0) problems.add(C.installmentsMissing, 'Informe ao menos uma parcela', `${prefix}.parcelas`);
  list.forEach((item, i) => {
    const n = item.installmentNumber;
    if (n === null || n === undefined) problems.add(C.installmentsMissing, 'nroParcela deve ser informado', `${prefix}.parcelas[${i}].nroParcela`);
    else if (list.findIndex((other) => other.installmentNumber === n) !== i) problems.add(C.installmentRepeated, `Parcela ${n} informada mais de uma vez`, `${prefix}.parcelas[${i}].nroParcela`);
  });
  problems.throwIfAny();
  const orders = list.map((item, i) => {
    const at = `${prefix}.parcelas[${i}]`;
    const row = installments.find((r) => r.number === item.installmentNumber);
    if (row === undefined) throw installmentNotFound(item.installmentNumber!, `${at}.nroParcela`);
    const fallbackDue = compareDates(row.due_date as LocalDate, today) < 0 ? today : (row.due_date as LocalDate);
    const dates = readDates(item.dueDate, item.expiresOn, fallbackDue, today, { due: `${at}.dtVencimento`, expiry: `${at}.dtExpiracao` }, problems);
    return { row, dates, at, item };
  });
  problems.throwIfAny();
  return orders.map(({ row, dates, at, item }) => ({
    installments: [row],
    installmentFields: [`${at}.nroParcela`],
    dates: dates!,
    settlement: true,
    amount: null,
    discount: item.discount ?? ZERO,
    allowDecapitalization: item.allowDecapitalization ?? false,
    fields: { amount: `${at}.vlrDesconto`, discount: `${at}.vlrDesconto`, dueDate: `${at}.dtVencimento` },
  }));
}
