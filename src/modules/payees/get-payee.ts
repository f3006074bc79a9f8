// api/Favorecido/Consultar in domain terms (issue 13): the query `(db, input, actor) → payee`. The
// partner reads one of its payees, with its review status, by id or by Pix key (or both, which
// must then name the same payee). get-payee.route.ts maps wire and result (payee-view.ts).
import { businessError, validationError } from '../../platform/errors.js';
import type { Actor } from '../../platform/commands.js';
import type { Executor } from '../../platform/db/pool.js';
import { PayeeCode } from './payee-validation.js';
import { findForPartner } from './payee-repository.js';
import { storedPayeeOf, type StoredPayee } from './stored-payee.js';
import { PayeeReviewCode } from './payee-status.js';
import { pixKeyCandidates } from '../banking/index.js';

/** Where each field of the lookup sits in the request: the refusals name it (payee-review-wire.ts). */
export interface PayeeLookupPaths {
  payeeId: string;
  pixKey: string;
}

export interface GetPayeeInput {
  /** The payee's id, as sent. */
  payeeId: string | null;
  /** A Pix key, as sent (any of its accepted spellings). */
  pixKey: string | null;
  paths: PayeeLookupPaths;
}

/**
 * Errors: FAV020 (neither an id nor a key), FAV005 (the key is no valid Pix key of any type),
 * FAV021 (no such payee for this partner: another partner's payee answers the same).
 */
export async function getPayee(db: Executor, input: GetPayeeInput, actor: Actor): Promise<StoredPayee> {
  const { paths } = input;
  const payeeId = blankToNull(input.payeeId);
  const pixKey = blankToNull(input.pixKey);
  if (payeeId === null && pixKey === null) {
    throw validationError(PayeeReviewCode.lookupMissing, `Informe ${paths.payeeId} ou ${paths.pixKey}.`, paths.payeeId);
  }
  const keys = pixKey === null ? null : pixKeyCandidates(pixKey);
  if (keys !== null && keys.length === 0) throw validationError(PayeeCode.key, 'A chave informada não é uma chave Pix válida.', paths.pixKey);
  const row = await findForPartner(db, actor.id, { payeeId: payeeId === null ? null : payeeId.toLowerCase(), keys });
  if (!row) throw businessError(PayeeReviewCode.notFound, 'Favorecido não encontrado.', payeeId !== null ? paths.payeeId : paths.pixKey);
  return storedPayeeOf(row);
}

function blankToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
