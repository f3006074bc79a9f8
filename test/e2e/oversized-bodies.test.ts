// Issue 12 over real sockets (node:net against the app listening on 127.0.0.1): a body over the
// limit gets its 413 answer in full, on every path and on /connect/token, and the client reads it
// with no EPIPE or ECONNRESET, whether the length is declared or the body is chunked. An early
// answer (401) to a body still arriving is read whole too.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { startTestService, type TestService } from '../support/app.js';

let service: TestService;
let port: number;
let token: string;

before(async () => {
  service = await startTestService();
  token = await service.token(await service.onboard());
  await service.app.listen({ host: '127.0.0.1', port: 0 });
  port = (service.app.server.address() as net.AddressInfo).port;
});
after(() => service.close());

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  socketError: string | null;
}

const CHUNK_BYTES = 64 * 1024;
const TWO_MB = 2 * 1024 * 1024;
const PAUSE_MS = 2;

/** Writes the request (the whole body, whatever the server says meanwhile) and reads until the server closes. */
function send(path: string, headers: Record<string, string>, body: Buffer, chunked: boolean): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let socketError: string | null = null;
    const timer = setTimeout(() => socket.destroy(new Error('no answer in 20 s')), 20_000);
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (socketError = error.code ?? error.message));
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(received).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body: rest.join('\r\n\r\n'), socketError });
    });
    socket.on('connect', async () => {
      const lines = [`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      lines.push(chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      try {
        for (let at = 0; at < body.length && !socket.destroyed; at += CHUNK_BYTES) {
          const piece = body.subarray(at, at + CHUNK_BYTES);
          const framed = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
          if (!socket.write(framed)) await new Promise((r) => socket.once('drain', r));
          await new Promise((r) => setTimeout(r, PAUSE_MS)); // a client on a real network: still sending when the server answers
        }
        if (chunked && !socket.destroyed) socket.write('0\r\n\r\n');
      } catch (error) {
        reject(error);
      }
    });
  });
}

function jsonBody(bytes: number): Buffer {
  const filler = 'x'.repeat(bytes);
  return Buffer.from(JSON.stringify({ dto: { codigoOperacao: filler } }));
}

const JSON_HEADERS = () => ({ 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, IdempotencyKey: `k-${Math.random()}` });

describe('bodies over the limit, over real sockets', () => {
  for (const chunked of [false, true]) {
    const how = chunked ? 'chunked' : 'with Content-Length';
    test(`2 MB on ConsultarDetalhes (${how}): the whole 413 envelope, no reset`, async () => {
      const answer = await send('/AgendaRecebivel/ConsultarDetalhes', JSON_HEADERS(), jsonBody(TWO_MB), chunked);
      assert.equal(answer.socketError, null, answer.headers);
      assert.equal(answer.status, 413, answer.headers);
      assert.equal(JSON.parse(answer.body).messages[0].code, 'REQ011');
    });

    test(`2 MB form on /connect/token (${how}): 413 invalid_request, no reset`, async () => {
      const form = Buffer.from(`grant_type=client_credentials&client_assertion=${'a'.repeat(TWO_MB)}`);
      const answer = await send('/connect/token', { 'Content-Type': 'application/x-www-form-urlencoded' }, form, chunked);
      assert.equal(answer.socketError, null, answer.headers);
      assert.equal(answer.status, 413, answer.headers);
      assert.equal(JSON.parse(answer.body).error, 'invalid_request');
    });
  }

  test('2 MB without a token, and on an unknown path: 413 before anything else', async () => {
    for (const path of ['/Proposta/Recusar', '/Nada/Disso']) {
      const answer = await send(path, { 'Content-Type': 'application/json' }, jsonBody(TWO_MB), false);
      assert.equal(answer.socketError, null, answer.headers);
      assert.equal(answer.status, 413, `${path}: ${answer.headers}`);
      assert.equal(JSON.parse(answer.body).messages[0].code, 'REQ011');
    }
  });

  test('an early 401 to a body under the limit still arriving: read whole, no reset', async () => {
    const answer = await send('/AgendaRecebivel/ConsultarDetalhes', { 'Content-Type': 'application/json', IdempotencyKey: 'k' }, jsonBody(900_000), false);
    assert.equal(answer.socketError, null, answer.headers);
    assert.equal(answer.status, 401, answer.headers);
    assert.equal(JSON.parse(answer.body).messages[0].code, 'A0001');
  });
});
