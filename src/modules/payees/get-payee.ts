// api/Favorecido/Consultar: the partner reads one of its payees, with its review status, by
// codigoFavorecido or by key (or both, which must then name the same payee).
import { businessError, validationError } from '../../platform/errors.js';
import type { OperationContext } from '../../platform/http/operations.js';
import { PayeeCode } from './payee-validation.js';
import { findForPartner } from './payee-repository.js';
import { PayeeReviewCode } from './payee-status.js';
import { payeeWire } from './payee-view.js';
import { pixKeyCandidates } from '../banking/index.js';

export interface GetPayeeInput {
  codigoFavorecido?: string | null;
  chave?: string | null;
}

/**
 * Errors: FAV020 (neither codigoFavorecido nor chave), FAV005 (chave is no valid Pix key of any
 * type), FAV021 (no such payee for this partner: another partner's payee answers the same).
 */
export async function getPayee(input: GetPayeeInput, ctx: OperationContext) {
  const codigo = blankToNull(input.codigoFavorecido);
  const chave = blankToNull(input.chave);
  if (codigo === null && chave === null) {
    throw validationError(PayeeReviewCode.lookupMissing, 'Informe codigoFavorecido ou chave.', 'codigoFavorecido');
  }
  const chaves = chave === null ? null : pixKeyCandidates(chave);
  if (chaves !== null && chaves.length === 0) throw validationError(PayeeCode.chave, 'A chave informada não é uma chave Pix válida.', 'chave');
  const row = await findForPartner(ctx.tx, ctx.auth.partnerId, { codigo: codigo === null ? null : codigo.toLowerCase(), chaves });
  if (!row) throw businessError(PayeeReviewCode.notFound, 'Favorecido não encontrado.', codigo !== null ? 'codigoFavorecido' : 'chave');
  return { favorecido: payeeWire(row) };
}

function blankToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
