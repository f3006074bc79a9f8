// Reuse of billed answers and the audit trail (issue 6): a repeat of the same consultation by the
// same partner within BUREAU_CACHE_TTL_HOURS is answered from the stored result without calling
// the provider (counted), and says so in msg; after the window the provider is called again;
// failures are never reused; another partner's repeat is its own (billed) consultation. Every
// consultation is recorded, and `caas audit bureau` lists them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import { BUREAU, CNPJ, CPF, CPF_2, CPF_MASKED, FRAUD, MAGIC, SCR, startBureauService, type Answer, type BureauTestService } from './bureau-fixture.js';

const HOUR_MS = 3_600_000;
const FOUND = 'Consulta realizada com sucesso.';
const CACHED = /^Resultado recuperado de consulta anterior \(realizada em 23\/11\/2026 às 12:00, horário de Brasília\)/;
const SCR_OK = { documento: CPF, dataBaseMes: '9', dataBaseAno: '2026', dtAceiteCliente: '2026-11-20T10:00:00Z' };

let s: BureauTestService;
before(async () => {
  s = await startBureauService(); // default window: 24 h
});
after(() => s.close());

/** The answer without msg, as text: what must be identical between a fresh and a reused answer. */
const withoutMsg = (a: Answer) => a.text.replace(/^\{"msg":("(?:[^"\\]|\\.)*"|null),/, '{');

async function auditRows() {
  return s.service.database.db.selectFrom('bureau_consultations').selectAll().orderBy('id').execute();
}

describe('reuse of stored answers', () => {
  test('ConsultarBureau: the second call is served from the store, provider called once, msg says so, same body', async () => {
    const before = s.provider.calls.bureau;
    const first = await s.post(BUREAU, { documento: CPF, codigoProduto: '1' });
    const second = await s.post(BUREAU, { documento: CPF_MASKED, codigoProduto: 'mixmais_pf', consultaCompleta: true });
    assert.equal(s.provider.calls.bureau, before + 1);
    assert.equal(first.body.msg, FOUND);
    assert.match(second.body.msg ?? '', CACHED);
    assert.match(second.body.msg ?? '', /Consulta realizada com sucesso\.$/);
    assert.equal(second.body.hasError, false);
    assert.equal(withoutMsg(second), withoutMsg(first));
  });

  test('another product, or the summary of the same product, is another consultation', async () => {
    const before = s.provider.calls.bureau;
    await s.post(BUREAU, { documento: CPF, codigoProduto: '1', consultaCompleta: false });
    await s.post(BUREAU, { documento: CPF, codigoProduto: '2' });
    await s.post(BUREAU, { documento: CPF_2, codigoProduto: '1' });
    assert.equal(s.provider.calls.bureau, before + 3);
  });

  test('ConsultarSCR: same month reused (whatever the consent instant), another month asks again', async () => {
    const before = s.provider.calls.scr;
    const first = await s.post(SCR, SCR_OK);
    const second = await s.post(SCR, { ...SCR_OK, dataBaseMes: '09', dtAceiteCliente: '2026-11-22' });
    assert.equal(s.provider.calls.scr, before + 1);
    assert.match(second.body.msg ?? '', CACHED);
    assert.equal(withoutMsg(second), withoutMsg(first));
    await s.post(SCR, { ...SCR_OK, dataBaseMes: '8' });
    assert.equal(s.provider.calls.scr, before + 2);
  });

  test('ConsultaFraudeBureauBase: same identifiers reused (canonical spelling), other identifiers ask again', async () => {
    const before = s.provider.calls.fraud;
    await s.post(FRAUD, { documento: CPF, chavePix: '11987654321' });
    const again = await s.post(FRAUD, { documento: CPF, chavePix: '+5511987654321' });
    assert.match(again.body.msg ?? '', CACHED);
    assert.equal(s.provider.calls.fraud, before + 1);
    await s.post(FRAUD, { documento: CPF });
    await s.post(FRAUD, { documento: CPF, chavePix: '11987654321', email: 'a@example.com' });
    assert.equal(s.provider.calls.fraud, before + 3);
  });

  test('no record is an answer the provider billed: reused; a failure is never reused', async () => {
    const before = s.provider.calls.bureau;
    await s.post(BUREAU, { documento: MAGIC.noRecord.cpf, codigoProduto: '1' });
    const none = await s.post(BUREAU, { documento: MAGIC.noRecord.cpf, codigoProduto: '1' });
    assert.match(none.body.msg ?? '', /Nenhum registro encontrado para o documento consultado\.$/);
    assert.equal(s.provider.calls.bureau, before + 1);
    for (let i = 0; i < 2; i += 1) assert.equal((await s.post(BUREAU, { documento: MAGIC.failure.cpf, codigoProduto: '1' })).body.falha, true);
    assert.equal(s.provider.calls.bureau, before + 3);
  });

  test('tenant isolation: partner B repeating A\'s consultation is not served from A\'s store (billed to B)', async () => {
    const before = s.provider.calls.bureau;
    const b = await s.post(BUREAU, { documento: CPF, codigoProduto: '1' }, s.tokenB);
    assert.equal(b.body.msg, FOUND);
    assert.equal(s.provider.calls.bureau, before + 1);
    assert.match((await s.post(BUREAU, { documento: CPF, codigoProduto: '1' }, s.tokenB)).body.msg ?? '', CACHED);
    assert.equal(s.provider.calls.bureau, before + 1);
  });
});

describe('audit trail', () => {
  test('every consultation recorded: partner, bare document, product, consent, outcome, provider', async () => {
    const rows = await auditRows();
    const bureau = rows.filter((r) => r.operation === 'bureau' && r.document === CPF && r.partner_id === s.partnerA.partnerId && r.product_code === '1' && r.consulta_completa);
    assert.deepEqual(bureau.map((r) => r.outcome), ['found', 'cached']);
    assert.equal(bureau[1]!.cached_consulted_at?.toISOString(), bureau[0]!.consulted_at.toISOString());
    for (const r of rows) {
      assert.equal(r.provider, 'sandbox');
      assert.ok(r.request_id.length > 0);
      assert.equal(r.consulted_at.toISOString(), '2026-11-23T15:00:00.000Z');
    }
    const scr = rows.filter((r) => r.operation === 'scr');
    assert.deepEqual(scr.map((r) => [r.reference_month, r.consent_at?.toISOString(), r.outcome]), [
      ['2026-09', '2026-11-20T10:00:00.000Z', 'found'],
      ['2026-09', '2026-11-22T03:00:00.000Z', 'cached'],
      ['2026-08', '2026-11-20T10:00:00.000Z', 'found'],
    ]);
    const fraud = rows.filter((r) => r.operation === 'fraud');
    assert.deepEqual(fraud.map((r) => [r.identifiers, r.outcome]), [[['chavePix'], 'found'], [['chavePix'], 'cached'], [[], 'found'], [['chavePix', 'email'], 'found']]);
    const failures = rows.filter((r) => r.outcome === 'failure');
    assert.equal(failures.length, 2);
    for (const f of failures) assert.deepEqual([f.document, f.failure_reason], [MAGIC.failure.cpf, 'unavailable']);
    assert.deepEqual(rows.filter((r) => r.document === MAGIC.noRecord.cpf).map((r) => r.outcome), ['no_record', 'cached']);
    assert.equal(rows.filter((r) => r.partner_id === s.partnerB.partnerId).length, 2);
  });
});

describe('the window (BUREAU_CACHE_TTL_HOURS)', () => {
  test('still reused at exactly 24 h; after it the provider is called again', async () => {
    const before = s.provider.calls.bureau;
    s.service.clock.advance(24 * HOUR_MS);
    await s.refreshTokens();
    assert.match((await s.post(BUREAU, { documento: CPF, codigoProduto: '1' })).body.msg ?? '', CACHED);
    assert.equal(s.provider.calls.bureau, before);
    s.service.clock.advance(1);
    const fresh = await s.post(BUREAU, { documento: CPF, codigoProduto: '1' });
    assert.equal(fresh.body.msg, FOUND);
    assert.equal(s.provider.calls.bureau, before + 1);
    assert.match((await s.post(BUREAU, { documento: CPF, codigoProduto: '1' })).body.msg ?? '', /realizada em 24\/11\/2026 às 12:00/);
    assert.equal(s.provider.calls.bureau, before + 1);
  });

  test('expired stored answers are purged when fresh ones are stored', async () => {
    const stale = await s.service.database.db.selectFrom('bureau_cache').select('consulted_at').where('consulted_at', '<', new Date('2026-11-24T00:00:00Z')).execute();
    assert.equal(stale.length, 0);
  });

  test('BUREAU_CACHE_TTL_HOURS=0: nothing is stored, every call reaches the provider', async () => {
    const c = await startBureauService({ BUREAU_CACHE_TTL_HOURS: '0' });
    try {
      await c.post(BUREAU, { documento: CNPJ, codigoProduto: '3' });
      assert.equal((await c.post(BUREAU, { documento: CNPJ, codigoProduto: '3' })).body.msg, FOUND);
      assert.equal(c.provider.calls.bureau, 2);
      assert.equal((await c.service.database.db.selectFrom('bureau_cache').selectAll().execute()).length, 0);
    } finally {
      await c.close();
    }
  });
});

describe('caas audit bureau', () => {
  function captured(): CliIo & { out_: string[]; err_: string[] } {
    const out_: string[] = [];
    const err_: string[] = [];
    return { out_, err_, out: (l) => out_.push(l), err: (l) => err_.push(l) };
  }

  async function cli(args: string[]) {
    const saved = { url: process.env.DATABASE_URL, workers: process.env.CAAS_WORKERS };
    process.env.DATABASE_URL = s.service.database.url;
    process.env.CAAS_WORKERS = 'false';
    const io = captured();
    try {
      const code = await main(['audit', 'bureau', ...args], io);
      return { code, out: io.out_.join('\n'), err: io.err_.join('\n') };
    } finally {
      if (saved.url === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved.url;
      if (saved.workers === undefined) delete process.env.CAAS_WORKERS;
      else process.env.CAAS_WORKERS = saved.workers;
    }
  }

  test('--json lists every consultation newest first, with the partner\'s client id', async () => {
    const { code, out } = await cli(['--json', '--limit', '1000']);
    assert.equal(code, 0);
    const entries = JSON.parse(out) as { id: number; clientId: string; document: string; outcome: string }[];
    assert.equal(entries.length, (await auditRows()).length);
    assert.deepEqual(entries.map((e) => e.id), [...entries.map((e) => e.id)].sort((a, b) => b - a));
    assert.ok(entries.every((e) => e.clientId === s.partnerA.clientId || e.clientId === s.partnerB.clientId));
  });

  test('--document (masked accepted) and --partner filter', async () => {
    const byDocument = JSON.parse((await cli(['--document', '000.000.003-53', '--json'])).out) as { document: string; outcome: string }[];
    assert.deepEqual(byDocument.map((e) => [e.document, e.outcome]), [[MAGIC.noRecord.cpf, 'cached'], [MAGIC.noRecord.cpf, 'no_record']]);
    const byPartner = JSON.parse((await cli(['--partner', s.partnerB.clientId, '--json'])).out) as { clientId: string; productCode: string }[];
    assert.deepEqual(byPartner.map((e) => [e.clientId, e.productCode]), [[s.partnerB.clientId, '1'], [s.partnerB.clientId, '1']]);
  });

  test('text lines; --limit truncates and says so', async () => {
    const { code, out, err } = await cli(['--document', MAGIC.failure.cpf, '--limit', '1']);
    assert.equal(code, 0);
    assert.match(out, /bureau {2}CPF 00000000272 {2}produto 1 {2}failure \(unavailable\) {2}sandbox/);
    assert.equal(out.split('\n').length, 1);
    assert.match(err, /only the newest 1 consultations/);
    assert.equal((await cli(['--document', '11144477735'])).out, 'no consultations');
  });

  test('bad options: invalid document, unknown partner, bad limit', async () => {
    assert.equal((await cli(['--document', '123'])).code, 2);
    assert.equal((await cli(['--limit', '0'])).code, 2);
    const unknown = await cli(['--partner', 'nobody']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /no partner with client id/);
  });
});
