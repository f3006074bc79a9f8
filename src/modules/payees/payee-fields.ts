// The one run of a payee's key and bank-account fields (issue 13): what a registration sends
// (payee-validation.ts PayeeRegistration, and its account details) and what a stored payee answers
// (stored-payee.ts StoredPayee) are composed from these, each adding its own fields.

/** The bank-account fields, each absent unless sent (or stored, for a payee by bank data). */
export interface PayeeAccountFields {
  branch: string | null;
  branchDigit: string | null;
  account: string | null;
  accountDigit: string | null;
  /** Account number followed by its check digit. */
  accountWithDigit: string | null;
  accountType: number | null;
}

/** How the payee is reached: a Pix key, or a participant (ISPB), its bank and the account. */
export interface PayeeReachFields extends PayeeAccountFields {
  keyType: number | null;
  key: string | null;
  /** The participant's ISPB. */
  participantId: string | null;
  bankNumber: string | null;
}
