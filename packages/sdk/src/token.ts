// Access tokens: a client assertion (RFC 7523, signed with the partner's private key) exchanged at
// /connect/token; the token is cached and refreshed `refreshMarginS` before it expires. One
// request at a time: concurrent calls share the pending exchange.
import { randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT, type CryptoKey, type KeyObject } from 'jose';
import { CaasNetworkError, errorFromAnswer } from './errors.js';
import { DEFAULT_RETRY_POLICY, delayBeforeRetry, isRetryableStatus, retryAfterMs, type RetryPolicy } from './retry.js';
import { sendOnce, sleep, type Answer, type FetchLike } from './transport.js';

export const TOKEN_PATH = '/connect/token';
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** How long a signed assertion is valid; the service accepts up to 5 minutes by default. */
const ASSERTION_LIFETIME_S = 120;

export interface TokenSourceOptions {
  baseUrl: string;
  clientId: string;
  /** PKCS#8 PEM ("BEGIN PRIVATE KEY"), or a key already imported. */
  privateKey: string | CryptoKey | KeyObject;
  /** RS256 unless the partner's key says otherwise (PS256, ES256…). */
  algorithm?: string;
  /** `aud` of the assertion: the service's PUBLIC_URL + /connect/token. Default: baseUrl + /connect/token. */
  audience?: string;
  scope?: string;
  refreshMarginS?: number;
  timeoutMs: number;
  retry: RetryPolicy;
  fetch: FetchLike;
  now: () => number;
  random: () => number;
}

interface Cached {
  value: string;
  refreshAt_ms: number;
}

export class TokenSource {
  private cached: Cached | null = null;
  private pending: Promise<string> | null = null;
  private key: Promise<CryptoKey | KeyObject> | null = null;

  constructor(private readonly options: TokenSourceOptions) {}

  /** A valid access token: the cached one, or a new one. */
  token(): Promise<string> {
    if (this.cached !== null && this.options.now() < this.cached.refreshAt_ms) return Promise.resolve(this.cached.value);
    this.pending ??= this.exchange().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** Forgets the cached token (the service refused it): the next call gets a new one. */
  invalidate(): void {
    this.cached = null;
  }

  private signingKey(): Promise<CryptoKey | KeyObject> {
    const { privateKey, algorithm = 'RS256' } = this.options;
    this.key ??= typeof privateKey === 'string' ? importPKCS8(privateKey, algorithm) : Promise.resolve(privateKey);
    return this.key;
  }

  private async assertion(): Promise<string> {
    const { clientId, baseUrl, audience, algorithm = 'RS256', now } = this.options;
    const now_s = Math.floor(now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(audience ?? `${baseUrl}${TOKEN_PATH}`)
      .setJti(randomUUID())
      .setIssuedAt(now_s)
      .setNotBefore(now_s)
      .setExpirationTime(now_s + ASSERTION_LIFETIME_S)
      .sign(await this.signingKey());
  }

  private async exchange(): Promise<string> {
    const { baseUrl, clientId, scope, retry = DEFAULT_RETRY_POLICY, refreshMarginS = 60 } = this.options;
    for (let attempt = 1; ; attempt++) {
      // A fresh assertion every attempt: its jti is single-use.
      const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_assertion_type: ASSERTION_TYPE, client_assertion: await this.assertion(), ...(scope ? { scope } : {}) });
      let answer: Answer;
      try {
        answer = await sendOnce(this.options.fetch, `${baseUrl}${TOKEN_PATH}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form.toString() }, this.options.timeoutMs);
      } catch (error) {
        const wait = delayBeforeRetry(retry, attempt, null, this.options.random);
        if (wait === null) throw new CaasNetworkError(`${TOKEN_PATH}: no answer after ${attempt} attempts`, TOKEN_PATH, null, attempt, error);
        await sleep(wait);
        continue;
      }
      const { response, body } = answer;
      if (response.ok) {
        const { access_token, expires_in } = body as { access_token: string; expires_in: number };
        const lifetime_ms = Math.max(0, expires_in - refreshMarginS) * 1000;
        this.cached = { value: access_token, refreshAt_ms: this.options.now() + lifetime_ms };
        return access_token;
      }
      const wait = isRetryableStatus(response.status, []) ? delayBeforeRetry(retry, attempt, retryAfterMs(response.headers.get('retry-after'), this.options.now()), this.options.random) : null;
      if (wait === null) throw errorFromAnswer(response.status, body, TOKEN_PATH, null);
      await sleep(wait);
    }
  }
}
