// Standard Webhooks signatures (https://www.standardwebhooks.com, spec/standard-webhooks.md):
// the signed content is `${webhook-id}.${webhook-timestamp}.${body}`, HMAC-SHA256 with the
// decoded secret, sent as `v1,<base64>`; one signature per active secret, space-separated, so a
// partner keeps verifying while a secret is rotated. Deterministic: time comes in as an argument.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CALLBACK_SECRET_BYTES,
  CALLBACK_SECRET_BYTES_MAX,
  CALLBACK_SECRET_BYTES_MIN,
  CALLBACK_SECRETS_ACTIVE_MAX,
  CALLBACK_TIMESTAMP_TOLERANCE_MS,
  CALLBACK_WEBHOOK_ID_CHARS_MAX,
} from './limits.js';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const SIGNATURE_VERSION = 'v1';
const WEBHOOK_ID_RE = /^[A-Za-z0-9_-]+$/;
const TIMESTAMP_RE = /^[0-9]{1,12}$/;

// A type alias (not an interface) so it is assignable to a plain header record.
export type WebhookHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** The text form of a secret from its random bytes (shown once to the partner). */
export function secretFromBytes(bytes: Uint8Array): string {
  assertSecretLength(bytes.length);
  return WEBHOOK_SECRET_PREFIX + Buffer.from(bytes).toString('base64');
}

/** A fresh secret from the operating system's CSPRNG; the only impure function here. */
export function generateSecret(): string {
  return secretFromBytes(randomBytes(CALLBACK_SECRET_BYTES));
}

/** The key bytes of a secret; the `whsec_` prefix is optional, as in the reference libraries. */
export function decodeSecret(secret: string): Buffer {
  const text = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  const key = Buffer.from(text, 'base64');
  // Buffer.from ignores stray characters; a round trip proves the text was canonical base64.
  if (key.toString('base64') !== text) throw new Error('assertion: webhook secret is not canonical base64');
  assertSecretLength(key.length);
  return key;
}

/** The stable webhook-id of an outbox event: the same on every retry, so partners deduplicate. */
export function webhookIdFor(outboxId: string | bigint): string {
  const id = `msg_${outboxId.toString()}`;
  assertWebhookId(id);
  return id;
}

/** Unix seconds, as webhook-timestamp carries them. */
export function unixSeconds(at: Date): number {
  const ms = at.getTime();
  if (!Number.isFinite(ms)) throw new Error('assertion: invalid instant for webhook-timestamp');
  return Math.floor(ms / 1000);
}

/** One `v1,<base64>` signature. */
export function signatureOf(secret: string, id: string, timestamp_s: number, body: string): string {
  assertWebhookId(id);
  if (!Number.isSafeInteger(timestamp_s) || timestamp_s < 0) throw new Error('assertion: timestamp_s must be whole seconds');
  const mac = createHmac('sha256', decodeSecret(secret)).update(`${id}.${timestamp_s}.${body}`, 'utf8').digest('base64');
  return `${SIGNATURE_VERSION},${mac}`;
}

/** The three Standard Webhooks headers for one attempt, signed with every active secret. */
export function webhookHeaders(input: { id: string; at: Date; body: string; secrets: readonly string[] }): WebhookHeaders {
  const { id, body, secrets } = input;
  if (secrets.length === 0 || secrets.length > CALLBACK_SECRETS_ACTIVE_MAX) {
    throw new Error(`assertion: 1 to ${CALLBACK_SECRETS_ACTIVE_MAX} active secrets, got ${secrets.length}`);
  }
  const timestamp_s = unixSeconds(input.at);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp_s),
    'webhook-signature': secrets.map((s) => signatureOf(s, id, timestamp_s, body)).join(' '),
  };
}

export type VerifyFailure = 'missing_headers' | 'malformed_headers' | 'timestamp_too_old' | 'timestamp_too_new' | 'no_matching_signature';
export type VerifyResult = { ok: true } | { ok: false; reason: VerifyFailure };

type HeaderBag = Record<string, string | string[] | undefined>;

/**
 * What a partner runs on receipt: the timestamp is within the tolerance of its clock and one of
 * the `v1` signatures matches one of its secrets. Header names are matched case-insensitively.
 */
export function verifyWebhook(input: {
  headers: HeaderBag;
  body: string;
  secrets: readonly string[];
  now: Date;
  tolerance_ms?: number;
}): VerifyResult {
  const id = headerValue(input.headers, 'webhook-id');
  const timestamp = headerValue(input.headers, 'webhook-timestamp');
  const signatures = headerValue(input.headers, 'webhook-signature');
  if (id === null || timestamp === null || signatures === null) return { ok: false, reason: 'missing_headers' };
  if (!TIMESTAMP_RE.test(timestamp) || !isWebhookId(id)) return { ok: false, reason: 'malformed_headers' };
  const tolerance_s = Math.floor((input.tolerance_ms ?? CALLBACK_TIMESTAMP_TOLERANCE_MS) / 1000);
  const skew_s = unixSeconds(input.now) - Number(timestamp);
  if (skew_s > tolerance_s) return { ok: false, reason: 'timestamp_too_old' };
  if (skew_s < -tolerance_s) return { ok: false, reason: 'timestamp_too_new' };
  const offered = signatures.split(' ').filter((s) => s.startsWith(`${SIGNATURE_VERSION},`));
  for (const secret of input.secrets) {
    const expected = Buffer.from(signatureOf(secret, id, Number(timestamp), input.body));
    for (const candidate of offered) {
      const got = Buffer.from(candidate);
      // timingSafeEqual needs equal lengths; the length of a signature is not a secret.
      if (got.length === expected.length && timingSafeEqual(got, expected)) return { ok: true };
    }
  }
  return { ok: false, reason: 'no_matching_signature' };
}

function headerValue(headers: HeaderBag, name: string): string | null {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    const text = Array.isArray(value) ? value.join(' ') : value;
    return text === undefined || text === '' ? null : text;
  }
  return null;
}

function assertSecretLength(bytes: number): void {
  if (bytes < CALLBACK_SECRET_BYTES_MIN || bytes > CALLBACK_SECRET_BYTES_MAX) {
    throw new Error(`assertion: webhook secret must be ${CALLBACK_SECRET_BYTES_MIN} to ${CALLBACK_SECRET_BYTES_MAX} bytes, got ${bytes}`);
  }
}

function isWebhookId(id: string): boolean {
  return id.length <= CALLBACK_WEBHOOK_ID_CHARS_MAX && WEBHOOK_ID_RE.test(id);
}

function assertWebhookId(id: string): void {
  if (!isWebhookId(id)) throw new Error(`assertion: invalid webhook-id ${id}`);
}
