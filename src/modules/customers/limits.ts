// Every limit of the customers module, each named with its unit and kept in this one file (issue 13;
// test/architecture/limits.test.ts). Checked at start-up with the others (src/all-limits.ts).

// Used by address-validation.ts.
// Length limits in characters, the same as the wire schema (save-addresses.schema.ts), so a text
// the schema lets through is never refused here for its length.
export const STREET_LENGTH_MAX = 150;

export const STREET_NUMBER_LENGTH_MAX = 20;

export const DISTRICT_LENGTH_MAX = 100;

export const COMPLEMENT_LENGTH_MAX = 100;

export const CITY_LENGTH_MAX = 100;

// Used by address-plan.ts.
/** A customer has a handful of addresses; the cap bounds a runaway client, not a real customer. */
export const ADDRESSES_PER_CUSTOMER_MAX = 50;

// Used by save-addresses.schema.ts.
/** A customer has few addresses; 20 per call is generous. */
export const ADDRESSES_PER_CALL_MAX = 20;

/** Address/residence type codes: an auxiliary table the interface does not show. */
export const ADDRESS_TYPE_CODE_MAX = 99;

/**
 * Formats inside an address (uuid `codigo`, CEP, UF, `enderecoDesde` date) are checked per item by
 * address-validation.ts, not here: a schema error refuses the whole request, and one bad address
 * must not lose the others. The wire bounds below only stop absurd input.
 */
export const ITEM_TEXT_LENGTH_MAX = 40;
