import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { ALL_SPECS } from '../../src/descriptors.js';
import { compileBodyValidator } from '../../src/platform/http/schema-compiler.js';
import { parseJsonBody } from '../../src/platform/http/json-body.js';
import { operationExamples } from '../../src/reference/operation-examples.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** The 17 paths of the interface's endpoint table (the token endpoint is not an operation spec) plus the 6 its clients use. */
const EXPECTED_PATHS = [
  '/Proposta/AtualizarContaPagamento',
  '/FGTS/CancelarProposta',
  '/FGTS/CancelarCobrancas',
  '/Proposta/Recusar',
  '/AgendaRecebivel/GerarUnicoBoleto',
  '/AgendaRecebivel/GerarMultiplosBoletos',
  '/AgendaRecebivel/ConsultarDetalhes',
  '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas',
  '/AgendaRecebivel/ConsultarParcelas',
  '/AgendaRecebivel/ConsultarBoletos',
  '/Bureau/ConsultarBureau',
  '/Bureau/ConsultarSCR',
  '/Bureau/ConsultaFraudeBureauBase',
  '/Proposta/IncluirManualSimplificado',
  '/api/Favorecido',
  '/Pessoa/SalvarEnderecos',
  '/Proposta/SalvarPropostaGarantiaBemDocumento',
  // Not in the interface table: production clients use them (issues 4, 5, 7).
  '/Proposta/Consultar',
  '/Proposta/Finalizar',
  '/AgendaRecebivel/GerarUnicaCobranca',
  '/AgendaRecebivel/GerarMultiplasCobrancas',
  '/api/Favorecido/Consultar',
  // Issue 11 (a partner client run against caas).
  '/AgendaRecebivel/IncluirLancamentoParcela',
];

/** Paths that are another name of an operation above (OperationSpec.aliases). */
const EXPECTED_ALIASES: Record<string, string> = { '/AgendaRecebivel/CancelarCobrancas': '/FGTS/CancelarCobrancas' };

type Schema = Record<string, unknown>;

function newAjv(): Ajv {
  const ajv = new Ajv({ allowUnionTypes: true, strict: false });
  addFormats(ajv);
  ajv.addFormat('caas-date-time', () => true);
  return ajv;
}

/** The smallest body the schema accepts: required fields only, each at its lower bound. */
function minimalValue(schema: Schema): unknown {
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (types.includes('object')) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = (schema.required ?? []) as string[];
    return Object.fromEntries(required.map((name) => [name, minimalValue(properties[name] as Schema)]));
  }
  if (types.includes('array')) return [];
  if (types.includes('boolean')) return false;
  if (types.includes('integer') || types.includes('number')) return (schema.minimum as number | undefined) ?? 0;
  if (types.includes('string')) {
    if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
    if (schema.format === 'caas-date-time') return '2026-01-01';
    return 'x'.repeat((schema.minLength as number | undefined) ?? 1);
  }
  throw new Error(`assertion: no minimal value for ${JSON.stringify(schema)}`);
}

test('every interface path appears exactly once', () => {
  const paths = ALL_SPECS.map((s) => s.path);
  assert.equal(new Set(paths).size, paths.length, 'duplicate path');
  assert.deepEqual([...paths].sort(), [...EXPECTED_PATHS].sort());
});

test('aliases name the expected operations and collide with no path', () => {
  const aliases = ALL_SPECS.flatMap((s) => (s.aliases ?? []).map((a) => [a, s.path] as const));
  assert.deepEqual(Object.fromEntries(aliases), EXPECTED_ALIASES);
  const all = [...ALL_SPECS.map((s) => s.path), ...aliases.map(([a]) => a)];
  assert.equal(new Set(all.map((p) => p.toLowerCase())).size, all.length);
});

test('operationIds are unique', () => {
  const ids = ALL_SPECS.map((s) => s.operationId);
  assert.equal(new Set(ids).size, ids.length);
});

test('Consultar operations are queries, the others commands; only CancelarProposta is PascalCase', () => {
  for (const spec of ALL_SPECS) {
    const isQuery = /\/Consulta/.test(spec.path);
    assert.equal(spec.kind, isQuery ? 'query' : 'command', spec.path);
    assert.equal(spec.envelope, spec.path === '/FGTS/CancelarProposta' ? 'pascal' : 'camel', spec.path);
  }
});

// The schemas stay closed (additionalProperties: false): that is how the validator knows which
// fields to drop as unknown (issue 11: ignored, or refused for a strict partner; docs/validation.md).
test('every body and response schema compiles; a minimal body passes and the body schema is closed', () => {
  const ajv = newAjv();
  for (const spec of ALL_SPECS) {
    ajv.compile(spec.response);
    const validate = ajv.compile(spec.body);
    const minimal = minimalValue(spec.body as Schema) as Record<string, unknown>;
    assert.equal(validate(minimal), true, `${spec.path}: ${JSON.stringify(validate.errors)}`);
    assert.equal(validate({ ...minimal, campoDesconhecido: 1 }), false, `${spec.path} accepted an unknown field`);
    assert.equal(validate.errors?.[0]?.keyword, 'additionalProperties', spec.path);
  }
});

test('optional fields accept null (.NET clients send null for absent values)', () => {
  const ajv = newAjv();
  for (const spec of ALL_SPECS) {
    const body = spec.body as Schema;
    const required = new Set((body.required ?? []) as string[]);
    const optional = Object.keys(body.properties as Schema).filter((k) => !required.has(k));
    const validate = ajv.compile(body);
    const minimal = minimalValue(body) as Record<string, unknown>;
    const withNulls = { ...minimal, ...Object.fromEntries(optional.map((k) => [k, null])) };
    assert.equal(validate(withNulls), true, `${spec.path}: ${JSON.stringify(validate.errors)}`);
  }
});

test('codigoOperacao accepts a numeric string as well as a UUID', () => {
  const ajv = newAjv();
  const spec = ALL_SPECS.find((s) => s.path === '/Proposta/Recusar');
  assert.ok(spec);
  const validate = ajv.compile(spec.body);
  for (const codigoOperacao of ['771204', '3f2504e0-4f89-41d3-9a0c-0305e82c3301']) {
    assert.equal(validate({ dto: { codigoOperacao }, propostaRecusaDTO: {} }), true, JSON.stringify(validate.errors));
  }
});

test('every operation has a request example (shown in /openapi.json) that passes its schema', () => {
  const examples = operationExamples();
  for (const spec of ALL_SPECS) {
    const example = examples[spec.operationId];
    assert.ok(example, `${spec.path}: no example in src/reference/operation-examples.ts`);
    const result = compileBodyValidator(spec.body as Schema)(parseJsonBody(JSON.stringify(example)));
    assert.ok(!('error' in result), `${spec.path}: ${'error' in result ? JSON.stringify(result.error.messages) : ''}`);
  }
});
