// Bureau/ConsultarSCR through HTTP (issue 6): every field of the interface, the reference month
// ("7" and "07"; not after the latest published month nor older than the window), the customer's
// consent (required, not in the future, not older than its validity), magic outcomes, failure.
// The frozen "now" is 2026-11-23 12:00 in São Paulo: with the defaults (month M published on day
// 15 of M + 2, 24 months consultable) the latest data-base is 09/2026 and the oldest 10/2024.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FAILURE_MESSAGES } from '../../src/modules/bureau/providers/port.js';
import { missingAndExtra, SCR_CLIENT_FIELDS, SCR_MODALITY_FIELDS, SCR_TOP, SCR_TRANSLATED_FIELDS } from '../../src/modules/bureau/providers/interface-fields.fixture.js';
import { CNPJ, codes, CPF, MAGIC, SCR, startBureauService, type Answer, type BureauTestService } from './bureau-fixture.js';

const CONSENT = '2026-11-20T10:00:00Z';
const OK = { documento: CPF, dataBaseMes: '9', dataBaseAno: '2026', dtAceiteCliente: CONSENT };

let s: BureauTestService;
before(async () => {
  s = await startBureauService({ BUREAU_CACHE_TTL_HOURS: '0' });
});
after(() => s.close());

type Obj = Record<string, unknown>;

function assertScr(a: Answer): Obj {
  assert.equal(a.status, 200, a.text);
  assert.deepEqual(missingAndExtra(a.body, ['msg', 'hasError', 'messages', ...SCR_TOP]), { missing: [], extra: [] });
  return a.body as Obj;
}

describe('ConsultarSCR answers', () => {
  test('a person: every field of resumoDoCliente, resumoDoClienteTraduzido and resumoModalidade', async () => {
    const b = assertScr(await s.post(SCR, OK));
    assert.equal(b.hasError, false);
    assert.equal(b.erro, false);
    assert.equal(b.msg, 'Consulta realizada com sucesso.');
    assert.equal(b.periodo, '09/2026');
    const client = b.resumoDoCliente as Obj;
    assert.deepEqual(missingAndExtra(client, SCR_CLIENT_FIELDS), { missing: [], extra: [] });
    assert.equal(client.dataBaseConsultada, '2026-09');
    assert.equal(client.codigoDoCliente, CPF);
    assert.equal(client.tipoDoCliente, '1');
    assert.deepEqual(missingAndExtra(b.resumoDoClienteTraduzido as Obj, SCR_TRANSLATED_FIELDS), { missing: [], extra: [] });
    const modalities = b.resumoModalidade as Obj[];
    assert.ok(modalities.length > 0);
    for (const m of modalities) assert.deepEqual(missingAndExtra(m, SCR_MODALITY_FIELDS), { missing: [], extra: [] });
  });

  test('a company (tipoDoCliente 2)', async () => {
    const b = assertScr(await s.post(SCR, { ...OK, documento: CNPJ }));
    assert.equal((b.resumoDoCliente as Obj).tipoDoCliente, '2');
  });

  test('"7" and "07" are the same month, whatever the casing of the field names', async () => {
    const plain = await s.post(SCR, { ...OK, dataBaseMes: '7' });
    const padded = await s.post(SCR, { Documento: CPF, DataBaseMes: '07', DATABASEANO: '2026', DtAceiteCliente: CONSENT });
    assert.equal(assertScr(plain).periodo, '07/2026');
    assert.equal(padded.text, plain.text);
  });

  test('deterministic: the same request gives the same answer', async () => {
    assert.equal((await s.post(SCR, OK)).text, (await s.post(SCR, OK)).text);
  });

  test('the overdue document has overdue amounts and losses; the no-record document says so', async () => {
    const overdue = assertScr(await s.post(SCR, { ...OK, documento: MAGIC.scrOverdue.cpf })).resumoDoClienteTraduzido as Obj;
    assert.ok((overdue.carteiraVencido as number) > 0);
    assert.ok((overdue.prejuizo as number) > 0);
    const none = assertScr(await s.post(SCR, { ...OK, documento: MAGIC.noRecord.cnpj }));
    assert.equal(none.erro, false);
    assert.equal(none.msg, 'Nenhum registro encontrado para o documento consultado.');
    assert.deepEqual((none.resumoDoCliente as Obj).listaDeResumoDasOperacoes, []);
  });

  test('provider failure: HTTP 200, hasError false, erro true, mensagemOperador and msg say why', async () => {
    const b = assertScr(await s.post(SCR, { ...OK, documento: MAGIC.failure.cpf }));
    assert.equal(b.hasError, false);
    assert.equal(b.erro, true);
    assert.equal(b.mensagemOperador, FAILURE_MESSAGES.unavailable);
    assert.equal(b.msg, FAILURE_MESSAGES.unavailable);
    assert.equal(b.periodo, '09/2026');
    assert.equal(b.resumoDoCliente, null);
  });
});

async function refused(consulta: Obj, expected: [string | null, string][]): Promise<Answer> {
  const before = s.provider.calls.scr;
  const a = await s.post(SCR, consulta);
  assert.equal(a.status, 400, a.text);
  assert.equal(a.body.hasError, true);
  assert.deepEqual(codes(a), expected, a.text);
  assert.equal(s.provider.calls.scr, before, 'a refused request never reaches the provider');
  return a;
}

describe('ConsultarSCR reference month', () => {
  const month = [['consulta.dataBaseMes', 'BUR010']] as [string, string][];
  const year = [['consulta.dataBaseAno', 'BUR011']] as [string, string][];

  test('dataBaseMes missing or not 1–12 → BUR010', async () => {
    for (const dataBaseMes of [undefined, '', ' ', '0', '00', '13', '7.', 'ju', '-1']) await refused({ ...OK, dataBaseMes }, month);
    await refused({ ...OK, dataBaseMes: '7.0' }, [['consulta.dataBaseMes', 'REQ006']]); // schema: at most 2 characters
  });

  test('dataBaseAno missing or not four digits → BUR011; both wrong → both messages', async () => {
    for (const dataBaseAno of [undefined, ' ', '26', '026', '2O26']) await refused({ ...OK, dataBaseAno }, year);
    await refused({ ...OK, dataBaseAno: '02026' }, [['consulta.dataBaseAno', 'REQ006']]); // schema: at most 4 characters
    await refused({ ...OK, dataBaseMes: null, dataBaseAno: null }, [...month, ...year]);
  });

  test('schema: month and year are strings (compatibility-notes)', async () => {
    await refused({ ...OK, dataBaseMes: 9 }, [['consulta.dataBaseMes', 'REQ004']]);
  });

  test('not yet published → BUR012 naming the latest published month', async () => {
    const a = await refused({ ...OK, dataBaseMes: '10' }, [['consulta.dataBaseMes', 'BUR012']]);
    assert.match(a.body.messages[0]!.description, /10\/2026.*09\/2026/);
    await refused({ ...OK, dataBaseMes: '1', dataBaseAno: '2027' }, [['consulta.dataBaseMes', 'BUR012']]);
  });

  test('older than the window → BUR013; the oldest month of the window is accepted', async () => {
    const a = await refused({ ...OK, dataBaseMes: '9', dataBaseAno: '2024' }, [['consulta.dataBaseMes', 'BUR013']]);
    assert.match(a.body.messages[0]!.description, /10\/2024/);
    assertScr(await s.post(SCR, { ...OK, dataBaseMes: '10', dataBaseAno: '2024' }));
  });
});

describe('ConsultarSCR consent (dtAceiteCliente)', () => {
  const field = 'consulta.dtAceiteCliente';

  test('missing → BUR014; not a date → schema REQ007', async () => {
    await refused({ ...OK, dtAceiteCliente: undefined }, [[field, 'BUR014']]);
    await refused({ ...OK, dtAceiteCliente: null }, [[field, 'BUR014']]);
    await refused({ ...OK, dtAceiteCliente: '20/11/2026' }, [[field, 'REQ007']]);
  });

  test('in the future → BUR015 (a few minutes of clock drift tolerated)', async () => {
    await refused({ ...OK, dtAceiteCliente: '2026-11-23T16:00:00Z' }, [[field, 'BUR015']]);
    await refused({ ...OK, dtAceiteCliente: '2026-11-24' }, [[field, 'BUR015']]);
    await refused({ ...OK, dtAceiteCliente: '2026-11-23T12:10:00' }, [[field, 'BUR015']]); // no zone: São Paulo time
    assertScr(await s.post(SCR, { ...OK, dtAceiteCliente: '2026-11-23T15:04:00Z' }));
    assertScr(await s.post(SCR, { ...OK, dtAceiteCliente: '2026-11-23' }));
    assertScr(await s.post(SCR, { ...OK, dtAceiteCliente: '2026-11-23T11:59:00' }));
  });

  test('older than 90 days → BUR016; exactly 90 days is still valid', async () => {
    const a = await refused({ ...OK, dtAceiteCliente: '2026-08-24T12:00:00-03:00' }, [[field, 'BUR016']]);
    assert.match(a.body.messages[0]!.description, /91 dias.*90 dias/);
    assertScr(await s.post(SCR, { ...OK, dtAceiteCliente: '2026-08-25' }));
  });

  test('every problem at once', async () => {
    await refused(
      { documento: '000', dataBaseMes: '13', dataBaseAno: '2026', dtAceiteCliente: '2027-01-01' },
      [['consulta.documento', 'BUR001'], ['consulta.dataBaseMes', 'BUR010'], [field, 'BUR015']],
    );
  });
});

describe('ConsultarSCR windows are configurable', () => {
  test('consent validity, publication lag and day, history', async () => {
    const c = await startBureauService({ BUREAU_SCR_CONSENT_VALIDITY_DAYS: '30', BUREAU_SCR_PUBLICATION_LAG_MONTHS: '1', BUREAU_SCR_PUBLICATION_DAY: '1', BUREAU_SCR_HISTORY_MONTHS: '3' });
    try {
      const post = (consulta: Obj) => c.post(SCR, consulta);
      assert.equal((await post({ ...OK, dataBaseMes: '10' })).status, 200); // latest is now 10/2026
      assert.deepEqual(codes(await post({ ...OK, dataBaseMes: '11' })), [['consulta.dataBaseMes', 'BUR012']]);
      assert.equal((await post({ ...OK, dataBaseMes: '8' })).status, 200); // 08, 09, 10
      assert.deepEqual(codes(await post({ ...OK, dataBaseMes: '7' })), [['consulta.dataBaseMes', 'BUR013']]);
      assert.deepEqual(codes(await post({ ...OK, dtAceiteCliente: '2026-10-23' })), [['consulta.dtAceiteCliente', 'BUR016']]);
      assert.equal((await post({ ...OK, dtAceiteCliente: '2026-10-24' })).status, 200);
    } finally {
      await c.close();
    }
  });
});

describe('ConsultarSCR publication day (moves the clock forward: last)', () => {
  test('before day 15 of a month, the latest data-base is three months back; from day 15, two', async () => {
    const consent = { ...OK, dtAceiteCliente: '2026-12-01' };
    s.service.clock.set('2026-12-14T12:00:00Z');
    const early = await s.service.token(s.partnerA);
    assert.deepEqual(codes(await s.post(SCR, { ...consent, dataBaseMes: '10' }, early)), [['consulta.dataBaseMes', 'BUR012']]);
    assert.equal((await s.post(SCR, { ...consent, dataBaseMes: '9' }, early)).status, 200);
    s.service.clock.set('2026-12-15T12:00:00Z');
    const later = await s.service.token(s.partnerA);
    assert.equal((await s.post(SCR, { ...consent, dataBaseMes: '10' }, later)).status, 200);
  });
});
