export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export interface Answer {
    response: Response;
    body: unknown;
}
/** One attempt: the answer and its whole body within `timeoutMs`; throws on a timeout or a network error. */
export declare function sendOnce(fetchImpl: FetchLike, url: string, init: RequestInit, timeoutMs: number): Promise<Answer>;
/** JSON when it parses, otherwise the text (a proxy's HTML error page, an empty body). */
export declare function readBody(response: Response): Promise<unknown>;
export declare const sleep: (ms: number) => Promise<void>;
