// Which proposal a request names. A request may carry its id (codigoProposta), the partner's
// operation code (codigoOperacao) and its number (numeroProposta) together: the first one sent, in
// that order, is used and the others are ignored (the id is ours and unique, the operation code is
// the partner's own id, the number is ours but easy to mistype). The wire dto maps to
// ProposalIdentifiers in proposal-ref-view.ts. Pure.
import { textOf } from '../../platform/fields.js';
import { DomainError } from '../../platform/errors.js';
import { ProposalCode } from './proposal-codes.js';
import { PROPOSAL_NUMBER_MAX } from '../../platform/config/limits.js'; // the `integer` column of proposals.numero

export type ProposalRef = { by: 'id'; value: string } | { by: 'operationCode'; value: string } | { by: 'number'; value: number };

/** The identifiers of a proposal as sent (blank = not sent; the number as a number or its digits). */
export interface ProposalIdentifiers {
  proposalId?: string | null;
  operationCode?: string | null;
  number?: number | string | null;
}

const NUMBER_TEXT_RE = /^\d{1,10}$/;

function numberOf(value: number | string | null | undefined): number | null | 'invalid' {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= PROPOSAL_NUMBER_MAX ? value : 'invalid';
  const text = textOf(value);
  if (text === null) return null;
  if (!NUMBER_TEXT_RE.test(text)) return 'invalid';
  const n = Number(text);
  return n >= 1 && n <= PROPOSAL_NUMBER_MAX ? n : 'invalid';
}

/** The identifier to look the proposal up by, or null when none was sent (or the number is not a number). */
export function proposalRefOf(ids: ProposalIdentifiers | null | undefined): ProposalRef | null {
  const id = textOf(ids?.proposalId);
  if (id !== null) return { by: 'id', value: id.toLowerCase() };
  const operationCode = textOf(ids?.operationCode);
  if (operationCode !== null) return { by: 'operationCode', value: operationCode };
  const number = numberOf(ids?.number);
  return typeof number === 'number' ? { by: 'number', value: number } : null;
}

/** proposalRefOf, or the validation error every proposal operation answers when nothing identifies one. */
export function requireProposalRef(ids: ProposalIdentifiers | null | undefined): ProposalRef {
  const ref = proposalRefOf(ids);
  if (ref !== null) return ref;
  const badNumber = numberOf(ids?.number) === 'invalid';
  throw new DomainError('validation', [
    {
      code: ProposalCode.identifierMissing,
      description: badNumber ? 'numeroProposta deve ser um número inteiro positivo.' : 'Informe a proposta: codigoProposta, codigoOperacao ou numeroProposta.',
      field: badNumber ? 'dto.numeroProposta' : 'dto',
    },
  ]);
}

export function describeRef(ref: ProposalRef): string {
  if (ref.by === 'id') return `codigoProposta ${ref.value}`;
  if (ref.by === 'operationCode') return `codigoOperacao ${ref.value}`;
  return `numeroProposta ${ref.value}`;
}
