// /openapi.json as a client generator sees it: a valid OpenAPI 3.1 document (checked by
// @readme/openapi-parser), with the token endpoint, the IdempotencyKey header, the OAuth2 security
// scheme, error answers with the envelope, the catalogue of codes, examples and standard formats.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { validate } from '@readme/openapi-parser';
import { ALL_SPECS } from '../../src/descriptors.js';
import { readMessageCatalogue } from '../../src/platform/http/message-catalogue.js';
import { operationExamples } from '../../src/reference/operation-examples.js';
import { startTestService, type TestService } from '../support/app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let service: TestService;
let doc: Json;

before(async () => {
  service = await startTestService();
  const response = await service.app.inject({ url: '/openapi.json' });
  assert.equal(response.statusCode, 200);
  doc = response.json();
});
after(() => service?.close());

const operations = () => Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op: op as Json })));

/** Follows a local $ref (#/components/...). */
function resolve(node: Json | undefined): Json {
  const ref = node?.$ref as string | undefined;
  if (!ref) return node as Json;
  return ref.slice(2).split('/').reduce((at: Json, key) => at?.[key], doc) as Json;
}

function walk(node: unknown, visit: (schema: Json) => void): void {
  if (Array.isArray(node)) return node.forEach((n) => walk(n, visit));
  if (!node || typeof node !== 'object') return;
  visit(node as Json);
  Object.values(node).forEach((n) => walk(n, visit));
}

describe('/openapi.json', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(doc) as never);
    assert.equal(result.valid, true, JSON.stringify(result, null, 1).slice(0, 4000));
    assert.equal(doc.openapi, '3.1.0');
  });

  test('documents the token endpoint: form fields, answers and RFC 6749 errors, no security', () => {
    const token = doc.paths['/connect/token']?.post as Json;
    assert.ok(token, 'POST /connect/token missing');
    const form = token.requestBody.content['application/x-www-form-urlencoded'];
    assert.deepEqual([...form.schema.required].sort(), ['client_assertion', 'client_assertion_type', 'grant_type']);
    assert.ok(form.example, 'token form example');
    assert.deepEqual(Object.keys(token.responses).sort(), ['200', '400', '401']);
    assert.ok(token.responses['400'].content['application/json'].schema.properties.error.enum.includes('invalid_request'));
    assert.deepEqual(token.security, []);
  });

  test('every operation: IdempotencyKey header required, OAuth2 scope, example that passes its schema, error answers with the envelope', () => {
    const ops = operations().filter(({ path }) => path !== '/connect/token' && path !== '/boletos/{file}');
    // An alias path (OperationSpec.aliases, issue 11) is documented as the operation it names.
    assert.equal(ops.length, ALL_SPECS.reduce((n, s) => n + 1 + (s.aliases?.length ?? 0), 0));
    for (const { path, op } of ops) {
      const spec = ALL_SPECS.find((s) => s.path === path || s.aliases?.includes(path));
      assert.ok(spec, path);
      const header = (op.parameters as Json[]).map(resolve).find((p) => p.name === 'IdempotencyKey');
      assert.equal(header?.in, 'header', path);
      assert.equal(header?.required, true, path);
      assert.deepEqual(op.security[0], { partnerOAuth: [spec.scope] }, path);
      assert.deepEqual(op.requestBody.content['application/json'].example, operationExamples()[spec.operationId], `${path}: example`);
      for (const status of ['400', '401', '403', '413', '415', '429', '500']) {
        const media = resolve(op.responses[status])?.content?.['application/json'];
        assert.ok(media, `${path} ${status}`);
        assert.match(media.schema.$ref, /#\/components\/schemas\/ErrorEnvelope/, `${path} ${status}`);
      }
      assert.equal(Boolean(op.responses['422']), spec.kind === 'command', `${path}: 422 only for commands`);
      assert.ok(op.responses['200'].content['text/plain'], `${path}: text/plain answer`);
      assert.equal(resolve(op.responses['200'].content['application/json'].schema).type, 'object', `${path}: success schema`);
    }
  });

  test('the OAuth2 client-credentials scheme points at the token endpoint and describes the signed client assertion', () => {
    const scheme = doc.components.securitySchemes.partnerOAuth;
    assert.equal(scheme.type, 'oauth2');
    assert.equal(scheme.flows.clientCredentials.tokenUrl, `${service.config.publicUrl}/connect/token`);
    assert.ok(scheme.flows.clientCredentials.scopes['caas.proposals']);
    assert.match(scheme.description, /RFC 7523/);
    assert.match(scheme.description, /private_key_jwt/);
    assert.match(scheme.description, /client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer/);
  });

  test('the catalogue of message codes in the description holds every code of docs/', () => {
    const catalogue = readMessageCatalogue();
    assert.ok(catalogue.length > 100, `catalogue has ${catalogue.length} rows`);
    for (const entry of catalogue) assert.ok(doc.info.description.includes(`| ${entry.code} |`), entry.code);
    assert.deepEqual(doc.components.schemas.ErrorEnvelope.required, ['msg', 'hasError', 'messages']);
  });

  test('required markers are present and formats are standard (no private format)', () => {
    const body = doc.paths['/Proposta/IncluirManualSimplificado'].post.requestBody.content['application/json'].schema;
    assert.ok(body.required.includes('dto'));
    const standard = new Set(['date', 'date-time', 'uuid', 'email', 'uri', 'int32', 'int64', 'double', 'float', 'password']);
    walk(doc, (schema) => {
      if (typeof schema.format === 'string') assert.ok(standard.has(schema.format), `non-standard format ${schema.format}`);
    });
  });

  test('the boleto slip route is documented without a token', () => {
    const print = doc.paths['/boletos/{file}']?.get as Json;
    assert.ok(print.responses['200'].content['application/pdf']);
    assert.deepEqual(print.security, []);
  });

  test('GET / redirects to /docs', async () => {
    const response = await service.app.inject({ url: '/' });
    assert.equal(response.statusCode, 302);
    assert.equal(response.headers.location, '/docs');
  });
});
