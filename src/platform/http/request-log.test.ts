// The log censor writes what pino's `redact` option wrote for the same paths, without its cost.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import pino, { stdSerializers } from 'pino';
import { loggerOptions } from './request-log.js';

/** The redact option this module had before (issue 14): the reference the censor must match. */
const REDACTED_PATHS = ['req.headers.authorization', '*.client_assertion', '*.access_token', '*.password', '*.secret', '*.documento', '*.documentoCliente', '*.urlImpressao', '*.impressao', 'err.detail', 'err.where', 'err.parameters', 'err.internalQuery'];

function capture(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, lines: () => text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>) };
}

const pgError = () => Object.assign(new Error('duplicate key'), { code: '23505', detail: 'Key (document)=(12345678909) exists', where: 'SQL statement', parameters: ['12345678909'], internalQuery: 'select 1', secret: 's' });

const CASES: Record<string, unknown>[] = [
  { http: { method: 'POST', path: '/Proposta/Consultar', status: 400, ms: 1.2 }, operation: 'Proposta_Consultar', partnerId: null },
  { consulta: { documento: '12345678909', nome: 'Maria' }, operation: 'bureau' },
  { err: pgError() },
  { err: 'not an error' },
  { req: { method: 'POST', headers: { authorization: 'Bearer abc', accept: 'text/plain' }, password: 'p' } },
  { body: { client_assertion: 'a.b.c', access_token: 't', urlImpressao: 'u', impressao: 'i', documentoCliente: 'd', kept: 1 }, list: [{ password: 'x' }] },
  { deep: { dto: { documento: 'two levels down: neither censors it' } }, password: 'top level: neither censors it' },
];

describe('log censor', () => {
  test('writes what pino redact wrote for the same paths', () => {
    const reference = capture();
    const censored = capture();
    const old = pino({ level: 'info', redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, serializers: { err: stdSerializers.err } }, reference.stream);
    const { stream: _stream, ...options } = loggerOptions('info', 'json', censored.stream) as Record<string, unknown>;
    const now = pino(options, censored.stream);
    for (const object of CASES) {
      old.info(object, 'line');
      now.info(object, 'line');
    }
    const strip = (line: Record<string, unknown>) => ({ ...line, time: 0, err: line.err && typeof line.err === 'object' ? { ...line.err, stack: '' } : line.err });
    assert.deepEqual(censored.lines().map(strip), reference.lines().map(strip));
    assert.match(JSON.stringify(censored.lines()), /\[redacted\]/);
    assert.doesNotMatch(JSON.stringify(censored.lines()), /Bearer abc|Key \(document\)|a\.b\.c/);
  });

  test('never changes the logged object itself', () => {
    const sink = capture();
    const { stream: _stream, ...options } = loggerOptions('info', 'json', sink.stream) as Record<string, unknown>;
    const object = { consulta: { documento: '12345678909' }, req: { headers: { authorization: 'Bearer abc' } } };
    pino(options, sink.stream).info(object, 'line');
    assert.deepEqual(object, { consulta: { documento: '12345678909' }, req: { headers: { authorization: 'Bearer abc' } } });
  });
});
