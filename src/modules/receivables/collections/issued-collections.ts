// What the boleto- and charge-generating commands answer, in domain terms and JSON-shaped: the
// runner stores the result and a replay renders the stored form (amounts as decimal text, dates
// as ISO calendar dates). The wire view is collection-views.ts.
import type { CommandContext } from '../../../platform/commands.js';
import { brazilDateAt, type LocalDate } from '../../../platform/dates.js';
import { Problems } from '../../../platform/errors.js';
import { installmentsWithLive, type BoletoRow, type ChargeRow, type LiveCollections } from './collection-repository.js';
import { printUrl } from './collection-views.js';
import { readDescription, readRegistrationMode } from './collection-input.js';
import type { CollectionCommon } from './collection-issue.js';
import { installmentsOf, requireOpenSchedule, type InstallmentRow, type ScheduleReference, type ScheduleRow } from '../schedule/schedule-repository.js';

export interface IssuedBoleto {
  id: string;
  number: number;
  /** Ascending. */
  installmentNumbers: number[];
  dueDate: string;
  /** Decimal text. */
  amount: string;
  digitableLine: string;
  /** The printable slip (the link itself is the credential). */
  printUrl: string;
}

export interface IssuedCharge {
  id: string;
  installmentNumbers: number[];
}

export function issuedBoleto(boleto: BoletoRow, installmentNumbers: readonly number[], publicUrl: string): IssuedBoleto {
  return {
    id: boleto.id,
    number: boleto.numero,
    installmentNumbers: [...installmentNumbers].sort((a, b) => a - b),
    dueDate: boleto.due_date,
    amount: boleto.amount,
    digitableLine: boleto.linha_digitavel,
    printUrl: printUrl(publicUrl, boleto),
  };
}

export function issuedCharge(charge: ChargeRow, installments: readonly InstallmentRow[]): IssuedCharge {
  return { id: charge.id, installmentNumbers: installments.map((i) => i.number) };
}

/** What every generating command shares: the description, whether to notify, the registration mode. */
export interface CollectionCommandInput {
  schedule: ScheduleReference;
  /** As sent (checked: 1 to 200 characters). */
  description: string | null;
  notifyCustomer: boolean | null;
  /** 1 online (default), 2 offline. */
  registrationMode: number | null;
}

/** Payment by boleto, by Pix, or both, as sent (both absent: both). */
export interface PaymentMethodsInput {
  boleto: boolean | null;
  pix: boolean | null;
}

/** Where the description is on the face's request, and the field's name for its refusal's text. */
export interface DescriptionPaths {
  description: string;
  label: string;
}

/** The installments a single order names, read with their live collections (and the nosso número) in one statement. */
export interface LiveLookup {
  numbers: readonly number[];
  drawSequence: boolean;
}

/**
 * Reads the common fields (problems are added to `problems`, plus what `more` adds), throws them
 * all at once, then locks the open schedule and reads its installments; with `lookup`, only the
 * named ones, with their live collections and the nosso número in the same statement (issue 14).
 * `today` is São Paulo's date at the command's time.
 */
export async function openCollectionCommand<T>(
  input: CollectionCommandInput,
  ctx: CommandContext,
  fields: DescriptionPaths,
  more: (problems: Problems, today: LocalDate) => T,
  lookup?: (read: T) => LiveLookup,
): Promise<{ read: T; common: CollectionCommon; today: LocalDate; schedule: ScheduleRow; installments: InstallmentRow[]; live: LiveCollections | null }> {
  const today = brazilDateAt(ctx.now);
  const problems = new Problems();
  const description = readDescription(input.description, fields.description, fields.label, problems);
  const read = more(problems, today);
  problems.throwIfAny();
  const schedule = await requireOpenSchedule(ctx.tx, ctx.actor.id, input.schedule);
  const common = { description, notifyCustomer: input.notifyCustomer ?? false, registrationMode: readRegistrationMode(input.registrationMode) };
  if (lookup === undefined) return { read, common, today, schedule, installments: await installmentsOf(ctx.tx, schedule), live: null };
  const { numbers, drawSequence } = lookup(read);
  const { installments, ...live } = await installmentsWithLive(ctx.tx, schedule, numbers, drawSequence);
  return { read, common, today, schedule, installments, live };
}
