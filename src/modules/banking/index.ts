// The banking module's public entry: the bank catalogue, bank-account fields and Pix keys, with
// their limits (declared once, in limits.ts).
import type { ModuleDescriptor } from '../../platform/module.js';
export {
  ACCOUNT_DIGITS_MAX,
  AGENCY_DIGITS_MAX,
  AGENCY_TEXT_LENGTH_MAX,
  BANK_NUMBER_TEXT_LENGTH_MAX,
  CHECK_DIGIT_TEXT_LENGTH_MAX,
  HOLDER_NAME_LENGTH_MAX,
  ISPB_LENGTH_MAX,
  PIX_KEY_LENGTH_MAX,
} from './limits.js';
export { ACCOUNT_MODELS, ACCOUNT_TYPES, BANK_FORMATS, BANKS, bankByCode, bankByNumber, type Bank } from './banks.js';
export { PaymentAccountCode, validatePaymentAccount, type PaymentAccount, type PaymentAccountInput, type PaymentAccountPaths } from './bank-account.js';
export { isPixKeyType, PIX_KEY_TYPE_NAMES, PixKeyType, validatePixKey, type PixKeyResult, type PixKeyTypeCode } from './pix-key.js';
export { pixKeyCandidates } from './pix-key-lookup.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'banking',
  tables: [],
};
