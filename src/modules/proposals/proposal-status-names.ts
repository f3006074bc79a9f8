// The names an operator may type for a proposal status (`caas proposal list --status`): the numeric
// id, the English name of the state machine, or the Portuguese description, in any case, with or
// without accents, spaces or hyphens ("pendente-pagamento", "paymentPending", "4"). Pure.
import { ALL_STATUSES, ProposalStatus, statusDescription } from './proposal-lifecycle.js';

function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/[\s_-]+/g, '');
}

const BY_NAME: ReadonlyMap<string, ProposalStatus> = new Map([
  ...Object.entries(ProposalStatus).map(([name, id]) => [folded(name), id] as const),
  ...ALL_STATUSES.map((id) => [folded(statusDescription(id)), id] as const),
  ...ALL_STATUSES.map((id) => [String(id), id] as const),
]);

/** The status the operator named, or null when the text names none. */
export function parseProposalStatus(text: string): ProposalStatus | null {
  return BY_NAME.get(folded(text.trim())) ?? null;
}

/** For usage and error messages: every accepted Portuguese name with its id. */
export function proposalStatusNames(): string {
  return ALL_STATUSES.map((id) => `${id} ${statusDescription(id).toLowerCase()}`).join(', ');
}
