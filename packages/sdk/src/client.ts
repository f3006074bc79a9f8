// CaasClient: signs in, sends each call with its IdempotencyKey, retries what is safe to retry
// with the SAME key (so a command runs once however often it is sent), and throws CaasError.
import { randomUUID } from 'node:crypto';
import type { CryptoKey, KeyObject } from 'jose';
import { CaasError, CaasNetworkError, errorFromAnswer, messagesOf } from './errors.js';
import { OPERATIONS, type CallOptions, type OperationMethods } from './operations.js';
import { DEFAULT_RETRY_POLICY, delayBeforeRetry, isRetryableStatus, retryAfterMs, type RetryPolicy } from './retry.js';
import { TokenSource } from './token.js';
import { sendOnce, sleep, type Answer, type FetchLike } from './transport.js';

export interface CaasClientOptions {
  /** Where the service answers, e.g. https://caas.example.com (no trailing slash needed). */
  baseUrl: string;
  clientId: string;
  /** The partner's private key: PKCS#8 PEM text, or an imported key. */
  privateKey: string | CryptoKey | KeyObject;
  /** Signature algorithm of the client assertion (default RS256). */
  algorithm?: string;
  /** `aud` of the client assertion when the service's PUBLIC_URL differs from baseUrl. */
  audience?: string;
  /** Scopes to ask for (space-separated); default: every scope the partner has. */
  scope?: string;
  /** One attempt, request to the last byte of the answer (default 30 s). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Refresh the token this long before it expires (default 60 s). */
  tokenRefreshMarginS?: number;
  fetch?: FetchLike;
}

export interface CaasClient extends OperationMethods {}

export class CaasClient {
  private readonly baseUrl: string;
  private readonly tokens: TokenSource;
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly fetchImpl: FetchLike;
  /** The service's instant on its last answer (Caas-Clock): the simulated one in a sandbox. */
  lastServiceClock: Date | null = null;

  constructor(options: CaasClientOptions) {
    if (!options.baseUrl || !options.clientId || !options.privateKey) throw new TypeError('CaasClient needs baseUrl, clientId and privateKey');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.tokens = new TokenSource({
      baseUrl: this.baseUrl,
      clientId: options.clientId,
      privateKey: options.privateKey,
      algorithm: options.algorithm,
      audience: options.audience,
      scope: options.scope,
      refreshMarginS: options.tokenRefreshMarginS,
      timeoutMs: this.timeoutMs,
      retry: this.retry,
      fetch: this.fetchImpl,
      now: () => Date.now(),
      random: Math.random,
    });
  }

  /** The current access token (cached; refreshed before it expires). */
  accessToken(): Promise<string> {
    return this.tokens.token();
  }

  /** Any operation by path: POST with a JSON body. The typed methods call this. */
  async call<R = unknown>(path: string, body: unknown, options: CallOptions = {}): Promise<R> {
    const key = options.idempotencyKey ?? randomUUID();
    let renewedToken = false;
    for (let attempt = 1; ; attempt++) {
      const token = await this.tokens.token();
      let answer: Answer;
      try {
        answer = await sendOnce(this.fetchImpl, `${this.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}`, IdempotencyKey: key }, body: JSON.stringify(body), signal: options.signal }, this.timeoutMs);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const wait = delayBeforeRetry(this.retry, attempt, null, Math.random);
        if (wait === null) throw new CaasNetworkError(`${path}: no answer after ${attempt} attempts (${(error as Error).message})`, path, key, attempt, error);
        await sleep(wait);
        continue;
      }
      const { response, body: answered } = answer;
      const clock = response.headers.get('caas-clock');
      if (clock !== null) this.lastServiceClock = new Date(clock);
      if (response.ok) return answered as R;
      if (response.status === 401 && !renewedToken) {
        // Expired or revoked early (a key rotation): one new token, same key.
        renewedToken = true;
        this.tokens.invalidate();
        continue;
      }
      const codes = messagesOf(answered).map((m) => m.code);
      const wait = isRetryableStatus(response.status, codes) ? delayBeforeRetry(this.retry, attempt, retryAfterMs(response.headers.get('retry-after'), Date.now()), Math.random) : null;
      if (wait === null) throw errorFromAnswer(response.status, answered, path, key);
      await sleep(wait);
    }
  }
}

for (const [method, path] of Object.entries(OPERATIONS)) {
  Object.defineProperty(CaasClient.prototype, method, {
    value: function (this: CaasClient, body: unknown, options?: CallOptions) {
      return this.call(path, body, options);
    },
    writable: true,
    configurable: true,
  });
}

export { CaasError };
