// The exact text of a callback body. Amounts are JSON numbers written from their decimal digits
// (150.50, never 150.49999999999997), because partners read them as money. The text is produced
// once, stored in the outbox and sent unchanged on every retry: store it as `text`, not `jsonb`,
// which would reorder keys and rewrite numbers.
import { stringify } from 'lossless-json';
import { Decimal } from '../../platform/money.js';
import type { CallbackBody, CallbackEvent } from './event-body.js';
import { CALLBACK_BODY_BYTES_MAX } from './limits.js';

const DECIMAL_AS_CENTS = {
  test: (value: unknown) => Decimal.isDecimal(value),
  stringify: (value: unknown) => (value as Decimal).toFixed(2),
};

// Plain numbers in a body are integers (codes, installment and boleto numbers); a fraction in
// one means an amount escaped the Decimal type.
const INTEGER_ONLY = {
  test: (value: unknown) => typeof value === 'number',
  stringify: (value: unknown) => {
    if (!Number.isSafeInteger(value)) throw new Error(`assertion: non-integer plain number ${String(value)} in a callback body`);
    return String(value);
  },
};

export function serializeCallbackBody(body: CallbackBody): string {
  const text = stringify(body, null, undefined, [DECIMAL_AS_CENTS, INTEGER_ONLY]);
  if (text === undefined) throw new Error('assertion: callback body did not serialise');
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > CALLBACK_BODY_BYTES_MAX) throw new Error(`assertion: callback body of ${bytes} bytes exceeds ${CALLBACK_BODY_BYTES_MAX}`);
  return text;
}

/** The columns a producer inserts into the outbox (partner, ids and times are the caller's). */
export function toOutboxRecord(event: CallbackEvent): { event_type: number; ordering_key: string; body_json: string } {
  return { event_type: event.event_type, ordering_key: event.ordering_key, body_json: serializeCallbackBody(event.body) };
}
