// The response contract (issue 13): every operation /openapi.json lists (each alias path, and the
// token endpoint) is driven through its success answer and through EACH error status its entry
// documents; each real answer is validated against the schema /openapi.json publishes for that
// status and content type (ajv, JSON Schema 2020-12 as OpenAPI 3.1 says). A second, stricter check
// refuses fields the schema does not declare: the document must say everything an answer carries.
// The last test fails when a documented (path, status) was not driven, so a new operation or a new
// documented status cannot slip past the contract.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { ALL_SPECS } from '../../src/descriptors.js';
import { observeStatements } from '../../src/platform/db/prepared.js';
import type { OperationSpec } from '../../src/platform/http/operation-spec.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';
import { cli, useCliAgainst } from './proposals-fixture.js';
import { contractBodies, type ContractRefs } from './response-contract-bodies.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * 503 is answered by Fastify itself while the service closes (return503OnClosing) and is documented
 * without a body, so there is no schema to hold it to; it is not driven here.
 */
const BODILESS = new Set(['503']);
const TOKEN_PATH = '/connect/token';

let service: TestService;
let broken: TestService | undefined;
let partner: TestPartner;
let token: string;
let doc: Json;
let ajv: Ajv2020;
let bodies: Record<string, Json>;
const driven = new Set<string>();

/** Every documented (path, status) of the operations, e.g. '/Proposta/Recusar 409'. */
function documented(): string[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    item.post ? Object.keys(item.post.responses as Json).map((status) => `${path} ${status}`) : [],
  );
}

/** JSON pointer escaping (RFC 6901). */
const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** The JSON pointer (in /openapi.json) of the response documented for (path, status), its $ref followed. */
function responsePointer(path: string, status: string): string {
  const response = doc.paths[path]?.post?.responses?.[status] as Json | undefined;
  assert.ok(response, `${path}: status ${status} is not documented`);
  return response.$ref ? (response.$ref as string).slice(1) : `/paths/${escape(path)}/post/responses/${status}`;
}

const at = (pointer: string): Json => pointer.slice(1).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).reduce((node: Json, key) => node?.[key], doc);

/** The stricter copy of a schema: an object that does not say otherwise declares all its fields. */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === 'properties' ? Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, closed(s)])) : closed(v)])) as Json;
  if (schema.properties && schema.additionalProperties === undefined && schema.patternProperties === undefined) schema.additionalProperties = false;
  return schema;
}

const validators = new Map<string, [ValidateFunction, ValidateFunction]>();

/** The published schema at `pointer`, and its stricter copy (compiled once each). */
function validatorsOf(pointer: string): [ValidateFunction, ValidateFunction] {
  let pair = validators.get(pointer);
  if (!pair) {
    pair = [ajv.compile({ $ref: `openapi.json#${pointer}` }), ajv.compile(closed(resolveDeep(at(pointer))) as Json)];
    validators.set(pointer, pair);
  }
  return pair;
}

/** Validates the answer against the schema /openapi.json publishes for its status and content type. */
function conforms(path: string, response: LightMyRequestResponse, status: number, label: string): Json | null {
  assert.equal(response.statusCode, status, `${label}: ${path} answered ${response.statusCode}: ${response.body.slice(0, 800)}`);
  const key = String(status);
  driven.add(`${path} ${key}`);
  const pointer = responsePointer(path, key);
  if (BODILESS.has(key)) return null;
  const mediaType = String(response.headers['content-type'] ?? '').split(';')[0] as string;
  const schemaPointer = `${pointer}/content/${escape(mediaType)}/schema`;
  assert.ok(at(schemaPointer), `${label}: ${path} ${key} documents no schema for ${mediaType}`);
  const body = JSON.parse(response.body) as Json;
  const [validate, strict] = validatorsOf(schemaPointer);
  assert.ok(validate(body), `${label}: ${path} ${key} does not match its published schema: ${ajv.errorsText(validate.errors)}\n${response.body.slice(0, 800)}`);
  assert.ok(strict(body), `${label}: ${path} ${key} carries a field its published schema does not declare: ${ajv.errorsText(strict.errors)}\n${response.body.slice(0, 800)}`);
  return body;
}

/** The schema with its component $refs inlined (the strict copy needs the whole tree). */
function resolveDeep(node: unknown, depth = 0): unknown {
  if (depth > 40) throw new Error('assertion: $ref cycle in /openapi.json');
  if (Array.isArray(node)) return node.map((n) => resolveDeep(n, depth + 1));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Json).$ref as string | undefined;
  if (ref?.startsWith('#/')) return resolveDeep(ref.slice(2).split('/').reduce((at: Json, k) => at[k], doc), depth + 1);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolveDeep(v, depth + 1)]));
}

function post(target: TestService, path: string, body: unknown, options: { token?: string | null; key?: string; headers?: Record<string, string>; accept?: 'json' | 'text' } = {}): Promise<LightMyRequestResponse> {
  return target.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      ...(options.token === null ? {} : { authorization: `Bearer ${options.token ?? token}` }),
      idempotencykey: options.key ?? randomUUID(),
      ...(options.accept === 'json' ? { accept: 'application/json' } : {}),
      ...options.headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Every path an operation answers on: its own and its aliases. */
const pathsOf = (spec: OperationSpec) => [spec.path, ...(spec.aliases ?? [])];

/** A token that releases no scope of `spec` (a scope of another module). */
async function tokenWithout(target: TestService, who: TestPartner, spec: OperationSpec): Promise<string> {
  return target.token(who, spec.scope === 'caas.bureau' ? 'caas.payees' : 'caas.bureau');
}

before(async () => {
  service = await startTestService({ CAAS_RATE_LIMIT_PER_SECOND: '1000000' });
  partner = await service.onboard();
  token = await service.token(partner);
  const answer = await service.app.inject({ url: '/openapi.json' });
  doc = answer.json();
  ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(structuredClone(doc), 'openapi.json');
  useCliAgainst(service);
  bodies = await contractBodies(setupCalls(), service.clock.now());
});
after(async () => {
  await service?.close();
  await broken?.close();
});

/** What the body builder needs to reach real records through the service's faces. */
function setupCalls(): ContractRefs {
  return {
    async call(path, body) {
      const response = await post(service, path, body, { accept: 'json' });
      assert.equal(response.statusCode, 200, `setup ${path}: ${response.body}`);
      return response.json() as Json;
    },
    async operator(...argv) {
      const result = await cli(...argv);
      assert.equal(result.code, 0, `caas ${argv.join(' ')}: ${result.err}`);
      return result.out;
    },
  };
}

describe('response contract: success answers', () => {
  for (const spec of ALL_SPECS) {
    test(`${spec.operationId}: 200 on every path, both content types (a command's replay too)`, async () => {
      for (const path of pathsOf(spec)) {
        const body = successBody(spec, path);
        assert.ok(body, `no success body for ${spec.operationId}`);
        const key = randomUUID();
        const sent: string[] = [];
        const stop = observeStatements((text) => sent.push(text.trim().toLowerCase()));
        try {
          conforms(path, await post(service, path, body, { key, accept: 'json' }), 200, 'success');
          // A query runs again; a command replays its stored answer (same key and body).
          conforms(path, await post(service, path, body, { key, accept: 'text' }), 200, 'success, text/plain');
        } finally {
          stop();
        }
        // Issue 13: a query never opens a transaction (its statements autocommit on the pool).
        // (A command's first run does open one: the observer sees transactions.)
        const opened = sent.filter((t) => /^(begin|start transaction)\b/.test(t));
        if (spec.kind === 'query') assert.deepEqual(opened, [], `${path}: a query opened a transaction`);
        else assert.ok(opened.length > 0, `${path}: no transaction seen for a command`);
      }
    });
  }
});

/** A body that passes the operation's schema but differs from `body` (a reused key answers 422). */
function variantOf(body: Json): Json {
  if (Array.isArray(body.parametros)) return { ...body, parametros: [...body.parametros, { nome: 'variante', valor: '2' }] };
  if (body.dto && typeof body.dto === 'object' && 'codigoProposta' in body.dto) return { ...body, dto: { ...body.dto, codigoOperacao: 'variante' } };
  if (typeof body.nome === 'string') return { ...body, nome: `${body.nome} Variante` };
  if (Array.isArray(body.dtos)) return { ...body, dtos: body.dtos.map((d: Json) => ({ ...d, complemento: 'variante' })) };
  throw new Error('assertion: no variant for this body');
}

/** A body that fails the schema of every operation (an array where an object is required). */
const INVALID_BODY = '[]';
const OVERSIZED_BODY = JSON.stringify({ dto: { codigoOperacao: 'x'.repeat(1024 * 1024 + 16) } });

describe('response contract: error answers', () => {
  for (const spec of ALL_SPECS) {
    test(`${spec.operationId}: 400, 401, 403, 413, 415 on every path${spec.kind === 'command' ? ', 409, 422' : ''}`, async () => {
      const other = await tokenWithout(service, partner, spec);
      for (const path of pathsOf(spec)) {
        conforms(path, await post(service, path, INVALID_BODY, { accept: 'json' }), 400, 'invalid body');
        conforms(path, await post(service, path, {}, { token: null }), 401, 'no token');
        conforms(path, await post(service, path, {}, { token: `${token}x`, accept: 'json' }), 401, 'bad token');
        conforms(path, await post(service, path, {}, { token: other, accept: 'json' }), 403, 'scope');
        conforms(path, await post(service, path, OVERSIZED_BODY, { accept: 'json' }), 413, 'oversized');
        conforms(path, await post(service, path, 'x=1', { headers: { 'content-type': 'text/plain' }, accept: 'json' }), 415, 'content type');
        if (spec.kind === 'command') {
          await inFlightConflict(path, spec);
          await reusedKey(path, spec);
        }
      }
    });
  }
});

/** The body that answered 200 on this path (success test), or the operation's. */
const successBody = (spec: OperationSpec, path: string) => bodies[`${spec.operationId}#${pathsOf(spec).indexOf(path)}`] ?? (bodies[spec.operationId] as Json);

/** What the work of every command reads first (one of them), and no claim or authentication reads. */
const IN_FLIGHT_TABLES = ['proposals', 'proposal_installments', 'receivable_schedules', 'receivable_installments', 'customer_addresses', 'guarantee_assets', 'guarantee_documents', 'payees'];

/** 409: a second request with a key whose first request still runs (held inside its work). */
async function inFlightConflict(path: string, spec: OperationSpec): Promise<void> {
  const holder = new pg.Client({ connectionString: service.database.url });
  await holder.connect();
  try {
    await holder.query('begin');
    // The first request claims its key (issue 14: an advisory lock taken in the claim statement),
    // then waits at the domain tables its work reads first, holding the key: it is in flight. The
    // idempotency table stays free, so the second request's claim runs and finds the key taken.
    await holder.query(`lock table ${IN_FLIGHT_TABLES.join(', ')} in access exclusive mode`);
    const key = randomUUID();
    const first = post(service, path, variantOf(successBody(spec, path)), { key });
    await waitForLockWaiter(holder);
    conforms(path, await post(service, path, variantOf(successBody(spec, path)), { key, accept: 'json' }), 409, 'in flight');
    await holder.query('rollback');
    await first;
  } finally {
    await holder.end();
  }
}

/** Until a session waits for the lock `holder` took (the first request reached its key). */
async function waitForLockWaiter(holder: pg.Client): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    const { rows } = await holder.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()");
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('assertion: the first request never reached the idempotency table');
}

/** 422: the key of an answered request, reused with another body. */
async function reusedKey(path: string, spec: OperationSpec): Promise<void> {
  const key = randomUUID();
  const body = successBody(spec, path);
  await post(service, path, body, { key });
  conforms(path, await post(service, path, variantOf(body), { key, accept: 'json' }), 422, 'reused key');
}

describe('response contract: answers of a failing service', () => {
  test('500 (the database lost its tables) and 429 (over the rate limit) on every path of every operation', async () => {
    broken = await startTestService({ CAAS_RATE_LIMIT_PER_SECOND: '1' });
    const who = await broken.onboard();
    const tokenOf = await broken.token(who);
    await dropLendingTables(broken);
    for (const spec of ALL_SPECS) {
      for (const path of pathsOf(spec)) {
        const body = successBody(spec, path);
        conforms(path, await post(broken, path, body, { token: tokenOf, accept: 'json' }), 500, 'broken database');
        await post(broken, path, body, { token: tokenOf });
        conforms(path, await post(broken, path, body, { token: tokenOf, accept: 'json' }), 429, 'rate limit');
        broken.clock.advance(5_000);
      }
    }
  });
});

/** Renames every table of the lending data (not those of authentication and idempotency). */
async function dropLendingTables(target: TestService): Promise<void> {
  const kept = new Set(['idempotency_records', 'partners', 'partner_keys', 'partner_callback_secrets', 'assertion_jtis', 'signing_keys', 'sandbox_clock', 'jobs', 'command_audit']);
  const client = new pg.Client({ connectionString: target.database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'");
    for (const { name } of rows) if (!kept.has(name) && !name.startsWith('schema_') && !name.includes('migration')) await client.query(`alter table "${name}" rename to "${name}_gone"`);
  } finally {
    await client.end();
  }
}

describe('response contract: the token endpoint', () => {
  test('200, 400 and 401 answers match their published schemas', async () => {
    const form = async (fields: Record<string, string>) =>
      service.app.inject({ method: 'POST', url: TOKEN_PATH, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    const valid = {
      grant_type: 'client_credentials',
      client_id: partner.clientId,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    };
    conforms(TOKEN_PATH, await form({ ...valid, client_assertion: await service.assertion(partner) }), 200, 'token');
    conforms(TOKEN_PATH, await form({ ...valid, grant_type: 'password', client_assertion: await service.assertion(partner) }), 400, 'token grant');
    conforms(TOKEN_PATH, await form({ ...valid, client_assertion: await service.assertion(partner, { aud: 'https://elsewhere.example/token' }) }), 401, 'token audience');
  });
});

describe('response contract: the checker itself', () => {
  test('refuses an answer missing a required field, of a wrong type, or with an undeclared field', () => {
    const pointer = `${responsePointer('/Proposta/Recusar', '400')}/content/application~1json/schema`;
    const [validate, strict] = validatorsOf(pointer);
    const good = { msg: 'Requisição inválida', hasError: true, messages: [{ messageType: 1, code: 'REQ003', context: '', description: 'Campo obrigatório', field: 'dto' }] };
    assert.ok(validate(good) && strict(good), ajv.errorsText(validate.errors ?? strict.errors));
    const { messages: _dropped, ...missing } = good;
    assert.equal(validate(missing), false);
    assert.equal(validate({ ...good, hasError: 'true' }), false);
    assert.equal(strict({ ...good, extra: 1 }), false);
  });
});

describe('response contract: coverage', () => {
  test('every (path, status) /openapi.json documents for an operation was driven and validated', () => {
    const missing = documented().filter((entry) => !driven.has(entry) && !BODILESS.has(entry.split(' ').pop() as string));
    assert.deepEqual(missing, []);
  });
});
