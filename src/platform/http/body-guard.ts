// Early answers that a client can read whole (issue 12). A body over BODY_BYTES_MAX is refused on
// its declared Content-Length before anything else runs (authentication included); and before any
// answer is sent while the body is still arriving (a 413, a 401 from the onRequest hook…), the
// unread rest is read and discarded, bounded in bytes and time. Otherwise the socket would close
// with unread data, the kernel would reset it, and the client would get EPIPE/ECONNRESET instead
// of the answer. Past the bounds the answer is sent with `Connection: close`.
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../config/limits.js';
import { DomainError } from '../errors.js';

export function bodyTooLarge(): DomainError {
  return new DomainError('too_large', [{ code: 'REQ011', description: 'Corpo da requisição acima do limite permitido' }]);
}

function declaredLength(request: FastifyRequest): number {
  const header = request.headers['content-length'];
  return header === undefined ? 0 : Number(header);
}

/** onRequest hook of the whole app: 413 on the declared length alone (synchronous: no promise per request). */
export function refuseDeclaredOversize(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  if (declaredLength(request) > LIMITS.BODY_BYTES_MAX) done(bodyTooLarge());
  else done();
}

function bodyFullyRead(raw: IncomingMessage): boolean {
  return raw.readableEnded || raw.destroyed || (raw.complete === true && raw.readableLength === 0);
}

/** Resolves true when the body ended within the bounds, false when it had to be given up. */
function drain(raw: IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', onEnd).off('close', onEnd).off('error', onEnd);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > LIMITS.BODY_DRAIN_BYTES_MAX) finish(false);
    };
    const onEnd = () => finish(true);
    const timer = setTimeout(() => finish(false), LIMITS.BODY_DRAIN_TIME_MS);
    raw.on('data', onData).on('end', onEnd).on('close', onEnd).on('error', onEnd);
    raw.resume();
  });
}

/**
 * Part of the app's onSend hook: discard the unread body first, so the answer arrives whole; `done`
 * is called at once when the body was read (every ordinary request: no promise).
 */
export function drainUnreadBody(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const raw = request.raw;
  if (bodyFullyRead(raw)) return done();
  if (declaredLength(request) > LIMITS.BODY_DRAIN_BYTES_MAX) {
    reply.header('connection', 'close');
    return done();
  }
  void drain(raw).then((ended) => {
    if (!ended) reply.header('connection', 'close');
    done();
  });
}
