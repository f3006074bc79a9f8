// Bureau/ConsultaFraudeBureauBase through HTTP (issue 6): the document alone, the optional Pix key
// (its type inferred), e-mail and mobile each validated and each making the answer fuller, `json`
// a JSON text, magic outcomes and failure.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FAILURE_MESSAGES } from '../../src/modules/bureau/providers/port.js';
import { CNPJ_ALPHA, codes, CPF, CPF_2, FRAUD, MAGIC, startBureauService, type Answer, type BureauTestService } from './bureau-fixture.js';

let s: BureauTestService;
before(async () => {
  s = await startBureauService({ BUREAU_CACHE_TTL_HOURS: '0' });
});
after(() => s.close());

interface Report {
  documento: string;
  nivelRisco: string;
  possuiMarcacao: boolean;
  marcacoes: { alvo: string }[];
  verificacoes: Record<'chavePix' | 'email' | 'celular', { valorMascarado: string } | null>;
}

function report(a: Answer): Report {
  assert.equal(a.status, 200, a.text);
  assert.deepEqual(Object.keys(a.body), ['msg', 'hasError', 'messages', 'falha', 'json']);
  assert.equal(a.body.hasError, false);
  assert.equal(a.body.falha, false);
  assert.equal(typeof a.body.json, 'string');
  return JSON.parse(a.body.json as string) as Report;
}

describe('ConsultaFraudeBureauBase answers', () => {
  test('the document alone: a JSON report with no identifier checks', async () => {
    const r = report(await s.post(FRAUD, { documento: CPF }));
    assert.equal(r.documento, CPF);
    assert.deepEqual(r.verificacoes, { chavePix: null, email: null, celular: null });
  });

  test('each identifier sent makes the answer fuller, masked (never echoed whole)', async () => {
    const r = report(await s.post(FRAUD, {
      documento: CPF, chavePix: '+5511987654321', email: 'Fulano.Tal@Example.com.br', celularUsuario: { codigoPais: '55', ddd: '11', numero: '98765-4321' },
    }));
    assert.ok(r.verificacoes.chavePix && r.verificacoes.email && r.verificacoes.celular);
    assert.equal(r.verificacoes.email.valorMascarado, 'fu******al@example.com.br');
    assert.match(r.verificacoes.celular.valorMascarado, /^\+55 \(11\) \*+4321$/);
  });

  test('Pix keys of every type are recognised without a type field', async () => {
    for (const chavePix of [CPF_2, '11222333000181', '12abc34501de35', '+5511987654321', '11987654321', '6132221111', '+14155552671', 'fulano@example.com', '71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D']) {
      assert.ok(report(await s.post(FRAUD, { documento: CPF, chavePix })).verificacoes.chavePix, chavePix);
    }
  });

  test('the same key in different spellings is the same check (canonical form)', async () => {
    const upper = await s.post(FRAUD, { documento: CPF, chavePix: 'FULANO@EXAMPLE.COM' });
    const lower = await s.post(FRAUD, { documento: CPF, chavePix: 'fulano@example.com' });
    assert.equal(upper.text, lower.text);
    const national = await s.post(FRAUD, { documento: CPF, chavePix: '11987654321' });
    const e164 = await s.post(FRAUD, { documento: CPF, chavePix: '+5511987654321' });
    assert.equal(national.text, e164.text);
  });

  test('a company document, and an empty celularUsuario counts as not sent', async () => {
    const r = report(await s.post(FRAUD, { documento: CNPJ_ALPHA, celularUsuario: { codigoPais: '', ddd: null } }));
    assert.equal(r.documento, CNPJ_ALPHA);
    assert.equal(r.verificacoes.celular, null);
  });

  test('high fraud risk document: ALTO, the document and each identifier sent marked', async () => {
    const r = report(await s.post(FRAUD, { documento: MAGIC.fraudHigh.cpf, email: 'x@example.com' }));
    assert.equal(r.nivelRisco, 'ALTO');
    assert.equal(r.possuiMarcacao, true);
    assert.deepEqual([...new Set(r.marcacoes.map((m) => m.alvo))].sort(), ['DOCUMENTO', 'EMAIL']);
  });

  test('deterministic: the same request gives the same answer', async () => {
    const consulta = { documento: CPF, chavePix: 'fulano@example.com', email: 'a@example.org' };
    assert.equal((await s.post(FRAUD, consulta)).text, (await s.post(FRAUD, consulta)).text);
  });

  test('provider failure: HTTP 200, hasError false, falha true, json "{}", msg says why', async () => {
    const a = await s.post(FRAUD, { documento: MAGIC.failure.cpf });
    assert.equal(a.status, 200);
    assert.deepEqual(a.body, { msg: FAILURE_MESSAGES.unavailable, hasError: false, messages: [], falha: true, json: '{}' });
  });
});

describe('ConsultaFraudeBureauBase refusals', () => {
  const refused = async (consulta: unknown, expected: [string | null, string][]) => {
    const before = s.provider.calls.fraud;
    const a = await s.post(FRAUD, consulta);
    assert.equal(a.status, 400, a.text);
    assert.equal(a.body.hasError, true);
    assert.deepEqual(codes(a), expected, a.text);
    assert.equal(s.provider.calls.fraud, before);
    return a;
  };

  test('documento required (schema REQ003), blank or invalid → BUR001', async () => {
    await refused({ email: 'a@example.com' }, [['consulta.documento', 'REQ003']]);
    await refused({ documento: '' }, [['consulta.documento', 'BUR001']]);
    await refused({ documento: '52998224700' }, [['consulta.documento', 'BUR001']]);
  });

  test('a chavePix that is no valid key → BUR020 with the reason', async () => {
    const cases: [string, RegExp][] = [
      ['qualquer coisa', /não reconhecida/],
      ['529.982.247-25', /sem pontuação/],
      ['12345678900', /nem um telefone/],
      ['71c7d9be4b854e439f1c1f3b8b4e9a2d', /com hífens/],
      ['5511987654321', /não reconhecida/],
      ['+5520987654321', /DDD inexistente/],
      ['fulano@example', /e-mail/],
      ['11222333000182', /CNPJ válido/],
    ];
    for (const [chavePix, why] of cases) {
      const a = await refused({ documento: CPF, chavePix }, [['consulta.chavePix', 'BUR020']]);
      assert.match(a.body.messages[0]!.description, why, chavePix);
    }
  });

  test('email invalid → BUR021', async () => {
    await refused({ documento: CPF, email: 'fulano@example' }, [['consulta.email', 'BUR021']]);
    await refused({ documento: CPF, email: 'sem-arroba' }, [['consulta.email', 'BUR021']]);
  });

  test('celularUsuario invalid → BUR022 on the faulty part', async () => {
    const at = 'consulta.celularUsuario';
    await refused({ documento: CPF, celularUsuario: { ddd: '20', numero: '987654321' } }, [[`${at}.ddd`, 'BUR022']]);
    await refused({ documento: CPF, celularUsuario: { numero: '987654321' } }, [[`${at}.ddd`, 'BUR022']]);
    await refused({ documento: CPF, celularUsuario: { ddd: '11', numero: '87654321' } }, [[`${at}.numero`, 'BUR022']]);
    await refused({ documento: CPF, celularUsuario: { ddd: '11' } }, [[`${at}.numero`, 'BUR022']]);
    await refused({ documento: CPF, celularUsuario: { codigoPais: 'BR', ddd: '11', numero: '987654321' } }, [[`${at}.codigoPais`, 'BUR022']]);
    await refused({ documento: CPF, celularUsuario: { codigoPais: '1', ddd: '415', numero: '555267123456' } }, [[`${at}.numero`, 'BUR022']]);
  });

  test('a foreign mobile and a written Brazilian one are accepted', async () => {
    assert.ok(report(await s.post(FRAUD, { documento: CPF, celularUsuario: { codigoPais: '+1', ddd: '415', numero: '5552671' } })).verificacoes.celular);
    assert.ok(report(await s.post(FRAUD, { documento: CPF, celularUsuario: { ddd: '011', numero: '98765-4321' } })).verificacoes.celular);
  });

  test('every problem at once', async () => {
    await refused(
      { documento: '1', chavePix: '???', email: 'x', celularUsuario: { ddd: '00', numero: '1' } },
      [['consulta.documento', 'BUR001'], ['consulta.chavePix', 'BUR020'], ['consulta.email', 'BUR021'], ['consulta.celularUsuario.ddd', 'BUR022'], ['consulta.celularUsuario.numero', 'BUR022']],
    );
  });
});
