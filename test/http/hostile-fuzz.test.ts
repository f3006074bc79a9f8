// Issue 12: no request makes the server answer 5xx. A seeded property-based fuzz over every
// operation of the catalogue (mutations of its reference example body), and a fixed sweep that
// puts NUL and unpaired surrogates in every text field of every operation.
// Reproduce a failure: CAAS_FUZZ_SEED=<seed printed> npm test -- test/http/hostile-fuzz
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { openSampleSchedule } from '../support/receivables-data.js';
import { ALL_SPECS } from '../../src/descriptors.js';
import type { OperationSpec } from '../../src/platform/http/operation-spec.js';
import { EXAMPLE_REFS, operationExamples } from '../../src/reference/operation-examples.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';
import { fieldName, hostileBody, MUTATION_CLASSES, textFieldPaths, withValueAt, type MutationClass } from '../support/hostile-bodies.js';

const SEED = Number(process.env.CAAS_FUZZ_SEED ?? Date.UTC(2026, 10, 27) / 1000);
/** Bodies per run, and the wall-clock budget that stops the run earlier on a slow machine. */
const RUNS = Number(process.env.CAAS_FUZZ_RUNS ?? 1_500);
const BUDGET_MS = Number(process.env.CAAS_FUZZ_BUDGET_MS ?? 30_000);
const UNSAFE_TEXTS = ['a\u0000b', '\ud800', 'x\udc00', '\udbff'];

let service: TestService;
let partner: TestPartner;
let token: string;
let examples: Record<string, Record<string, unknown>>;

/** Receivables operations point at a schedule; the others at a proposal created from its example. */
function examplesFor(spec: OperationSpec): Record<string, unknown> {
  return examples[spec.operationId] as Record<string, unknown>;
}

/** The example to mutate; each proposal created gets its own codigoOperacao (unique per partner). */
function fuzzExample(spec: OperationSpec): fc.Arbitrary<Record<string, unknown>> {
  const example = examplesFor(spec);
  if (spec.operationId !== 'Proposta_IncluirManualSimplificado') return fc.constant(example);
  return fc.uuid().map((codigoOperacao) => ({ ...example, dto: { ...(example.dto as object), codigoOperacao } }));
}

before(async () => {
  service = await startTestService({ CAAS_RATE_LIMIT_PER_SECOND: '1000000' });
  partner = await service.onboard();
  token = await service.token(partner);
  const created = await call('/Proposta/IncluirManualSimplificado', operationExamples().Proposta_IncluirManualSimplificado);
  assert.equal(created.statusCode, 200, created.body);
  const proposal = JSON.parse(created.body) as { codigo: string; numero: number };
  const schedule = await openSampleSchedule(service.database.db, partner.partnerId, service.clock.now());
  const proposalExamples = operationExamples({ ...EXAMPLE_REFS, codigoProposta: proposal.codigo, numeroProposta: proposal.numero });
  const scheduleExamples = operationExamples({ ...EXAMPLE_REFS, codigoProposta: schedule.proposalId });
  examples = Object.fromEntries(ALL_SPECS.map((s) => [s.operationId, (/^\/(AgendaRecebivel|FGTS\/CancelarCobrancas)/i.test(s.path) ? scheduleExamples : proposalExamples)[s.operationId] as Record<string, unknown>]));
});
after(() => service.close());

function call(path: string, body: unknown): Promise<LightMyRequestResponse> {
  const payload = Buffer.isBuffer(body) ? body : JSON.stringify(body);
  return service.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, idempotencykey: randomUUID(), accept: 'application/json' },
    payload,
  });
}

/** 2xx with a JSON body, or 4xx with the error envelope (camel or Pascal) holding at least one message. */
function assertAnswer(spec: OperationSpec, response: LightMyRequestResponse): void {
  assert.ok(response.statusCode >= 200 && response.statusCode < 500 && !(response.statusCode >= 300 && response.statusCode < 400), `status ${response.statusCode}: ${response.body.slice(0, 500)}`);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  if (response.statusCode < 300) return;
  const pascal = spec.envelope === 'pascal';
  assert.equal(body[pascal ? 'HasError' : 'hasError'], true, response.body.slice(0, 500));
  const messages = body[pascal ? 'Messages' : 'messages'] as unknown[];
  assert.ok(Array.isArray(messages) && messages.length > 0, response.body.slice(0, 500));
}

describe('reference examples', () => {
  test('every operation of the catalogue has an example body that passes its schema', async () => {
    for (const spec of ALL_SPECS) {
      const example = examplesFor(spec);
      assert.ok(example, `no example for ${spec.operationId}`);
      const response = await call(spec.path, example);
      const body = JSON.parse(response.body) as { messages?: { code: string; field: string }[]; Messages?: { Code: string }[] };
      const codes = (body.messages ?? []).map((m) => m.code).concat((body.Messages ?? []).map((m) => m.Code));
      assert.ok(!codes.some((c) => /^REQ/.test(c)), `${spec.operationId}: ${response.body}`);
    }
  });
});

describe('hostile input', () => {
  test('NUL or an unpaired surrogate in any text field of any operation: 400 REQ014 naming the field', async () => {
    let swept = 0;
    for (const spec of ALL_SPECS) {
      for (const path of textFieldPaths(spec.body as unknown as Record<string, unknown>)) {
        for (const unsafe of UNSAFE_TEXTS) {
          const response = await call(spec.path, withValueAt(examplesFor(spec), path, unsafe));
          assert.equal(response.statusCode, 400, `${spec.path} ${fieldName(path)}: ${response.body}`);
          const body = JSON.parse(response.body) as { messages?: { code: string; field: string }[]; Messages?: { Code: string; Field: string }[] };
          const first = body.messages?.[0] ?? { code: body.Messages?.[0]?.Code, field: body.Messages?.[0]?.Field };
          assert.deepEqual([first.code, first.field], ['REQ014', fieldName(path)], `${spec.path}: ${response.body}`);
          swept += 1;
        }
      }
    }
    console.log(`hostile sweep: ${swept} bodies (${UNSAFE_TEXTS.length} unsafe texts × every text field of ${ALL_SPECS.length} operations)`);
    assert.ok(swept > 400);
  });

  test(`seeded fuzz (seed ${SEED}): every mutated body answers 2xx or a 4xx envelope, never 5xx`, async () => {
    const tried = new Map<MutationClass, number>(MUTATION_CLASSES.map((c) => [c, 0]));
    let bodies = 0;
    const started = Date.now();
    const byId = new Map(ALL_SPECS.map((s) => [s.operationId, s]));
    const operation = fc.constantFrom(...ALL_SPECS).chain((s) => fuzzExample(s).chain((example) => hostileBody(example).map((hostile) => ({ operationId: s.operationId, hostile }))));
    const statuses = new Map<number, number>();
    const property = fc.asyncProperty(operation, async ({ operationId, hostile }) => {
      const spec = byId.get(operationId) as OperationSpec;
      bodies += 1;
      for (const c of new Set(hostile.classes)) tried.set(c, (tried.get(c) ?? 0) + 1);
      const response = await call(spec.path, hostile.bytes);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      try {
        assertAnswer(spec, response);
      } catch (error) {
        console.error(`hostile fuzz failure (seed ${SEED}) on ${spec.path} [${hostile.classes.join(', ')}]: ${hostile.preview}`);
        throw error;
      }
    });
    await fc.assert(property, { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: BUDGET_MS, markInterruptAsFailure: false, endOnFailure: true });
    const summary = [...tried].map(([c, n]) => `${c} ${n}`).join(', ');
    console.log(`hostile fuzz: seed ${SEED}, ${bodies} bodies over ${ALL_SPECS.length} operations in ${Date.now() - started} ms; by class: ${summary}; by status: ${[...statuses].sort().map(([s, n]) => `${s} ${n}`).join(', ')}`);
    // On a machine too loaded to try even 20 bodies per class, coverage is not asserted (no flaky failure).
    if (bodies >= 20 * MUTATION_CLASSES.length) for (const [c, n] of tried) assert.ok(n > 0, `mutation class ${c} never tried`);
    // The server keeps serving: a valid request still answers.
    const consult = await call('/Proposta/Consultar', examples.Proposta_Consultar);
    assert.equal(consult.statusCode, 200, consult.body);
  });

  test(`seeded fuzz (seed ${SEED}) of /connect/token: hostile form fields and assertion claims answer RFC 6749 4xx or 200, never 5xx`, async () => {
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
    const hostileText = fc.oneof(fc.string({ unit: codeUnit, maxLength: 12 }), { arbitrary: fc.constantFrom('\u0000', 'a\u0000', '\ud800', 'a\udc00', '%00', '%ED%A0%80', '%zz', '', 'client_credentials'), weight: 3 }, fc.string({ maxLength: 9_000 }));
    const fields = ['grant_type', 'client_assertion_type', 'client_assertion', 'client_id', 'scope'] as const;
    const claims = ['iss', 'sub', 'jti', 'aud', 'exp', 'iat', 'nbf'] as const;
    const request = fc.record({
      extra: fc.option(fc.record({ field: fc.constantFrom(...fields), value: hostileText, encodeRaw: fc.boolean() }), { freq: 2 }),
      claim: fc.option(fc.tuple(fc.constantFrom(...claims), fc.oneof({ arbitrary: hostileText, weight: 4 }, fc.integer(), fc.constant(null))), { freq: 10 }),
    });
    // iss and sub must match to reach the partner lookup: a hostile client id goes in both.
    const claimsOf = (claim: [string, unknown] | null) => (claim === null ? {} : claim[0] === 'iss' || claim[0] === 'sub' ? { iss: claim[1], sub: claim[1] } : { [claim[0]]: claim[1] });
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(request, async ({ extra, claim }) => {
        tried += 1;
        const form: Record<string, string> = {
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: await service.assertion(partner, claimsOf(claim)),
        };
        const encoded = new URLSearchParams(form).toString();
        // Raw: the value goes into the body as written (bad percent-escapes included); else URL-encoded.
        const payload = extra === null ? encoded : `${encoded}&${extra.field}=${extra.encodeRaw ? extra.value : encodeURIComponent(extra.value.replace(/[\ud800-\udfff]/g, '\ufffd'))}`;
        const response = await service.app.inject({ method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
        const body = JSON.parse(response.body) as { error?: string; access_token?: string };
        const ok = response.statusCode === 200 ? typeof body.access_token === 'string' : [400, 401].includes(response.statusCode) && typeof body.error === 'string';
        if (!ok) console.error(`token fuzz failure (seed ${SEED}): ${response.statusCode} ${response.body.slice(0, 300)} for claim ${JSON.stringify(claim)}, extra ${JSON.stringify(extra)?.slice(0, 300)}`);
        assert.ok(ok, `${response.statusCode}: ${response.body.slice(0, 300)}`);
      }),
      { seed: SEED, numRuns: 300, interruptAfterTimeLimit: 6_000, markInterruptAsFailure: false, endOnFailure: true },
    );
    console.log(`token fuzz: seed ${SEED}, ${tried} requests`);
  });
});
