// Bureau/ConsultarBureau through HTTP (issue 6): person and company results with every field of
// the interface and the arrays repeated at the top level, documents (masked, alphanumeric CNPJ),
// the product catalogue and its refusals, summary answers, magic outcomes, provider failure
// (sandbox and the HTTP adapter chosen by configuration), determinism.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { FAILURE_MESSAGES } from '../../src/modules/bureau/providers/port.js';
import { ENVELOPE_FREE_BUREAU_TOP, missingAndExtra, PF_ARRAYS, PF_FIELDS, PJ_ARRAYS, PJ_FIELDS } from '../../src/modules/bureau/providers/interface-fields.fixture.js';
import { loadConfig } from '../../src/config.js';
import { startTestService } from '../support/app.js';
import { BUREAU, CNPJ, CNPJ_ALPHA, CNPJ_ALPHA_MASKED, codes, CPF, CPF_2, CPF_MASKED, MAGIC, startBureauService, type Answer, type BureauTestService } from './bureau-fixture.js';

const TOP = ['msg', 'hasError', 'messages', ...ENVELOPE_FREE_BUREAU_TOP, 'bureauMixMaisPF', 'bureaupj', ...PF_ARRAYS, ...PJ_ARRAYS];
const FOUND = 'Consulta realizada com sucesso.';

let s: BureauTestService;
before(async () => {
  // No reuse of stored answers here: every call reaches the provider (caching has its own file).
  s = await startBureauService({ BUREAU_CACHE_TTL_HOURS: '0' });
});
after(() => s.close());

type Result = Record<string, unknown>;
const body = (a: Answer) => a.body as unknown as Record<string, Result | Result[] | boolean | string | null>;

function assertPerson(a: Answer): Result {
  assert.equal(a.status, 200, a.text);
  assert.deepEqual(missingAndExtra(a.body, TOP), { missing: [], extra: [] });
  const b = body(a);
  const person = b.bureauMixMaisPF as Result;
  assert.deepEqual(missingAndExtra(person, [...PF_FIELDS, ...PF_ARRAYS]), { missing: [], extra: [] });
  assert.equal(b.bureaupj, null);
  for (const name of PF_ARRAYS) assert.deepEqual(b[name], person[name], `${name} is repeated at the top level`);
  for (const name of PJ_ARRAYS) assert.deepEqual(b[name], []);
  return person;
}

function assertCompany(a: Answer): Result {
  assert.equal(a.status, 200, a.text);
  assert.deepEqual(missingAndExtra(a.body, TOP), { missing: [], extra: [] });
  const b = body(a);
  const company = b.bureaupj as Result;
  assert.deepEqual(missingAndExtra(company, [...PJ_FIELDS, ...PJ_ARRAYS]), { missing: [], extra: [] });
  assert.equal(b.bureauMixMaisPF, null);
  for (const name of PJ_ARRAYS) assert.deepEqual(b[name], company[name], `${name} is repeated at the top level`);
  for (const name of PF_ARRAYS) assert.deepEqual(b[name], []);
  return company;
}

describe('ConsultarBureau answers', () => {
  test('a CPF with a person product: bureauMixMaisPF, every field, arrays at the top level', async () => {
    const a = await s.post(BUREAU, { documento: CPF, codigoProduto: '1', consultaCompleta: true });
    assert.equal(a.body.hasError, false);
    assert.deepEqual(a.body.messages, []);
    assert.equal(a.body.msg, FOUND);
    assert.equal(a.body.falha, false);
    assert.equal(a.body.possuiRestricao, false);
    const person = assertPerson(a);
    assert.equal(person.documentoFederal, CPF);
    assert.ok((person.bureauMixMaisPFTelefone as unknown[]).length > 0);
    assert.equal(typeof person.score3Meses, 'number');
  });

  test('a masked CPF and the product alias in any case are the same consultation', async () => {
    const plain = await s.post(BUREAU, { documento: CPF, codigoProduto: '1', consultaCompleta: true });
    const masked = await s.post(BUREAU, { Documento: CPF_MASKED, CodigoProduto: ' mixmais_pf ', ConsultaCompleta: true });
    assert.equal(masked.text, plain.text);
  });

  test('a numeric and an alphanumeric CNPJ (masked, lower case) with a company product: bureaupj', async () => {
    assert.equal(assertCompany(await s.post(BUREAU, { documento: CNPJ, codigoProduto: '3', consultaCompleta: true })).documentoFederal, CNPJ);
    const alpha = assertCompany(await s.post(BUREAU, { documento: CNPJ_ALPHA_MASKED, codigoProduto: 'BUREAU_PJ' }));
    assert.equal(alpha.documentoFederal, CNPJ_ALPHA);
  });

  test('product 5 serves both person types', async () => {
    assertPerson(await s.post(BUREAU, { documento: CPF, codigoProduto: '5', consultaCompleta: true }));
    assertCompany(await s.post(BUREAU, { documento: CNPJ, codigoProduto: '5', consultaCompleta: true }));
  });

  test('consultaCompleta false answers the summary: identity and scores, every other field null and arrays empty', async () => {
    const full = assertPerson(await s.post(BUREAU, { documento: CPF, codigoProduto: '1', consultaCompleta: true }));
    const summary = assertPerson(await s.post(BUREAU, { documento: CPF, codigoProduto: '1', consultaCompleta: false }));
    for (const kept of ['documentoFederal', 'nome', 'situacao', 'score3Meses', 'score12Meses', 'score3MesesMSG']) assert.deepEqual(summary[kept], full[kept], kept);
    for (const dropped of ['dtNasc', 'nomeMae', 'email', 'cep', 'telefoneCelular', 'xmlResult']) {
      assert.notEqual(full[dropped], null, dropped);
      assert.equal(summary[dropped], null, dropped);
    }
    for (const name of PF_ARRAYS) assert.deepEqual(summary[name], []);
  });

  test('consultaCompleta absent or null is a complete consultation', async () => {
    const full = await s.post(BUREAU, { documento: CPF_2, codigoProduto: '1', consultaCompleta: true });
    const absent = await s.post(BUREAU, { documento: CPF_2, codigoProduto: '1' });
    const nulled = await s.post(BUREAU, { documento: CPF_2, codigoProduto: '1', consultaCompleta: null });
    assert.equal(absent.text, full.text);
    assert.equal(nulled.text, full.text);
  });

  test('deterministic through the API: the same request at the same instant gives the same answer, to any partner', async () => {
    const first = await s.post(BUREAU, { documento: CNPJ_ALPHA, codigoProduto: '3' });
    const again = await s.post(BUREAU, { documento: CNPJ_ALPHA, codigoProduto: '3' });
    const otherPartner = await s.post(BUREAU, { documento: CNPJ_ALPHA, codigoProduto: '3' }, s.tokenB);
    assert.equal(again.text, first.text);
    assert.equal(otherPartner.text, first.text);
    const otherDocument = await s.post(BUREAU, { documento: CNPJ, codigoProduto: '3' });
    assert.notEqual(otherDocument.text, first.text);
  });

  test('restriction document: possuiRestricao true with negative records', async () => {
    const a = await s.post(BUREAU, { documento: MAGIC.restriction.cpf, codigoProduto: '2' });
    assert.equal(a.body.possuiRestricao, true);
    const person = assertPerson(a);
    assert.ok((person.bureauMixMaisPFConsultaRealizada as { qtde: number }[]).some((r) => r.qtde > 0));
    assert.equal((await s.post(BUREAU, { documento: MAGIC.restriction.cnpj, codigoProduto: '4' })).body.possuiRestricao, true);
  });

  test('no-record document: 200, both results null, every array empty, msg says so', async () => {
    const a = await s.post(BUREAU, { documento: MAGIC.noRecord.cpf, codigoProduto: '1' });
    assert.equal(a.status, 200);
    assert.deepEqual(missingAndExtra(a.body, TOP), { missing: [], extra: [] });
    assert.equal(a.body.hasError, false);
    assert.equal(a.body.falha, false);
    assert.equal(a.body.msg, 'Nenhum registro encontrado para o documento consultado.');
    assert.equal(a.body.bureauMixMaisPF, null);
    assert.equal(a.body.bureaupj, null);
    for (const name of [...PF_ARRAYS, ...PJ_ARRAYS]) assert.deepEqual(body(a)[name], []);
  });

  test('provider failure: HTTP 200, hasError false, falha true, every field present, msg says why', async () => {
    const a = await s.post(BUREAU, { documento: MAGIC.failure.cnpj, codigoProduto: '3' });
    assert.equal(a.status, 200);
    assert.deepEqual(missingAndExtra(a.body, TOP), { missing: [], extra: [] });
    assert.equal(a.body.hasError, false);
    assert.deepEqual(a.body.messages, []);
    assert.equal(a.body.falha, true);
    assert.equal(a.body.msg, FAILURE_MESSAGES.unavailable);
    assert.equal(a.body.bureaupj, null);
  });
});

describe('ConsultarBureau refusals (400, one message per problem, field path)', () => {
  const refused = async (consulta: unknown, expected: [string | null, string][]) => {
    const before = s.provider.calls.bureau;
    const a = await s.post(BUREAU, consulta);
    assert.equal(a.status, 400, a.text);
    assert.equal(a.body.hasError, true);
    assert.deepEqual(codes(a), expected, a.text);
    for (const m of a.body.messages) assert.ok(m.description.length > 10);
    assert.equal(s.provider.calls.bureau, before, 'a refused request never reaches the provider');
    return a;
  };

  test('documento missing, blank or invalid → BUR001', async () => {
    await refused({ codigoProduto: '1' }, [['consulta.documento', 'BUR001']]);
    await refused({ documento: '  ', codigoProduto: '1' }, [['consulta.documento', 'BUR001']]);
    await refused({ documento: '52998224724', codigoProduto: '1' }, [['consulta.documento', 'BUR001']]);
    await refused({ documento: '11111111111', codigoProduto: '1' }, [['consulta.documento', 'BUR001']]);
    await refused({ documento: '12ABC34501DE36', codigoProduto: '3' }, [['consulta.documento', 'BUR001']]);
  });

  // Issue 11: a missing codigoProduto is no longer BUR002, it takes the default product (compat-bureau-product.test.ts).
  test('codigoProduto unknown → BUR003 (the message lists the catalogue)', async () => {
    const a = await refused({ documento: CPF, codigoProduto: '99' }, [['consulta.codigoProduto', 'BUR003']]);
    assert.match(a.body.messages[0]!.description, /1 \(MIXMAIS_PF\).*5 \(CADASTRAL\)/);
    await refused({ documento: CPF, codigoProduto: 'MIXMAIS' }, [['consulta.codigoProduto', 'BUR003']]);
  });

  test('a product that does not serve the person type → BUR004', async () => {
    const a = await refused({ documento: CNPJ, codigoProduto: '1' }, [['consulta.codigoProduto', 'BUR004']]);
    assert.match(a.body.messages[0]!.description, /pessoa jurídica/);
    await refused({ documento: CPF, codigoProduto: 'SCORE_PJ' }, [['consulta.codigoProduto', 'BUR004']]);
  });

  test('every problem at once', async () => {
    await refused({ documento: '123', codigoProduto: 'x' }, [['consulta.documento', 'BUR001'], ['consulta.codigoProduto', 'BUR003']]);
  });

  test('schema: consulta required, wrong types refused; unknown fields ignored (issue 11)', async () => {
    const none = await s.service.call(BUREAU, {}, { token: s.tokenA });
    assert.equal(none.statusCode, 400);
    assert.deepEqual(JSON.parse(none.body).messages.map((m: { field: string }) => m.field), ['consulta']);
    await refused({ documento: CPF, codigoProduto: 1 }, [['consulta.codigoProduto', 'REQ004']]);
    await refused({ documento: CPF, codigoProduto: '1', consultaCompleta: 'sim' }, [['consulta.consultaCompleta', 'REQ004']]);
    assert.equal((await s.post(BUREAU, { documento: CPF, codigoProduto: '1', extra: 1 })).status, 200);
  });

  test('no audit row for a refused request', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from bureau_consultations where document = '52998224724'`.execute(s.service.database.db);
    assert.equal(rows[0]!.n, 0);
  });
});

describe('provider chosen by configuration', () => {
  test('BUREAU_PROVIDER=http with an unreachable bureau: falha true with the reason, audited as a failure of provider http', async () => {
    const service = await startTestService({ BUREAU_PROVIDER: 'http', BUREAU_HTTP_BASE_URL: 'http://127.0.0.1:1/v1', BUREAU_HTTP_CREDENTIALS_HEADER: 'X-Api-Key: k', BUREAU_HTTP_RETRIES_MAX: '0' });
    try {
      const token = await service.token(await service.onboard());
      const response = await service.call(BUREAU, { consulta: { documento: CPF, codigoProduto: '1' } }, { token });
      assert.equal(response.statusCode, 200, response.body);
      const a = JSON.parse(response.body);
      assert.equal(a.falha, true);
      assert.equal(a.hasError, false);
      assert.equal(a.msg, FAILURE_MESSAGES.unavailable);
      const row = await service.database.db.selectFrom('bureau_consultations').selectAll().executeTakeFirstOrThrow();
      assert.deepEqual([row.provider, row.outcome, row.failure_reason], ['http', 'failure', 'unavailable']);
    } finally {
      await service.close();
    }
  });

  test('sandbox by default; an invalid configuration stops the start-up with every problem listed', () => {
    assert.throws(
      () => loadConfig({ BUREAU_PROVIDER: 'http', BUREAU_HTTP_TIMEOUT_MS: '0' }),
      (e: Error) => /BUREAU_HTTP_BASE_URL/.test(e.message) && /BUREAU_HTTP_CREDENTIALS_HEADER/.test(e.message) && /BUREAU_HTTP_TIMEOUT_MS/.test(e.message),
    );
    assert.throws(() => loadConfig({ BUREAU_PROVIDER: 'soap', BUREAU_CACHE_TTL_HOURS: '-1' }), (e: Error) => /BUREAU_PROVIDER must be sandbox or http/.test(e.message) && /BUREAU_CACHE_TTL_HOURS/.test(e.message));
    assert.equal(loadConfig({}).bureau.provider, 'sandbox');
  });
});
