// Logs as an operator reads them: one line per request naming the operation and the partner, the
// boleto slip's capability URL never written as sent, and LOG_FORMAT=pretty for people.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
  lines(): string[] {
    return this.text.split('\n').filter((line) => line !== '');
  }
}

const PRINT_TOKEN = 'ab'.repeat(24);

describe('request lines (LOG_FORMAT=json, the default)', () => {
  const capture = new Capture();
  let service: TestService;
  let partner: TestPartner;
  let token: string;

  before(async () => {
    service = await startTestService({ LOG_LEVEL: 'info' }, [], { logStream: capture });
    partner = await service.onboard();
    token = await service.token(partner);
  });
  after(() => service?.close());

  test('one line per request, with the operation and the partner id', async () => {
    capture.text = '';
    const requestId = 'log-test-1';
    await service.call('/Proposta/Consultar', { dto: { numeroProposta: 999999 } }, { token, headers: { 'x-request-id': requestId } });
    const lines = capture.lines().map((line) => JSON.parse(line) as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
    // An unknown proposal: a business refusal (400), answered to an authenticated partner.
    const mine = lines.filter((line) => line.reqId === requestId);
    assert.equal(mine.length, 1, JSON.stringify(lines));
    assert.equal(mine[0]?.msg, 'request completed');
    assert.deepEqual({ ...mine[0]?.http, ms: 0 }, { method: 'POST', path: '/Proposta/Consultar', status: 400, ms: 0 });
    assert.equal(mine[0]?.operation, 'Proposta_Consultar');
    assert.equal(mine[0]?.partnerId, partner.partnerId);
    assert.ok(!capture.text.includes('incoming request'));
  });

  test('a request without a token logs partnerId null', async () => {
    capture.text = '';
    await service.call('/Proposta/Consultar', { dto: { numeroProposta: 1 } }, { headers: { 'x-request-id': 'log-test-2' } });
    const line = capture.lines().map((l) => JSON.parse(l)).find((l) => l.reqId === 'log-test-2');
    assert.equal(line.http.status, 401);
    assert.equal(line.partnerId, null);
  });

  test('the boleto slip URL is logged as its route pattern: the print token never reaches the log', async () => {
    capture.text = '';
    const response = await service.app.inject({ url: `/boletos/${PRINT_TOKEN}.pdf?x=${PRINT_TOKEN}`, headers: { 'x-request-id': 'log-test-3' } });
    assert.equal(response.statusCode, 404);
    const line = capture.lines().map((l) => JSON.parse(l)).find((l) => l.reqId === 'log-test-3');
    assert.equal(line.http.path, '/boletos/:file');
    assert.equal(line.operation, 'boleto_print');
    assert.ok(!capture.text.includes(PRINT_TOKEN), capture.text);
  });
});

describe('LOG_FORMAT=pretty', () => {
  const capture = new Capture();
  let service: TestService;

  before(async () => {
    service = await startTestService({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, [], { logStream: capture });
  });
  after(() => service?.close());

  test('prints human-readable lines: time, level, method, path, status, operation', async () => {
    capture.text = '';
    await service.call('/Proposta/Consultar', { dto: { numeroProposta: 1 } }, { headers: { 'x-request-id': 'pretty-1' } });
    const line = capture.lines().find((l) => l.includes('pretty-1'));
    assert.ok(line, capture.text);
    assert.ok(!line.startsWith('{'), line);
    assert.match(line, /^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}\] INFO.*: POST \/Proposta\/Consultar 401 [\d.]+ms/);
    assert.match(line, /"operation":"Proposta_Consultar"/);
  });
});
