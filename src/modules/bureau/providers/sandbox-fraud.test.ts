import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FraudReport } from './fraud-types.js';
import { FRAUD_FIELDS, missingAndExtra } from './interface-fields.fixture.js';
import { MAGIC_DOCUMENTS } from './magic.js';
import type { FraudOutcome, FraudRequest } from './port.js';
import { NOW, SAMPLE_CPFS, SAMPLE_CNPJS, sandbox } from './test-support.fixture.js';

const EXTRAS = { chavePix: 'maria@example.com', email: 'maria.silva@example.com', phone: { codigoPais: '55', ddd: '11', numero: '987654321' } };

async function fraud(req: FraudRequest): Promise<FraudOutcome> {
  return sandbox().consultFraud(req);
}

function report(outcome: FraudOutcome): FraudReport {
  assert.notEqual(outcome.status, 'failure');
  const body = (outcome as { body: { falha: boolean; json: string } }).body;
  assert.deepEqual(missingAndExtra(body, FRAUD_FIELDS), { missing: [], extra: [] });
  assert.equal(body.falha, false);
  return JSON.parse(body.json) as FraudReport;
}

describe('sandbox fraud base', () => {
  it('is deterministic and clean for ordinary documents', async () => {
    const req: FraudRequest = { document: SAMPLE_CPFS[0], personType: 'PF', ...EXTRAS };
    assert.deepEqual(await fraud(req), await fraud(req));
    const r = report(await fraud(req));
    assert.equal(r.nivelRisco, 'BAIXO');
    assert.equal(r.possuiMarcacao, false);
    assert.deepEqual(r.marcacoes, []);
    assert.equal(r.dtConsulta, new Date(NOW).toISOString());
  });

  it('answers fuller when the optional identifiers are sent, without echoing them whole', async () => {
    const bare = report(await fraud({ document: SAMPLE_CNPJS[0], personType: 'PJ' }));
    assert.deepEqual(bare.verificacoes, { chavePix: null, email: null, celular: null });
    const full = report(await fraud({ document: SAMPLE_CNPJS[0], personType: 'PJ', ...EXTRAS }));
    assert.ok(full.verificacoes.chavePix && full.verificacoes.email && full.verificacoes.celular);
    assert.equal(full.verificacoes.email.valorMascarado, 'ma*******va@example.com');
    assert.equal(full.verificacoes.celular.valorMascarado, '+55 (11) *****4321');
    const json = JSON.stringify(full);
    for (const value of [EXTRAS.chavePix, EXTRAS.email, EXTRAS.phone.numero]) assert.ok(!json.includes(value), `${value} echoed`);
  });

  it('marks the high-risk document and every identifier sent with it', async () => {
    const r = report(await fraud({ document: MAGIC_DOCUMENTS.fraud_high.cpf, personType: 'PF', ...EXTRAS }));
    assert.equal(r.nivelRisco, 'ALTO');
    assert.ok(r.pontuacaoRisco >= 80);
    assert.equal(r.possuiMarcacao, true);
    const targets = new Set(r.marcacoes.map((m) => m.alvo));
    assert.deepEqual([...targets].sort(), ['CELULAR', 'CHAVE_PIX', 'DOCUMENTO', 'EMAIL']);
    assert.equal(r.verificacoes.chavePix!.marcado, true);
    for (const m of r.marcacoes) assert.ok(m.dtMarcacao < NOW);
  });

  it('reports the no-record document as not found, and fails for the failure document', async () => {
    const outcome = await fraud({ document: MAGIC_DOCUMENTS.no_record.cnpj, personType: 'PJ', email: EXTRAS.email });
    assert.equal(outcome.status, 'no_record');
    const r = report(outcome);
    assert.equal(r.encontrado, false);
    assert.equal(r.verificacoes.email!.vinculadoAoDocumento, false);
    const failed = await fraud({ document: MAGIC_DOCUMENTS.failure.cpf, personType: 'PF' });
    assert.equal(failed.status, 'failure');
  });
});
