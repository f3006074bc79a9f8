// Issue 11, point 6 (compatibility-notes, "Observed in a public partner client run against this
// project"): codigoProduto may be omitted; the default is the person product for a CPF and the
// company product for a CNPJ. The catalogue is an enum, with each product's description, in /openapi.json.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BUREAU, CNPJ, codes, CPF, startBureauService, type BureauTestService } from './bureau-fixture.js';

let s: BureauTestService;
before(async () => {
  s = await startBureauService({ BUREAU_CACHE_TTL_HOURS: '0' });
});
after(() => s.close());

async function productAudited(document: string): Promise<string | null> {
  const row = await s.service.database.db.selectFrom('bureau_consultations').select('product_code').where('document', '=', document).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return row.product_code;
}

describe('Bureau/ConsultarBureau without codigoProduto', () => {
  test('a CPF gets the person product (1, MIXMAIS_PF): the same answer as asking for it', async () => {
    for (const consulta of [{ documento: CPF }, { documento: CPF, codigoProduto: null }, { documento: CPF, codigoProduto: '' }]) {
      const omitted = await s.post(BUREAU, consulta);
      assert.equal(omitted.status, 200, omitted.text);
      assert.equal(await productAudited(CPF), '1');
      const explicit = await s.post(BUREAU, { documento: CPF, codigoProduto: '1' });
      const person = (a: typeof omitted) => ({ ...(a.body.bureauMixMaisPF as Record<string, unknown>), id: null, codigo: null, protocolo: null, dtInclusao: null });
      assert.deepEqual(person(omitted), person(explicit));
      assert.equal(omitted.body.bureaupj, null);
    }
  });

  test('a CNPJ gets the company product (3, BUREAU_PJ)', async () => {
    const omitted = await s.post(BUREAU, { documento: CNPJ });
    assert.equal(omitted.status, 200, omitted.text);
    assert.equal(await productAudited(CNPJ), '3');
    assert.equal(omitted.body.bureauMixMaisPF, null);
    assert.equal((omitted.body.bureaupj as { documentoFederal: string }).documentoFederal, CNPJ);
  });

  test('an invalid document is refused for the document alone; an unknown product is still refused', async () => {
    const bad = await s.post(BUREAU, { documento: '123' });
    assert.deepEqual(codes(bad), [['consulta.documento', 'BUR001']]);
    assert.deepEqual(codes(await s.post(BUREAU, { documento: CPF, codigoProduto: '99' })), [['consulta.codigoProduto', 'BUR003']]);
  });
});

test('/openapi.json lists the product catalogue as an enum with each description', async () => {
  const doc = (await s.service.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, { properties: Record<string, Record<string, unknown>> }> } }> } } }>;
  };
  const field = doc.paths[BUREAU]!.post.requestBody.content['application/json']!.schema.properties.consulta!.properties.codigoProduto!;
  assert.deepEqual(field.enum, ['1', '2', '3', '4', '5']);
  const descriptions = field['x-enumDescriptions'] as Record<string, string>;
  assert.match(descriptions['1']!, /^Mix Mais Pessoa Física \(alias MIXMAIS_PF; CPF\); padrão para CPF$/);
  assert.match(descriptions['3']!, /^Bureau Pessoa Jurídica \(alias BUREAU_PJ; CNPJ\); padrão para CNPJ$/);
  for (const code of ['2', '4', '5']) assert.ok(descriptions[code]!.length > 10);
  assert.match(String(field.description), /Omitted: 1 for a CPF, 3 for a CNPJ/);
  // The enum documents; aliases in any case are still accepted.
  assert.equal((await s.post(BUREAU, { documento: CPF, codigoProduto: 'mixmais_pf' })).status, 200);
});
