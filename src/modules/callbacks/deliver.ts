// One delivery attempt of one callback: resolve and check the partner's address, POST the body to
// that very IP (Host header and TLS name set from the URL), read a bounded answer and report.
// node:http directly, not fetch: fetch follows redirects and resolves the name again itself.
// Never throws for network trouble: every failure is an outcome the worker records.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DEFAULT_ADDRESS_POLICY, resolveCallbackTarget, systemLookup, type AddressPolicy, type CallbackTarget, type LookupFn, type TargetProblem } from './address-guard.js';
import { CALLBACK_BODY_BYTES_MAX, CALLBACK_RESPONSE_BYTES_MAX, CALLBACK_TIMEOUT_MS } from './limits.js';
import { checkPartnerHeader, type PartnerHeader } from './partner-header.js';
import { webhookHeaders, type WebhookHeaders } from './signing.js';

export const CALLBACK_USER_AGENT = 'caas-callbacks/1';

export interface DeliveryRequest {
  url: string;
  /** Stable across retries (signing.ts webhookIdFor). */
  webhook_id: string;
  /** The exact JSON text stored in the outbox. */
  body: string;
  /** Active signing secrets, newest first. */
  secrets: readonly string[];
  partner_header: PartnerHeader | null;
  /** The instant of this attempt: webhook-timestamp. */
  at: Date;
}

export interface DeliveryOptions {
  timeout_ms?: number;
  response_bytes_max?: number;
  address_policy?: AddressPolicy;
  lookup?: LookupFn;
  /** Certificate authorities to trust instead of Node's bundled store (a private PKI, tests). */
  ca?: string | Buffer;
}

export type DeliveryErrorCode = TargetProblem | 'timeout' | 'connection_failed' | 'redirect' | 'http_status';

export interface DeliveryOutcome {
  delivered: boolean;
  /** HTTP status, or null when no answer arrived. */
  status: number | null;
  error: { code: DeliveryErrorCode; message: string } | null;
  duration_ms: number;
  /** The partner's Retry-After, when it sent one with a failure. */
  retry_after_ms: number | null;
  /** True when retrying cannot help until the configuration changes (a malformed URL). */
  permanent: boolean;
}

const PERMANENT: ReadonlySet<DeliveryErrorCode> = new Set(['invalid_url', 'scheme_not_allowed', 'credentials_in_url', 'url_too_long']);

export async function deliver(req: DeliveryRequest, options: DeliveryOptions = {}): Promise<DeliveryOutcome> {
  const timeout_ms = options.timeout_ms ?? CALLBACK_TIMEOUT_MS;
  const started = performance.now();
  const outcome = (status: number | null, code: DeliveryErrorCode | null, message = '', retry_after_ms: number | null = null): DeliveryOutcome => ({
    delivered: code === null,
    status,
    error: code === null ? null : { code, message },
    duration_ms: Math.round(performance.now() - started),
    retry_after_ms,
    permanent: code !== null && PERMANENT.has(code),
  });
  assertRequest(req, timeout_ms);
  // Signed before anything starts: a bad secret is an assertion thrown here, not a failed attempt.
  const signed = webhookHeaders({ id: req.webhook_id, at: req.at, body: req.body, secrets: req.secrets });
  const controller = new AbortController();
  let answered: Answer | null = null; // set as soon as the status line arrives
  const fromAnswer = (a: Answer): DeliveryOutcome => {
    if ('failure' in a) return outcome(null, controller.signal.aborted ? 'timeout' : 'connection_failed', a.failure);
    if (a.status >= 200 && a.status <= 299) return outcome(a.status, null);
    const retry_after_ms = parseRetryAfter(a.retryAfter, req.at);
    if (a.status >= 300 && a.status <= 399) return outcome(a.status, 'redirect', `HTTP ${a.status} to ${a.location ?? '(no location)'} not followed`, retry_after_ms);
    return outcome(a.status, 'http_status', `HTTP ${a.status}`, retry_after_ms);
  };
  // One deadline for the whole attempt: name resolution, connect, request and answer. A status
  // already received when it fires still decides (a slow body does not undo a 200).
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<DeliveryOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(answered !== null ? fromAnswer(answered) : outcome(null, 'timeout', `no answer within ${timeout_ms} ms`));
    }, timeout_ms);
  });
  const attempt = (async (): Promise<DeliveryOutcome> => {
    const resolved = await resolveCallbackTarget(req.url, options.address_policy ?? DEFAULT_ADDRESS_POLICY, options.lookup ?? systemLookup);
    if (!resolved.ok) return outcome(null, resolved.problem, resolved.detail);
    if (controller.signal.aborted) return outcome(null, 'timeout', 'aborted');
    return fromAnswer(await post(resolved.target, req, signed, options, controller.signal, (a) => (answered = a)));
  })();
  try {
    return await Promise.race([attempt, deadline]);
  } finally {
    clearTimeout(timer);
    controller.abort(); // releases the socket if the deadline won while the answer was still open
  }
}

type Answer = { status: number; location: string | undefined; retryAfter: string | undefined } | { failure: string };

/** Sends the request to the checked IP and settles once the status is known and the body drained. */
function post(
  target: CallbackTarget,
  req: DeliveryRequest,
  signed: WebhookHeaders,
  options: DeliveryOptions,
  signal: AbortSignal,
  onStatus: (a: Answer) => void,
): Promise<Answer> {
  const limit = options.response_bytes_max ?? CALLBACK_RESPONSE_BYTES_MAX;
  const headers: Record<string, string> = {
    Host: target.url.host,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(req.body, 'utf8')),
    'User-Agent': CALLBACK_USER_AGENT,
    ...signed,
  };
  if (req.partner_header !== null) headers[req.partner_header.name] = req.partner_header.value;
  const common = { host: target.address, family: target.family, port: target.port, path: target.path, method: 'POST', headers, signal, agent: false as const };
  return new Promise<Answer>((resolve) => {
    const onResponse = (res: http.IncomingMessage) => {
      const answer: Answer = { status: res.statusCode ?? 0, location: res.headers.location, retryAfter: headerText(res.headers['retry-after']) };
      onStatus(answer);
      let read = 0;
      // The answer is read only so the exchange ends cleanly; past the limit it is dropped.
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > limit) {
          res.destroy();
          resolve(answer);
        }
      });
      res.on('end', () => resolve(answer));
      res.on('error', () => resolve(answer)); // the status already arrived: it decides
      res.on('close', () => resolve(answer));
    };
    const request = target.secure
      ? https.request({ ...common, servername: isIP(target.hostname) === 0 ? target.hostname : undefined, ca: options.ca }, onResponse)
      : http.request(common, onResponse);
    request.on('error', (err: NodeJS.ErrnoException) => resolve({ failure: `${err.code ?? err.name}: ${err.message}` }));
    request.end(req.body);
  });
}

/** Retry-After as delta-seconds or an HTTP date, in ms from `now`; null when absent or unusable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^[0-9]{1,9}$/.test(text)) return Number(text) * 1000;
  const when = Date.parse(text);
  if (Number.isNaN(when)) return null;
  return Math.max(0, when - now.getTime());
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function assertRequest(req: DeliveryRequest, timeout_ms: number): void {
  if (!Number.isSafeInteger(timeout_ms) || timeout_ms <= 0) throw new Error(`assertion: timeout_ms must be a positive integer, got ${timeout_ms}`);
  if (Buffer.byteLength(req.body, 'utf8') > CALLBACK_BODY_BYTES_MAX) throw new Error('assertion: callback body exceeds CALLBACK_BODY_BYTES_MAX');
  if (req.partner_header !== null && !checkPartnerHeader(req.partner_header).ok) throw new Error(`assertion: invalid partner header ${req.partner_header.name}`);
}
