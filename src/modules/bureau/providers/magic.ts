// Magic documents: valid CPFs and CNPJs that make the sandbox produce each interesting outcome.
// They are computed from short bases (000.000.00N-xx, 00.000.00N/0001-xx) so they are easy to
// remember and type; docs/sandbox.md lists them.
import { cnpjWithCheckDigits, cpfWithCheckDigits } from './documents.js';

export type MagicBehaviour =
  | 'restriction' // bureau: possuiRestricao true, negative records, low score
  | 'failure' // every consultation: provider failure (falha / erro true)
  | 'no_record' // every consultation: nothing known about the document
  | 'fraud_high' // fraud base: high risk, the document and every identifier sent marked
  | 'scr_overdue'; // SCR: overdue buckets and losses (prejuízo) besides a current portfolio

export const MAGIC_BEHAVIOURS: readonly MagicBehaviour[] = ['restriction', 'failure', 'no_record', 'fraud_high', 'scr_overdue'];

export interface MagicDocuments {
  readonly cpf: string;
  readonly cnpj: string;
}

export const MAGIC_DOCUMENTS: Readonly<Record<MagicBehaviour, MagicDocuments>> = Object.fromEntries(
  MAGIC_BEHAVIOURS.map((behaviour, i) => [
    behaviour,
    {
      cpf: cpfWithCheckDigits(`00000000${i + 1}`),
      cnpj: cnpjWithCheckDigits(`0000000${i + 1}0001`),
    },
  ]),
) as Record<MagicBehaviour, MagicDocuments>;

const BY_DOCUMENT: ReadonlyMap<string, MagicBehaviour> = new Map(
  MAGIC_BEHAVIOURS.flatMap((b) => [
    [MAGIC_DOCUMENTS[b].cpf, b],
    [MAGIC_DOCUMENTS[b].cnpj, b],
  ]),
);

/** The magic behaviour of a document (digits, upper case), or null for an ordinary document. */
export function magicBehaviourOf(document: string): MagicBehaviour | null {
  return BY_DOCUMENT.get(document) ?? null;
}
