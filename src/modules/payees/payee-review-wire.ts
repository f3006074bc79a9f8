// Where the review commands' and the Consultar query's English fields sit on the wire: their
// refusals name the field as the interface writes it (`codigoFavorecido`, `chave`), byte for byte
// as before the inputs moved to English (issue 13).
import type { PayeeLookupPaths } from './get-payee.js';
import type { PayeeReviewPaths } from './review-payee.js';

const PAYEE_ID = 'codigoFavorecido';

/** `payee.approve` / `payee.reject`: bound by their declarations (review-commands.ts) for every face. */
export const PAYEE_REVIEW_PATHS: PayeeReviewPaths = { payeeId: PAYEE_ID };

/** api/Favorecido/Consultar's body. */
export const PAYEE_LOOKUP_PATHS: PayeeLookupPaths = { payeeId: PAYEE_ID, pixKey: 'chave' };
