// One JSON (or form) request over HTTPS with the client certificate of mTLS, bounded in time and
// size. node:https is used because Node 20's fetch cannot present a client certificate without
// undici's dispatcher (not a dependency here).
import https from 'node:https';
import { PIX_HTTP_TIMEOUT_MS, PIX_RESPONSE_BYTES_MAX } from '../limits.js';

export interface Tls {
  cert: string | null;
  key: string | null;
  ca: string | null;
}

export interface HttpAnswer {
  status: number;
  body: unknown;
}

export class PixHttpError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'PixHttpError';
  }
}

export function requestJson(tls: Tls, method: string, url: string, headers: Record<string, string>, body: string | null): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method, headers: { accept: 'application/json', ...headers, ...(body === null ? {} : { 'content-length': String(Buffer.byteLength(body)) }) }, cert: tls.cert ?? undefined, key: tls.key ?? undefined, ca: tls.ca ?? undefined, timeout: PIX_HTTP_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > PIX_RESPONSE_BYTES_MAX) req.destroy(new PixHttpError(res.statusCode ?? null, `${method} ${url}: answer larger than ${PIX_RESPONSE_BYTES_MAX} bytes`));
        else chunks.push(c);
      });
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ status: res.statusCode ?? 0, body: text === '' ? null : JSON.parse(text) });
        } catch {
          reject(new PixHttpError(res.statusCode ?? null, `${method} ${url}: answer is not JSON`));
        }
      });
    });
    req.on('timeout', () => req.destroy(new PixHttpError(null, `${method} ${url}: no answer in ${PIX_HTTP_TIMEOUT_MS} ms`)));
    req.on('error', (e) => reject(e instanceof PixHttpError ? e : new PixHttpError(null, `${method} ${url}: ${e.message}`)));
    if (body !== null) req.write(body);
    req.end();
  });
}
