// `caas customer addresses` and `caas guarantee documents` (issue 4): the operator sees what the
// partner saved through HTTP, only that partner's, through the same database.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';

let service: TestService;
let partnerA: TestPartner;
let partnerB: TestPartner;
let tokenA: string;

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function post(path: string, body: unknown): Promise<void> {
  const response = await service.call(path, body, { token: tokenA });
  assert.equal(response.statusCode, 200, response.body);
}

before(async () => {
  service = await startTestService();
  process.env.DATABASE_URL = service.database.url;
  process.env.CAAS_WORKERS = 'false';
  process.env.LOG_LEVEL = 'silent';
  partnerA = await service.onboard();
  partnerB = await service.onboard();
  tokenA = await service.token(partnerA);
});
after(() => service.close());

describe('operator CLI for addresses and guarantee documents', () => {
  test('customer addresses: lines and --json, by any form of the document, per partner', async () => {
    await post('/Pessoa/SalvarEnderecos', {
      param: { documentoCliente: '123.456.789-09' },
      dtos: [
        { cep: '01310-100', logradouro: 'Avenida Paulista', nroLogradouro: '1578', cidade: 'São Paulo', uf: 'SP', enderecoPrincipal: true, enderecoDesde: '2020-03-01' },
        { cep: '22070011', logradouro: 'Avenida Atlântica', cidade: 'Rio de Janeiro', uf: 'RJ', enderecoCorrespondencia: true },
      ],
    });
    const json = await cli('customer', 'addresses', '12345678909', '--partner', partnerA.clientId, '--json');
    assert.equal(json.code, 0, json.err);
    const listed = JSON.parse(json.out) as { cep: string; enderecoPrincipal: boolean; enderecoDesde: string | null }[];
    assert.deepEqual(listed.map((a) => [a.cep, a.enderecoPrincipal, a.enderecoDesde]), [['01310100', true, '2020-03-01'], ['22070011', false, null]]);
    const text = await cli('customer', 'addresses', '123.456.789-09', '--partner', partnerA.clientId);
    assert.match(text.out, /01310100 {2}Avenida Paulista, 1578 {2}São Paulo\/SP {2}\[principal\]/);
    assert.match(text.out, /22070011 {2}Avenida Atlântica {2}Rio de Janeiro\/RJ {2}\[correspondência\]/);
    const other = await cli('customer', 'addresses', '12345678909', '--partner', partnerB.clientId);
    assert.deepEqual([other.code, other.out], [0, 'no addresses']);
  });

  test('guarantee documents: in numero order, per partner', async () => {
    const asset = randomUUID();
    const dto = { codigoPropostaGarantiaBem: asset, tipoDocumento: 3, nomeArquivo: 'crlv.pdf' };
    await post('/Proposta/SalvarPropostaGarantiaBemDocumento', { dto });
    await post('/Proposta/SalvarPropostaGarantiaBemDocumento', { dto: { ...dto, tipoDocumento: 8, nomeArquivo: 'foto.jpg', conferido: true, dtConferido: '2026-11-23T10:00:00Z', codigoUsuarioConferido: 9 } });
    const json = await cli('guarantee', 'documents', asset, '--partner', partnerA.clientId, '--json');
    assert.equal(json.code, 0, json.err);
    assert.deepEqual((JSON.parse(json.out) as { numero: number; extensao: string }[]).map((d) => [d.numero, d.extensao]), [[1, 'pdf'], [2, 'jpg']]);
    const text = await cli('guarantee', 'documents', asset, '--partner', partnerA.clientId);
    assert.match(text.out, /^1 {2}\S+ {2}3 Certificado de registro do veículo \(CRV\/CRLV\) {2}crlv\.pdf \(pdf\) {2}validade - {2}não conferido$/m);
    assert.match(text.out, /^2 .* conferido em 2026-11-23T10:00:00.000Z por 9$/m);
    const other = await cli('guarantee', 'documents', asset, '--partner', partnerB.clientId);
    assert.deepEqual([other.code, other.out], [0, 'no documents']);
  });

  test('bad input: usage errors exit 2, invalid document or uuid and unknown partner exit 1', async () => {
    assert.equal((await cli('customer', 'addresses', '12345678909')).code, 2);
    assert.equal((await cli('customer', 'moves')).code, 2);
    assert.equal((await cli('guarantee')).code, 2);
    const badDocument = await cli('customer', 'addresses', '12345678900', '--partner', partnerA.clientId);
    assert.deepEqual([badDocument.code, /END015/.test(badDocument.err)], [1, true]);
    const badAsset = await cli('guarantee', 'documents', 'x', '--partner', partnerA.clientId);
    assert.deepEqual([badAsset.code, /GAR001/.test(badAsset.err)], [1, true]);
    const unknown = await cli('guarantee', 'documents', randomUUID(), '--partner', 'nobody');
    assert.equal(unknown.code, 1);
  });
});
