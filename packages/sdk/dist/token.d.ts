import { type CryptoKey, type KeyObject } from 'jose';
import { type RetryPolicy } from './retry.js';
import { type FetchLike } from './transport.js';
export declare const TOKEN_PATH = "/connect/token";
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
export declare class TokenSource {
    private readonly options;
    private cached;
    private pending;
    private key;
    constructor(options: TokenSourceOptions);
    /** A valid access token: the cached one, or a new one. */
    token(): Promise<string>;
    /** Forgets the cached token (the service refused it): the next call gets a new one. */
    invalidate(): void;
    private signingKey;
    private assertion;
    private exchange;
}
