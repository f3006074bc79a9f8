// The banking module's limits, each with its unit and reason. Declared once: proposals, payees,
// bureau and receivables (the Pix BR Code, the CAAS_PIX_KEY setting) use these.
/** Brazilian branch codes have 4 digits; leading zeros may be left out. */
export const AGENCY_DIGITS_MAX = 4;
/** The longest account number the Pix directory accepts (payment accounts use long numbers). */
export const ACCOUNT_DIGITS_MAX = 20;
/** Account holder name (payee `nome`, proposal `nomePagamento`): the wire schemas' 150 characters. */
export const HOLDER_NAME_LENGTH_MAX = 150;

/** DICT limit on any Pix key, in characters (an e-mail is the only kind that can reach it; compatibility-notes). */
export const PIX_KEY_LENGTH_MAX = 77;
/** ISPB of a Pix participant: 8 digits. */
export const ISPB_LENGTH_MAX = 8;

// What the wire schemas accept for the account fields (a proposal's account, a payee's account):
// wider than the rules above, so that the validators (bank-account.ts, the payee validation) say in
// Portuguese what is wrong instead of a generic schema refusal. In characters.
export const AGENCY_TEXT_LENGTH_MAX = 10;
export const CHECK_DIGIT_TEXT_LENGTH_MAX = 2;
/** Bank number ('001') or, from some clients, an 8-digit ISPB. */
export const BANK_NUMBER_TEXT_LENGTH_MAX = 10;
