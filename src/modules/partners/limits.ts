// Every limit of the partners module, each named with its unit and kept in this one file (issue 13;
// test/architecture/limits.test.ts). Checked at start-up with the others (src/all-limits.ts).

// Used by keys.ts.
export const PARTNER_RSA_MODULUS_BITS_MIN = 2048; // the interface's setup step 1

// A huge modulus makes every signature check slow; nobody needs more than this.
export const PARTNER_RSA_MODULUS_BITS_MAX = 8192;

export const PUBLIC_KEY_PEM_LENGTH_MAX = 16_384; // characters; bounds parsing work
