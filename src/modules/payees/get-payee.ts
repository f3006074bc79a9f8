// api/Favorecido/Consultar in domain terms (issue 13): the query `(db, input, actor) → payee`. The
// partner reads one of its payees, with its review status, by id or by Pix key (or both, which
// must then name the same payee). get-payee.route.ts maps wire and result (payee-view.ts).
import { businessError, validationError } from '../../platform/errors.js';
import type { Actor } from '../../platform/commands.js';
import type { Executor } from '../../platform/db/pool.js';
import { PayeeCode } from './payee-validation.js';
import { findForPartner, type PayeeRow } from './payee-repository.js';
import { PayeeReviewCode } from './payee-status.js';
import { pixKeyCandidates } from '../banking/index.js';

export interface GetPayeeInput {
  /** The payee's id (codigoFavorecido), as sent. */
  payeeId: string | null;
  /** A Pix key, as sent (any of its accepted spellings). */
  pixKey: string | null;
}

/**
 * Errors: FAV020 (neither codigoFavorecido nor chave), FAV005 (chave is no valid Pix key of any
 * type), FAV021 (no such payee for this partner: another partner's payee answers the same).
 */
export async function getPayee(db: Executor, input: GetPayeeInput, actor: Actor): Promise<PayeeRow> {
  const codigo = blankToNull(input.payeeId);
  const chave = blankToNull(input.pixKey);
  if (codigo === null && chave === null) {
    throw validationError(PayeeReviewCode.lookupMissing, 'Informe codigoFavorecido ou chave.', 'codigoFavorecido');
  }
  const chaves = chave === null ? null : pixKeyCandidates(chave);
  if (chaves !== null && chaves.length === 0) throw validationError(PayeeCode.chave, 'A chave informada não é uma chave Pix válida.', 'chave');
  const row = await findForPartner(db, actor.id, { codigo: codigo === null ? null : codigo.toLowerCase(), chaves });
  if (!row) throw businessError(PayeeReviewCode.notFound, 'Favorecido não encontrado.', codigo !== null ? 'codigoFavorecido' : 'chave');
  return row;
}

function blankToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
