import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { getAreaCodeInfo, isValidCep, isValidIe, isValidLandlinePhone, isValidMobilePhone, isValidVoterId } from '@brazilian-utils/brazilian-utils';
import type { BureauBody, CompanyResult, PersonResult } from './bureau-types.js';
import { ITEM_FIELDS, missingAndExtra, PF_ARRAYS, PF_FIELDS, PJ_ARRAYS, PJ_FIELDS } from './interface-fields.fixture.js';
import { MAGIC_DOCUMENTS } from './magic.js';
import type { BureauOutcome, PersonType } from './port.js';
import { arbCnpj, arbCpf, NOW, PROPERTY, SAMPLE_CNPJS, SAMPLE_CPFS, sandbox } from './test-support.fixture.js';

/** CEP prefix ranges of each state (Correios), independent of the sandbox's city table. */
const CEP_RANGES: readonly (readonly [number, number, string])[] = [
  [1000, 19999, 'SP'], [20000, 28999, 'RJ'], [29000, 29999, 'ES'], [30000, 39999, 'MG'], [40000, 48999, 'BA'], [49000, 49999, 'SE'],
  [50000, 56999, 'PE'], [57000, 57999, 'AL'], [58000, 58999, 'PB'], [59000, 59999, 'RN'], [60000, 63999, 'CE'], [64000, 64999, 'PI'],
  [65000, 65999, 'MA'], [66000, 68899, 'PA'], [68900, 68999, 'AP'], [69000, 69299, 'AM'], [69300, 69399, 'RR'], [69400, 69899, 'AM'],
  [69900, 69999, 'AC'], [70000, 72799, 'DF'], [72800, 72999, 'GO'], [73000, 73699, 'DF'], [73700, 76799, 'GO'], [76800, 76999, 'RO'],
  [77000, 77999, 'TO'], [78000, 78899, 'MT'], [79000, 79999, 'MS'], [80000, 87999, 'PR'], [88000, 89999, 'SC'], [90000, 99999, 'RS'],
];

function ufOfCep(cep: string): string | undefined {
  const prefix = Number(cep.slice(0, 5));
  return CEP_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2];
}

async function bureau(document: string, personType: PersonType, productCode = personType === 'PF' ? '1' : '3', consultaCompleta = true, at = NOW): Promise<BureauOutcome> {
  return sandbox(at).consultBureau({ document, personType, productCode, consultaCompleta });
}

function found(outcome: BureauOutcome): BureauBody {
  assert.equal(outcome.status, 'found');
  return (outcome as { body: BureauBody }).body;
}

function assertAddressConsistent(a: { cep: string | null; uf: string | null }): void {
  assert.ok(a.cep && isValidCep(a.cep), `CEP ${a.cep}`);
  assert.equal(ufOfCep(a.cep!), a.uf, `CEP ${a.cep} is not in ${a.uf}`);
}

describe('sandbox bureau: determinism', () => {
  it('gives deep-equal answers for the same document, product and instant', async () => {
    for (const doc of SAMPLE_CPFS) assert.deepEqual(await bureau(doc, 'PF'), await bureau(doc, 'PF'));
    for (const doc of SAMPLE_CNPJS) assert.deepEqual(await bureau(doc, 'PJ'), await bureau(doc, 'PJ'));
  });

  it('gives different people for different documents', async () => {
    const a = found(await bureau(SAMPLE_CPFS[0], 'PF'));
    const b = found(await bureau(SAMPLE_CPFS[1], 'PF'));
    assert.notDeepEqual(a, b);
    assert.notEqual(a.bureauMixMaisPF!.codigo, b.bureauMixMaisPF!.codigo);
  });

  it('keeps the person when only the instant changes, and moves inclusion date with it', async () => {
    const a = found(await bureau(SAMPLE_CPFS[0], 'PF', '1', true, '2026-03-15T12:00:00Z')).bureauMixMaisPF!;
    const b = found(await bureau(SAMPLE_CPFS[0], 'PF', '1', true, '2026-04-20T09:00:00Z')).bureauMixMaisPF!;
    assert.equal(a.nome, b.nome);
    assert.equal(a.codigo, b.codigo);
    assert.equal(b.dtInclusao, '2026-04-20T09:00:00.000Z');
  });
});

describe('sandbox bureau: every field of the interface', () => {
  it('answers a person with every PF field and the four arrays, repeated at the top level', async () => {
    for (const doc of SAMPLE_CPFS) {
      const body = found(await bureau(doc, 'PF'));
      const pf = body.bureauMixMaisPF!;
      assert.deepEqual(missingAndExtra(pf, [...PF_FIELDS, ...PF_ARRAYS]), { missing: [], extra: [] });
      for (const name of PF_ARRAYS) assert.deepEqual(body[name], pf[name], `${name} repeated at the top level`);
      for (const name of PJ_ARRAYS) assert.deepEqual(body[name], []);
      assert.equal(body.bureaupj, null);
      assert.equal(body.falha, false);
    }
  });

  it('answers a company with every PJ field and the four arrays, repeated at the top level', async () => {
    for (const doc of SAMPLE_CNPJS) {
      const body = found(await bureau(doc, 'PJ'));
      const pj = body.bureaupj!;
      assert.deepEqual(missingAndExtra(pj, [...PJ_FIELDS, ...PJ_ARRAYS]), { missing: [], extra: [] });
      for (const name of PJ_ARRAYS) assert.deepEqual(body[name], pj[name]);
      assert.equal(body.bureauMixMaisPF, null);
    }
  });

  it('gives every array item its interface fields, and links items to the result', async () => {
    const pf = found(await bureau(MAGIC_DOCUMENTS.restriction.cpf, 'PF')).bureauMixMaisPF!;
    for (const [suffix, fields] of Object.entries(ITEM_FIELDS)) {
      const items = pf[`bureauMixMaisPF${suffix}` as keyof PersonResult] as readonly object[];
      assert.ok(items.length > 0, `${suffix} has items for the restriction document`);
      for (const item of items) {
        assert.deepEqual(missingAndExtra(item, fields), { missing: [], extra: [] });
        assert.equal((item as { codigoConsulta: string }).codigoConsulta, pf.codigo);
      }
    }
  });
});

describe('sandbox bureau: realistic values', () => {
  it('makes people with consistent address, phones, age and documents', async () => {
    await fc.assert(
      fc.asyncProperty(arbCpf, async (doc) => {
        const pf = found(await bureau(doc, 'PF')).bureauMixMaisPF!;
        assertAddressConsistent(pf);
        for (const a of pf.bureauMixMaisPFEndereco) assertAddressConsistent(a);
        assert.ok(isValidMobilePhone(pf.telefoneCelular!), `mobile ${pf.telefoneCelular}`);
        assert.equal(getAreaCodeInfo(pf.telefoneCelular!.slice(0, 2))?.stateCode, pf.uf);
        if (pf.telefoneResidencial) assert.ok(isValidLandlinePhone(pf.telefoneResidencial));
        assert.ok(isValidVoterId(pf.nroTituloEleitor!), `voter id ${pf.nroTituloEleitor}`);
        assert.ok(pf.idade! >= 18 && pf.idade! <= 78, `age ${pf.idade}`);
        assert.ok(pf.dtNasc! < NOW && pf.dtSituacao < NOW);
        assert.ok(pf.score3Meses! >= 0 && pf.score3Meses! <= 1000 && pf.score3MesesMSG!.includes('3 meses'));
        assert.equal(pf.documentoFederal, doc);
        for (const c of pf.bureauMixMaisPFConsultaDetalhe) assert.ok(c.dtConsulta < NOW && c.dtConsulta > '2025-12-01');
      }),
      PROPERTY,
    );
  });

  it('makes companies with consistent address, registrations and activities', async () => {
    await fc.assert(
      fc.asyncProperty(arbCnpj, async (doc) => {
        const pj: CompanyResult = found(await bureau(doc, 'PJ')).bureaupj!;
        assertAddressConsistent(pj);
        assert.ok(isValidLandlinePhone(pj.telefone!), `phone ${pj.telefone}`);
        assert.equal(getAreaCodeInfo(pj.telefone!.slice(0, 2))?.stateCode, pj.uf);
        assert.ok(pj.inscricaoEstadual === 'ISENTO' || isValidIe(pj.uf as 'SP', pj.inscricaoEstadual!), `IE ${pj.inscricaoEstadual} of ${pj.uf}`);
        assert.match(pj.atividades!, /^\d{4}-\d\/\d{2} - \S/);
        assert.match(pj.naturezaJuridica!, /^\d{3}-\d - \S/);
        assert.match(pj.valorCapitalSocial!, /^\d+\.\d{2}$/);
        assert.ok(pj.dataFundacao! < NOW);
      }),
      PROPERTY,
    );
  });

  it('keeps money in centavos', async () => {
    const pf = found(await bureau(MAGIC_DOCUMENTS.restriction.cpf, 'PF')).bureauMixMaisPF!;
    for (const r of pf.bureauMixMaisPFConsultaRealizada) assert.ok(r.valor.decimalPlaces() <= 2 && !r.valor.isNegative());
  });
});

describe('sandbox bureau: products and summary', () => {
  it('trims a summary consultation to identity, scores and the restriction flag', async () => {
    const body = found(await bureau(MAGIC_DOCUMENTS.restriction.cpf, 'PF', '1', false));
    const pf = body.bureauMixMaisPF!;
    assert.equal(body.possuiRestricao, true);
    assert.ok(pf.nome && pf.score3Meses !== null && pf.score12MesesMSG);
    for (const f of ['dtNasc', 'email', 'nomeMae', 'cep', 'telefoneCelular', 'xmlResult'] as const) assert.equal(pf[f], null, f);
    for (const a of PF_ARRAYS) assert.deepEqual(body[a], []);
    assert.deepEqual(missingAndExtra(pf, [...PF_FIELDS, ...PF_ARRAYS]).missing, []);
  });

  it('fills only the product sections (CADASTRAL has no score, SCORE has no address)', async () => {
    const cadastral = found(await bureau(SAMPLE_CNPJS[0], 'PJ', '5')).bureaupj!;
    assert.equal(cadastral.score3Meses, null);
    assert.ok(cadastral.cep && cadastral.bureaupjEndereco.length > 0);
    assert.deepEqual(cadastral.bureaupjConsultaRealizada, []);
    const score = found(await bureau(SAMPLE_CPFS[0], 'PF', '2')).bureauMixMaisPF!;
    assert.equal(score.cep, null);
    assert.ok(score.score12Meses !== null && score.bureauMixMaisPFConsultaRealizada.length > 0);
  });

  it('refuses, as a programmer error, a product the caller should have refused', async () => {
    await assert.rejects(bureau(SAMPLE_CPFS[0], 'PF', '99'), /assertion/);
    await assert.rejects(bureau(SAMPLE_CPFS[0], 'PF', '3'), /assertion/);
  });
});

describe('sandbox bureau: magic documents', () => {
  it('reports a restriction with negative records and a low score', async () => {
    for (const [doc, type] of [[MAGIC_DOCUMENTS.restriction.cpf, 'PF'], [MAGIC_DOCUMENTS.restriction.cnpj, 'PJ']] as const) {
      const body = found(await bureau(doc, type));
      const result = (body.bureauMixMaisPF ?? body.bureaupj)!;
      assert.equal(body.possuiRestricao, true);
      assert.ok(result.score3Meses! <= 380);
      const pending = (type === 'PF' ? body.bureauMixMaisPFConsultaRealizada : body.bureaupjConsultaRealizada).find((r) => r.item === 'PENDENCIAS FINANCEIRAS')!;
      assert.ok(pending.qtde > 0 && pending.valor.greaterThan(0) && pending.dtUltOcorrencia);
    }
  });

  it('answers clean for ordinary documents', async () => {
    for (const doc of SAMPLE_CPFS) assert.equal(found(await bureau(doc, 'PF')).possuiRestricao, false);
    for (const doc of SAMPLE_CNPJS) assert.equal(found(await bureau(doc, 'PJ')).possuiRestricao, false);
  });

  it('fails like a provider outage for the failure document', async () => {
    const outcome = await bureau(MAGIC_DOCUMENTS.failure.cpf, 'PF');
    assert.equal(outcome.status, 'failure');
    if (outcome.status === 'failure') {
      assert.equal(outcome.failure.falha, true);
      assert.match(outcome.failure.mensagem, /indisponível/);
    }
  });

  it('knows nothing of the no-record document', async () => {
    const outcome = await bureau(MAGIC_DOCUMENTS.no_record.cnpj, 'PJ');
    assert.equal(outcome.status, 'no_record');
    if (outcome.status === 'no_record') {
      assert.equal(outcome.body.bureaupj, null);
      assert.equal(outcome.body.possuiRestricao, false);
      assert.deepEqual(outcome.body.bureaupjTelefone, []);
    }
  });
});
