import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import https from 'node:https';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { deliver, parseRetryAfter, type DeliveryRequest } from './deliver.js';
import { secretFromBytes, verifyWebhook } from './signing.js';
import type { LookupFn } from './address-guard.js';

const AT = new Date('2026-08-03T12:00:00Z');
const SECRET = secretFromBytes(new Uint8Array(32).fill(7));
const BODY = '{"TipoEvento":9,"NomeEvento":"CobrancaCancelada","VlrPagamento":150.50}';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
let server: http.Server;
let base = '';

function route(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
  received.push({ path: req.url ?? '', headers: req.headers, body });
  switch (req.url) {
    case '/ok':
      return void res.writeHead(200).end('{"ok":true}');
    case '/fail':
      return void res.writeHead(500).end('boom');
    case '/busy':
      return void res.writeHead(503, { 'Retry-After': '120' }).end();
    case '/redirect':
      return void res.writeHead(302, { Location: '/ok' }).end();
    case '/big':
      return void res.writeHead(200).end(Buffer.alloc(1024 * 1024, 0x61));
    case '/slow':
      return void setTimeout(() => res.writeHead(200).end(), 2_000).unref();
    case '/slow-body':
      res.writeHead(200);
      res.write('partial');
      return; // never ends: the status alone decides
    default:
      return void res.writeHead(404).end();
  }
}

function handler(req: http.IncomingMessage, res: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => route(req, res, Buffer.concat(chunks).toString('utf8')));
}

async function listen(s: http.Server): Promise<number> {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
}

async function close(s: http.Server): Promise<void> {
  s.closeAllConnections();
  await new Promise<void>((resolve) => s.close(() => resolve()));
}

before(async () => {
  server = http.createServer(handler);
  base = `http://127.0.0.1:${await listen(server)}`;
});

after(async () => {
  await close(server);
});

const request = (path: string, extra: Partial<DeliveryRequest> = {}): DeliveryRequest => ({
  url: `${base}${path}`,
  webhook_id: 'msg_42',
  body: BODY,
  secrets: [SECRET],
  partner_header: { name: 'Api-Key', value: 'k-123' },
  at: AT,
  ...extra,
});

function lastTo(path: string): Received {
  const hit = received.filter((r) => r.path === path).at(-1);
  assert.ok(hit, `nothing received on ${path}`);
  return hit;
}

test('200 is delivered; the receiver gets the body, the partner header and a signature it can verify', async () => {
  const out = await deliver(request('/ok'));
  assert.deepEqual([out.delivered, out.status, out.error, out.permanent], [true, 200, null, false]);
  assert.ok(out.duration_ms >= 0);
  const got = lastTo('/ok');
  assert.equal(got.body, BODY);
  assert.equal(got.headers['content-type'], 'application/json');
  assert.equal(got.headers['api-key'], 'k-123');
  assert.equal(got.headers['webhook-id'], 'msg_42');
  assert.equal(got.headers['webhook-timestamp'], String(AT.getTime() / 1000));
  assert.deepEqual(verifyWebhook({ headers: got.headers, body: got.body, secrets: [SECRET], now: AT }), { ok: true });
});

test('500 fails with its status; 503 passes its Retry-After on', async () => {
  const out = await deliver(request('/fail'));
  assert.deepEqual([out.delivered, out.status, out.error?.code, out.permanent], [false, 500, 'http_status', false]);
  const busy = await deliver(request('/busy'));
  assert.deepEqual([busy.delivered, busy.status, busy.retry_after_ms], [false, 503, 120_000]);
});

test('a 302 is a failure and is not followed', async () => {
  const before = received.filter((r) => r.path === '/ok').length;
  const out = await deliver(request('/redirect'));
  assert.deepEqual([out.delivered, out.status, out.error?.code], [false, 302, 'redirect']);
  assert.equal(received.filter((r) => r.path === '/ok').length, before);
});

test('a slow partner times out; a status already sent still decides', async () => {
  const slow = await deliver(request('/slow'), { timeout_ms: 200 });
  assert.deepEqual([slow.delivered, slow.status, slow.error?.code], [false, null, 'timeout']);
  assert.ok(slow.duration_ms >= 150 && slow.duration_ms < 1_500, `took ${slow.duration_ms} ms`);
  const slowBody = await deliver(request('/slow-body'), { timeout_ms: 200 });
  assert.deepEqual([slowBody.delivered, slowBody.status], [true, 200]);
  assert.ok(slowBody.duration_ms >= 150, 'the body was still being read when the deadline fired');
});

test('a large answer is read only up to the limit and does not fail the delivery', async () => {
  const out = await deliver(request('/big'), { response_bytes_max: 1024 });
  assert.deepEqual([out.delivered, out.status], [true, 200]);
});

test('a refused connection fails', async () => {
  const closed = http.createServer();
  const port = await listen(closed);
  await close(closed);
  const out = await deliver(request('/ok', { url: `http://127.0.0.1:${port}/ok` }));
  assert.deepEqual([out.delivered, out.status, out.error?.code], [false, null, 'connection_failed']);
  assert.match(out.error?.message ?? '', /ECONNREFUSED/);
});

test('private addresses are refused before any connection; loopback is allowed by default only', async () => {
  const direct = await deliver(request('/ok', { url: 'http://10.0.0.1:9/ok' }));
  assert.deepEqual([direct.delivered, direct.error?.code, direct.status], [false, 'address_refused', null]);
  const lookups: string[] = [];
  const rebinding: LookupFn = async (host) => (lookups.push(host), [{ address: '10.0.0.5', family: 4 }]);
  const viaDns = await deliver(request('/ok', { url: 'http://partner.test/ok' }), { lookup: rebinding });
  assert.equal(viaDns.error?.code, 'address_refused');
  assert.deepEqual(lookups, ['partner.test']);
  const noLoopback = await deliver(request('/ok'), { address_policy: { allow_loopback: false, allow_private: false } });
  assert.equal(noLoopback.error?.code, 'address_refused');
  const badScheme = await deliver(request('/ok', { url: 'ftp://partner.test/ok' }));
  assert.deepEqual([badScheme.error?.code, badScheme.permanent], ['scheme_not_allowed', true]);
});

test('a host name is connected to at the address that was checked, with its own Host header', async () => {
  const port = new URL(base).port;
  const toLoopback: LookupFn = async () => [{ address: '127.0.0.1', family: 4 }];
  const out = await deliver(request('/ok', { url: `http://partner.test:${port}/ok` }), { lookup: toLoopback });
  assert.equal(out.delivered, true);
  assert.equal(lastTo('/ok').headers.host, `partner.test:${port}`);
});

test('Retry-After: seconds or an HTTP date', () => {
  assert.equal(parseRetryAfter('30', AT), 30_000);
  assert.equal(parseRetryAfter('Mon, 03 Aug 2026 12:01:00 GMT', AT), 60_000);
  assert.equal(parseRetryAfter('soon', AT), null);
  assert.equal(parseRetryAfter(undefined, AT), null);
});

// HTTPS: the request connects to 127.0.0.1 yet verifies the certificate against the URL's name
// (SNI and hostname check). Needs the openssl command to make a throw-away certificate.
test('https: the certificate is checked against the URL host while connecting to the checked IP', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'caas-cb-tls-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=partner.test', '-addext', 'subjectAltName=DNS:partner.test'], { stdio: 'ignore' });
    const cert = readFileSync(join(dir, 'cert.pem'));
    const tls = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, handler);
    const port = await listen(tls);
    try {
      const toLoopback: LookupFn = async () => [{ address: '127.0.0.1', family: 4 }];
      const ok = await deliver(request('/ok', { url: `https://partner.test:${port}/ok` }), { lookup: toLoopback, ca: cert });
      assert.deepEqual([ok.delivered, ok.status], [true, 200]);
      const wrongName: LookupFn = async () => [{ address: '127.0.0.1', family: 4 }];
      const mismatch = await deliver(request('/ok', { url: `https://other.test:${port}/ok` }), { lookup: wrongName, ca: cert });
      assert.equal(mismatch.error?.code, 'connection_failed');
      const untrusted = await deliver(request('/ok', { url: `https://partner.test:${port}/ok` }), { lookup: toLoopback });
      assert.equal(untrusted.error?.code, 'connection_failed');
    } finally {
      await close(tls);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
