// The SDK against a scripted fetch: one IdempotencyKey per call kept across retries, which answers
// are retried (429 with Retry-After, IDEM409, 5xx, network errors) and which are not, bounded
// attempts, the token cached and renewed, CaasError with the envelope's messages; and the
// callback helpers against the service's own signer.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, test } from 'node:test';
import { CALLBACK_EVENT_KINDS, CALLBACK_SUB_OBJECTS, CaasClient, CaasError, CaasNetworkError, CallbackVerificationError, readCallback, verifyCallback, messagesOf } from '../../packages/sdk/src/index.js';
import { EVENT_NAMES, SUB_OBJECT_OF } from '../../src/modules/callbacks/event-body.js';
import { delayBeforeRetry, DEFAULT_RETRY_POLICY, retryAfterMs } from '../../packages/sdk/src/retry.js';
import { webhookHeaders } from '../../src/modules/callbacks/signing.js';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

interface Sent {
  path: string;
  key: string | null;
  authorization: string | null;
}

type Script = (sent: Sent, n: number) => Response | Error;

function scripted(script: Script, tokenLifetime_s = 3600) {
  const sent: Sent[] = [];
  let tokens = 0;
  const fetchImpl = async (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input);
    if (url.pathname === '/connect/token') {
      tokens += 1;
      const form = new URLSearchParams(String(init.body));
      assert.equal(form.get('client_assertion_type'), 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
      return Response.json({ access_token: `t${tokens}`, token_type: 'Bearer', expires_in: tokenLifetime_s });
    }
    const headers = new Headers(init.headers);
    const entry = { path: url.pathname, key: headers.get('idempotencykey'), authorization: headers.get('authorization') };
    sent.push(entry);
    const outcome = script(entry, sent.length);
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  const client = new CaasClient({ baseUrl: 'http://caas.test/', clientId: 'bmp.acme', privateKey: PEM, fetch: fetchImpl, retry: { backoffBaseMs: 1, backoffCapMs: 2 } });
  return { client, sent, tokens: () => tokens };
}

const envelope = (status: number, messages: object[], headers: Record<string, string> = {}) => Response.json({ msg: null, hasError: true, messages }, { status, headers });

describe('SDK client', () => {
  test('429 (Retry-After), IDEM409, 503 and a network error are retried with the same key', async () => {
    const answers: Array<Response | Error> = [
      envelope(429, [{ code: 'REQ429', description: 'Limite' }], { 'retry-after': '0' }),
      envelope(409, [{ code: 'IDEM409', description: 'em processamento' }], { 'retry-after': '0' }),
      new TypeError('fetch failed'),
    ];
    const { client, sent, tokens } = scripted((_s, n) => answers[n - 1] ?? Response.json({ msg: null, hasError: false, messages: [], codigo: 'abc', numero: 7 }, { headers: { 'caas-clock': '2030-01-01T00:00:00.000Z' } }));
    const created = await client.createProposal({ dto: { documentoCliente: '12345678909' } } as never);
    assert.equal((created as { numero: number }).numero, 7);
    assert.equal(sent.length, 4);
    assert.equal(new Set(sent.map((s) => s.key)).size, 1);
    assert.match(sent[0]!.key!, /^[0-9a-f-]{36}$/);
    assert.equal(sent[0]!.path, '/Proposta/IncluirManualSimplificado');
    assert.equal(tokens(), 1, 'the token is cached across calls');
    assert.equal(client.lastServiceClock?.toISOString(), '2030-01-01T00:00:00.000Z');
    await client.getProposal({ dto: { codigoProposta: 'abc' } } as never);
    assert.notEqual(sent[4]!.key, sent[0]!.key, 'a new key per call');
  });

  test('retries are bounded; a 4xx is thrown at once as CaasError with the messages', async () => {
    const failing = scripted(() => envelope(503, [{ code: 'X', description: 'indisponível' }]));
    await assert.rejects(failing.client.getInstallments({ dto: {} } as never), (e: CaasError) => e instanceof CaasError && e.status === 503);
    assert.equal(failing.sent.length, DEFAULT_RETRY_POLICY.attemptsMax);
    const refused = scripted(() => envelope(400, [{ messageType: 2, code: '28', context: '', description: 'prazo', field: 'dto' }]));
    await assert.rejects(refused.client.cancelProposal({ dto: {} } as never), (e: CaasError) => {
      assert.deepEqual(e.codes, ['28']);
      assert.deepEqual(e.messages[0], { code: '28', description: 'prazo', field: 'dto', messageType: 2, context: '' });
      return true;
    });
    assert.equal(refused.sent.length, 1);
    const down = scripted(() => new TypeError('fetch failed'));
    await assert.rejects(down.client.getBoletos({ dto: {} } as never), CaasNetworkError);
  });

  test('a refused token is renewed once; an expiring token is refreshed before it expires', async () => {
    const { client, sent, tokens } = scripted((s) => (s.authorization === 'Bearer t1' ? envelope(401, [{ code: 'A0002', description: 'expirado' }]) : Response.json({ hasError: false, messages: [] })));
    await client.getPayee({} as never);
    assert.deepEqual(sent.map((s) => s.authorization), ['Bearer t1', 'Bearer t2']);
    assert.equal(tokens(), 2);
    const short = scripted(() => Response.json({ hasError: false, messages: [] }), 30); // 30 s < the 60 s margin
    await short.client.getPayee({} as never);
    await short.client.getPayee({} as never);
    assert.equal(short.tokens(), 2);
  });

  test('PascalCase envelopes and Retry-After dates are read; backoff is capped', () => {
    assert.deepEqual(messagesOf({ Messages: [{ Code: '27', Description: 'já cancelada', Field: 'dto', MessageType: 2, Context: '' }] })[0], { code: '27', description: 'já cancelada', field: 'dto', messageType: 2, context: '' });
    assert.equal(retryAfterMs('3', 0), 3000);
    assert.equal(retryAfterMs('Thu, 01 Jan 1970 00:00:10 GMT', 4000), 6000);
    assert.equal(retryAfterMs('soon', 0), null);
    assert.equal(delayBeforeRetry(DEFAULT_RETRY_POLICY, 3, null, () => 0.999999), 799);
    assert.equal(delayBeforeRetry(DEFAULT_RETRY_POLICY, 4, null, () => 0.5), null);
    assert.equal(delayBeforeRetry(DEFAULT_RETRY_POLICY, 1, 120_000, () => 0.5), null, 'a Retry-After beyond the bound ends the retries');
  });
});

describe('SDK callbacks', () => {
  const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
  const body = JSON.stringify({ TipoEvento: 5, NomeEvento: 'BoletoGerado', NroProposta: 12, CodigoProposta: 'p-1', CodigoOperacao: null, DtEvento: '2026-11-23', LancamentoParcela: null, GeracaoBoleto: { CodigoBoleto: 'b-1', NroBoleto: 99, VlrBoleto: 350, DtVencimento: '2026-12-23T00:00:00Z', Liquidacao: false } });
  const at = new Date('2026-11-23T15:00:00Z');
  const headers = webhookHeaders({ id: 'msg_42', at, body, secrets: ['whsec_' + Buffer.alloc(32, 1).toString('base64'), secret] });

  test('what caas signs verifies and parses into a typed event', () => {
    const event = readCallback({ headers, body, secrets: secret, now: at });
    assert.deepEqual([event.id, event.type, event.kind, event.name, event.proposalNumber, event.proposalId, event.detail?.name, event.detail?.value.NroBoleto], ['msg_42', 5, 'boleto_created', 'BoletoGerado', 12, 'p-1', 'GeracaoBoleto', 99]);
    assert.equal(event.timestamp.toISOString(), at.toISOString());
    assert.equal(verifyCallback({ headers: new Headers(headers), body: Buffer.from(body), secrets: [secret], now: at }), true);
  });

  test("the SDK's event codes and sub-object names are the service's", () => {
    assert.deepEqual(Object.keys(CALLBACK_EVENT_KINDS), Object.keys(EVENT_NAMES));
    assert.deepEqual([...CALLBACK_SUB_OBJECTS].sort(), [...new Set([...Object.values(SUB_OBJECT_OF), 'Favorecido'])].sort());
    const payee = readCallback({ headers: webhookHeaders({ id: 'msg_43', at, body: '{"TipoEvento":11,"NomeEvento":"FavorecidoAprovado","NroProposta":null,"Favorecido":{"CodigoFavorecido":"f-1"}}', secrets: [secret] }), body: '{"TipoEvento":11,"NomeEvento":"FavorecidoAprovado","NroProposta":null,"Favorecido":{"CodigoFavorecido":"f-1"}}', secrets: secret, now: at });
    assert.deepEqual([payee.kind, payee.detail?.name, payee.detail?.value.CodigoFavorecido], ['payee_approved', 'Favorecido', 'f-1']);
    const flat = readCallback({ headers: webhookHeaders({ id: 'msg_44', at, body: '{"TipoEvento":0,"NomeEvento":"AgendaCriada","NroProposta":1,"Credito":{"DtCredito":"2026-11-23"}}', secrets: [secret] }), body: '{"TipoEvento":0,"NomeEvento":"AgendaCriada","NroProposta":1,"Credito":{"DtCredito":"2026-11-23"}}', secrets: secret, now: at });
    assert.equal(flat.detail, null);
    assert.deepEqual(flat.body.Credito, { DtCredito: '2026-11-23' });
  });

  test('a changed body, another secret, a stale or missing timestamp are refused', () => {
    const refusal = (input: Partial<Parameters<typeof readCallback>[0]>) => {
      try {
        readCallback({ headers, body, secrets: secret, now: at, ...input });
        return null;
      } catch (error) {
        return (error as CallbackVerificationError).reason;
      }
    };
    assert.equal(refusal({ body: body.replace('99', '98') }), 'no_matching_signature');
    assert.equal(refusal({ secrets: 'whsec_' + Buffer.alloc(32, 2).toString('base64') }), 'no_matching_signature');
    assert.equal(refusal({ now: new Date(at.getTime() + 6 * 60_000) }), 'timestamp_too_old');
    assert.equal(refusal({ now: new Date(at.getTime() - 6 * 60_000) }), 'timestamp_too_new');
    assert.equal(refusal({ headers: { 'webhook-id': 'msg_42' } }), 'missing_headers');
  });
});
