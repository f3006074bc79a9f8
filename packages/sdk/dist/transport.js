// fetch with a per-attempt timeout, and reading an answer whatever its content type.
/** One attempt: the answer and its whole body within `timeoutMs`; throws on a timeout or a network error. */
export async function sendOnce(fetchImpl, url, init, timeoutMs) {
    const timeout = AbortSignal.timeout(timeoutMs);
    const response = await fetchImpl(url, { ...init, signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
    return { response, body: await readBody(response) };
}
/** JSON when it parses, otherwise the text (a proxy's HTML error page, an empty body). */
export async function readBody(response) {
    const text = await response.text();
    if (text === '')
        return null;
    try {
        return JSON.parse(text);
    }
    catch {
        return text;
    }
}
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
