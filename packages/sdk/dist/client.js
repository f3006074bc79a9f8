// CaasClient: signs in, sends each call with its IdempotencyKey, retries what is safe to retry
// with the SAME key (so a command runs once however often it is sent), and throws CaasError.
import { randomUUID } from 'node:crypto';
import { CaasError, CaasNetworkError, errorFromAnswer, messagesOf } from './errors.js';
import { OPERATIONS } from './operations.js';
import { DEFAULT_RETRY_POLICY, delayBeforeRetry, isRetryableStatus, retryAfterMs } from './retry.js';
import { TokenSource } from './token.js';
import { sendOnce, sleep } from './transport.js';
export class CaasClient {
    baseUrl;
    tokens;
    retry;
    timeoutMs;
    fetchImpl;
    /** The service's instant on its last answer (Caas-Clock): the simulated one in a sandbox. */
    lastServiceClock = null;
    constructor(options) {
        if (!options.baseUrl || !options.clientId || !options.privateKey)
            throw new TypeError('CaasClient needs baseUrl, clientId and privateKey');
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
    accessToken() {
        return this.tokens.token();
    }
    /** Any operation by path: POST with a JSON body. The typed methods call this. */
    async call(path, body, options = {}) {
        const key = options.idempotencyKey ?? randomUUID();
        let renewedToken = false;
        for (let attempt = 1;; attempt++) {
            const token = await this.tokens.token();
            let answer;
            try {
                answer = await sendOnce(this.fetchImpl, `${this.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}`, IdempotencyKey: key }, body: JSON.stringify(body), signal: options.signal }, this.timeoutMs);
            }
            catch (error) {
                if (options.signal?.aborted)
                    throw error;
                const wait = delayBeforeRetry(this.retry, attempt, null, Math.random);
                if (wait === null)
                    throw new CaasNetworkError(`${path}: no answer after ${attempt} attempts (${error.message})`, path, key, attempt, error);
                await sleep(wait);
                continue;
            }
            const { response, body: answered } = answer;
            const clock = response.headers.get('caas-clock');
            if (clock !== null)
                this.lastServiceClock = new Date(clock);
            if (response.ok)
                return answered;
            if (response.status === 401 && !renewedToken) {
                // Expired or revoked early (a key rotation): one new token, same key.
                renewedToken = true;
                this.tokens.invalidate();
                continue;
            }
            const codes = messagesOf(answered).map((m) => m.code);
            const wait = isRetryableStatus(response.status, codes) ? delayBeforeRetry(this.retry, attempt, retryAfterMs(response.headers.get('retry-after'), Date.now()), Math.random) : null;
            if (wait === null)
                throw errorFromAnswer(response.status, answered, path, key);
            await sleep(wait);
        }
    }
}
for (const [method, path] of Object.entries(OPERATIONS)) {
    Object.defineProperty(CaasClient.prototype, method, {
        value: function (body, options) {
            return this.call(path, body, options);
        },
        writable: true,
        configurable: true,
    });
}
export { CaasError };
