import type { CryptoKey, KeyObject } from 'jose';
import { CaasError } from './errors.js';
import { type CallOptions, type OperationMethods } from './operations.js';
import { type RetryPolicy } from './retry.js';
import { type FetchLike } from './transport.js';
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
export interface CaasClient extends OperationMethods {
}
export declare class CaasClient {
    private readonly baseUrl;
    private readonly tokens;
    private readonly retry;
    private readonly timeoutMs;
    private readonly fetchImpl;
    /** The service's instant on its last answer (Caas-Clock): the simulated one in a sandbox. */
    lastServiceClock: Date | null;
    constructor(options: CaasClientOptions);
    /** The current access token (cached; refreshed before it expires). */
    accessToken(): Promise<string>;
    /** Any operation by path: POST with a JSON body. The typed methods call this. */
    call<R = unknown>(path: string, body: unknown, options?: CallOptions): Promise<R>;
}
export { CaasError };
