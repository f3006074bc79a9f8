// The wire `dto` that names a proposal (wire-blocks.ts proposalRef) → ProposalIdentifiers
// (proposal-ref.ts): the renaming every proposal route does, no rules.
import type { ProposalIdentifiers } from './proposal-ref.js';

export interface ProposalRefDto {
  codigoProposta?: string | null;
  codigoOperacao?: string | null;
  numeroProposta?: number | string | null;
}

export function identifiersOf(dto: ProposalRefDto | null | undefined): ProposalIdentifiers {
  return { proposalId: dto?.codigoProposta ?? null, operationCode: dto?.codigoOperacao ?? null, number: dto?.numeroProposta ?? null };
}
