import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fixedClock } from '../../../platform/clock.js';
import { HttpBureauProvider } from './http-adapter.js';
import type { HttpBureauConfig } from './http-config.js';
import type { BureauRequest, PersonType, ProviderOutcome } from './port.js';
import { SAMPLE_CNPJS, SAMPLE_CPFS, sandbox } from './test-support.fixture.js';
import { encodeWireJson } from './wire-decode.js';

type Mode = 'ok' | 'slow' | 'error500' | 'flaky' | 'unauthorized' | 'bad_schema' | 'not_json' | 'provider_failure';

const SLOW_ANSWER_MS = 1_000;
const COOL_DOWN_MS = 30_000;

/** The test's provider: answers with the sandbox's bodies in the documented wire format. */
const provider = {
  mode: 'ok' as Mode,
  requests: [] as { url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[],
  flakyFailures: 2,
  timers: new Set<NodeJS.Timeout>(),
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

async function sandboxAnswer(path: string, p: Record<string, unknown>): Promise<ProviderOutcome<unknown>> {
  const base = { document: String(p.documento), personType: p.tipoPessoa as PersonType };
  const s = sandbox();
  if (path.endsWith('/bureau')) return s.consultBureau({ ...base, productCode: String(p.codigoProduto), consultaCompleta: p.consultaCompleta === true });
  if (path.endsWith('/scr')) {
    return s.consultScr({ ...base, referenceYear: Number(p.dataBaseAno), referenceMonth: Number(p.dataBaseMes), consentAt: new Date(String(p.dtAceiteCliente)) });
  }
  return s.consultFraud({ ...base, email: (p.email as string | null) ?? undefined });
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Counted on arrival: a request the adapter abandons (timeout) while its body is read still counts.
  const request = { url: req.url ?? '', headers: req.headers, body: {} as Record<string, unknown> };
  provider.requests.push(request);
  const body = await readJson(req);
  request.body = body;
  const send = (status: number, text: string): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(text);
  const answer = async () => {
    const outcome = await sandboxAnswer(req.url ?? '', body);
    send(200, encodeWireJson(outcome.status === 'failure' ? { status: 'failure', codigo: 'X', mensagem: 'x' } : outcome));
  };
  switch (provider.mode) {
    case 'ok':
      return answer();
    case 'slow': {
      const timer = setTimeout(() => void answer().catch(() => undefined), SLOW_ANSWER_MS);
      provider.timers.add(timer);
      return;
    }
    case 'error500':
      return send(500, '{"erro":"interno"}');
    case 'flaky':
      if (provider.flakyFailures-- > 0) return send(503, 'ocupado');
      return answer();
    case 'unauthorized':
      return send(401, '{"erro":"credencial"}');
    case 'bad_schema':
      return send(200, '{"status":"found","body":{"possuiRestricao":"sim","falha":false}}');
    case 'not_json':
      return send(200, '<html>erro</html>');
    case 'provider_failure':
      return send(200, '{"status":"failure","codigo":"DOC-404","mensagem":"documento bloqueado"}');
  }
}

let server: Server;
let baseUrl = '';

before(async () => {
  server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

after(async () => {
  for (const t of provider.timers) clearTimeout(t);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  provider.mode = 'ok';
  provider.requests = [];
  provider.flakyFailures = 2;
});

/** Waits (bounded) until the test's server has seen `count` requests, so none lands in the next test. */
async function arrived(count: number): Promise<void> {
  for (let waited_ms = 0; provider.requests.length < count && waited_ms < 2_000; waited_ms += 20) await new Promise((r) => setTimeout(r, 20));
}

function adapter(overrides: Partial<HttpBureauConfig> = {}) {
  const clock = fixedClock('2026-03-15T12:00:00Z');
  const sleeps: number[] = [];
  const config: HttpBureauConfig = {
    baseUrl, credentialsHeaderName: 'X-Api-Key', credentialsHeaderValue: 'segredo-de-teste', timeout_ms: 2_000, retries_max: 2,
    backoffBase_ms: 100, backoffMax_ms: 250, breakerFailureThreshold: 3, breakerCoolDown_ms: COOL_DOWN_MS, ...overrides,
  };
  const http = new HttpBureauProvider(config, { clock, sleep: async (ms) => void sleeps.push(ms) });
  return { http, clock, sleeps };
}

const PF_REQUEST: BureauRequest = { document: SAMPLE_CPFS[0], personType: 'PF', productCode: '1', consultaCompleta: true };

function failureOf(outcome: ProviderOutcome<unknown>) {
  assert.equal(outcome.status, 'failure');
  const f = (outcome as Extract<ProviderOutcome<unknown>, { status: 'failure' }>).failure;
  assert.equal(f.falha, true);
  assert.ok(f.mensagem.length > 0);
  return f;
}

describe('HTTP bureau adapter', () => {
  it('decodes well-formed answers into the same bodies as the sandbox', async () => {
    const { http } = adapter();
    assert.deepEqual(await http.consultBureau(PF_REQUEST), await sandbox().consultBureau(PF_REQUEST));
    const scrReq = { document: SAMPLE_CNPJS[0], personType: 'PJ' as const, referenceYear: 2026, referenceMonth: 1, consentAt: new Date('2026-03-01T00:00:00Z') };
    assert.deepEqual(await http.consultScr(scrReq), await sandbox().consultScr(scrReq));
    const fraudReq = { document: SAMPLE_CPFS[1], personType: 'PF' as const, email: 'a@example.com' };
    assert.deepEqual(await http.consultFraud(fraudReq), await sandbox().consultFraud(fraudReq));
    assert.deepEqual(provider.requests.map((r) => r.url), ['/v1/bureau', '/v1/scr', '/v1/fraude']);
  });

  it('sends the credentials header and keeps the document out of the URL', async () => {
    const { http } = adapter();
    await http.consultBureau(PF_REQUEST);
    const [request] = provider.requests;
    assert.equal(request!.headers['x-api-key'], 'segredo-de-teste');
    assert.ok(!request!.url.includes(PF_REQUEST.document));
    assert.deepEqual(request!.body, { documento: PF_REQUEST.document, tipoPessoa: 'PF', codigoProduto: '1', consultaCompleta: true });
  });

  it('gives up on a slow provider after the timeout, retrying a bounded number of times', async () => {
    provider.mode = 'slow';
    const { http, sleeps } = adapter({ timeout_ms: 100 });
    const f = failureOf(await http.consultBureau(PF_REQUEST));
    assert.equal(f.reason, 'timeout');
    assert.equal(f.attempts, 3);
    await arrived(3); // on a loaded machine the last abandoned request may reach the server just after
    assert.equal(provider.requests.length, 3);
    assert.deepEqual(sleeps, [100, 200]);
  });

  it('retries 500s at most retries_max times, with capped exponential backoff', async () => {
    provider.mode = 'error500';
    const { http, sleeps } = adapter({ retries_max: 4 });
    const f = failureOf(await http.consultBureau(PF_REQUEST));
    assert.equal(f.reason, 'unavailable');
    assert.equal(provider.requests.length, 5);
    assert.deepEqual(sleeps, [100, 200, 250, 250]);
    assert.equal(f.detail, 'HTTP 500');
  });

  it('recovers when a retry succeeds', async () => {
    provider.mode = 'flaky';
    const { http } = adapter();
    assert.equal((await http.consultBureau(PF_REQUEST)).status, 'found');
    assert.equal(provider.requests.length, 3);
  });

  it('does not retry a refusal (401) or a malformed answer', async () => {
    for (const [mode, reason] of [['unauthorized', 'rejected'], ['bad_schema', 'malformed_response'], ['not_json', 'malformed_response']] as const) {
      provider.mode = mode;
      provider.requests = [];
      const f = failureOf(await adapter().http.consultBureau(PF_REQUEST));
      assert.equal(f.reason, reason, mode);
      assert.equal(provider.requests.length, 1, mode);
    }
  });

  it('names the wrong field of a malformed answer in the audit detail only', async () => {
    provider.mode = 'bad_schema';
    const f = failureOf(await adapter().http.consultBureau(PF_REQUEST));
    assert.match(f.detail!, /\$\.body\.possuiRestricao: expected a boolean/);
    assert.doesNotMatch(f.mensagem, /possuiRestricao/);
  });

  it('passes a provider-declared failure through without blaming the provider', async () => {
    provider.mode = 'provider_failure';
    const { http } = adapter({ breakerFailureThreshold: 1 });
    const f = failureOf(await http.consultBureau(PF_REQUEST));
    assert.equal(f.reason, 'provider_error');
    assert.equal(f.detail, 'DOC-404: documento bloqueado');
    assert.equal(http.breakerState, 'closed');
  });

  it('reports a refused connection as unavailable', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const f = failureOf(await adapter({ baseUrl: `http://127.0.0.1:${port}` }).http.consultBureau(PF_REQUEST));
    assert.equal(f.reason, 'unavailable');
    assert.equal(f.attempts, 3);
  });

  it('opens the breaker after consecutive failures and closes it after a successful trial', async () => {
    provider.mode = 'error500';
    const { http, clock } = adapter({ retries_max: 0 });
    for (let i = 0; i < 3; i++) assert.equal(failureOf(await http.consultBureau(PF_REQUEST)).reason, 'unavailable');
    assert.equal(http.breakerState, 'open');
    const refused = failureOf(await http.consultBureau(PF_REQUEST));
    assert.equal(refused.reason, 'circuit_open');
    assert.equal(refused.attempts, 0);
    assert.equal(provider.requests.length, 3, 'an open breaker does not call the provider');
    clock.advance(COOL_DOWN_MS);
    provider.mode = 'ok';
    assert.equal((await http.consultBureau(PF_REQUEST)).status, 'found');
    assert.equal(http.breakerState, 'closed');
    assert.equal(provider.requests.length, 4);
  });

  it('re-opens the breaker when the half-open trial fails', async () => {
    provider.mode = 'error500';
    const { http, clock } = adapter({ retries_max: 0 });
    for (let i = 0; i < 3; i++) await http.consultBureau(PF_REQUEST);
    clock.advance(COOL_DOWN_MS);
    assert.equal(failureOf(await http.consultBureau(PF_REQUEST)).reason, 'unavailable');
    assert.equal(http.breakerState, 'open');
    assert.equal(failureOf(await http.consultBureau(PF_REQUEST)).reason, 'circuit_open');
    assert.equal(provider.requests.length, 4);
  });
});
