// The log censor writes what pino's `redact` option wrote for the same paths, without its cost;
// the lazy request logger writes what pino's child wrote, making the child only for a written line.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import pino, { stdSerializers } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { LazyRequestLogger, loggerOptions, requestLogger } from './request-log.js';

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

describe('lazy request logger', () => {
  const logger = (level: string, stream: Writable) => {
    const { stream: _stream, ...options } = loggerOptions(level, 'json', stream) as Record<string, unknown>;
    return pino(options, stream) as unknown as FastifyBaseLogger;
  };
  const strip = (line: Record<string, unknown>) => ({ ...line, time: 0 });

  test('writes the lines pino\'s child wrote, and makes the child only for a line of an enabled level', () => {
    const eager = capture();
    const lazy = capture();
    const parent = logger('warn', lazy.stream);
    let children = 0;
    const counting = Object.assign(Object.create(parent) as FastifyBaseLogger, {
      child: (...args: Parameters<FastifyBaseLogger['child']>) => {
        children += 1;
        return parent.child(...args);
      },
    });
    const log = requestLogger(counting, { reqId: 'r-1' }, {});
    assert.ok(log instanceof LazyRequestLogger);
    log.info({ http: { status: 200 } }, 'request completed');
    log.debug('unknown request fields ignored');
    assert.equal(log.isLevelEnabled('info'), false);
    assert.equal(log.level, 'warn');
    assert.equal(children, 0, 'nothing written: no child');
    log.error({ err: new Error('boom'), consulta: { documento: '12345678909' } }, 'request failed');
    log.warn('slow');
    assert.equal(children, 1);
    const reference = logger('warn', eager.stream).child({ reqId: 'r-1' });
    reference.error({ err: new Error('boom'), consulta: { documento: '12345678909' } }, 'request failed');
    reference.warn('slow');
    const noStack = (line: Record<string, unknown>) => ({ ...strip(line), err: line.err ? { ...(line.err as object), stack: '' } : undefined });
    assert.deepEqual(lazy.lines().map(noStack), eager.lines().map(noStack));
    assert.equal(lazy.lines()[0]?.reqId, 'r-1');
  });

  test('a route with its own level gets pino\'s child at once', () => {
    const sink = capture();
    const log = requestLogger(logger('error', sink.stream), { reqId: 'r-2' }, { level: 'info' });
    assert.ok(!(log instanceof LazyRequestLogger));
    log.info('kept');
    assert.equal(sink.lines()[0]?.reqId, 'r-2');
  });
});
