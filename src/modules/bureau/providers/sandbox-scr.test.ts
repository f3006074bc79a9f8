import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { sum, type Decimal } from '../../../platform/money.js';
import {
  missingAndExtra, SCR_CLIENT_FIELDS, SCR_MATURITY_FIELDS, SCR_MODALITY_FIELDS, SCR_OPERATION_FIELDS, SCR_TOP, SCR_TRANSLATED_FIELDS,
  SCR_VALIDATION_MESSAGE_FIELDS,
} from './interface-fields.fixture.js';
import { MAGIC_DOCUMENTS } from './magic.js';
import type { PersonType, ScrOutcome } from './port.js';
import { MATURITY_BUCKETS, VENCIDO_BUCKETS, VENCER_BUCKETS } from './scr-catalog.js';
import { assertScrTotals } from './scr-translate.js';
import type { ScrBody, ScrTranslatedSummary } from './scr-types.js';
import { arbCnpj, arbCpf, PROPERTY, SAMPLE_CNPJS, SAMPLE_CPFS, sandbox } from './test-support.fixture.js';

async function scr(document: string, personType: PersonType): Promise<ScrOutcome> {
  return sandbox().consultScr({ document, personType, referenceYear: 2026, referenceMonth: 1, consentAt: new Date('2026-03-01T10:00:00Z') });
}

function body(outcome: ScrOutcome): ScrBody {
  assert.notEqual(outcome.status, 'failure');
  return (outcome as { body: ScrBody }).body;
}

const add = (...xs: Decimal[]): Decimal => sum(xs);

/** The totals, recomputed here from the buckets by the formulas of docs/sandbox.md. */
function assertTotalsByHand(t: ScrTranslatedSummary): void {
  assert.ok(t.carteiraVencer.equals(sum(VENCER_BUCKETS.map((b) => t[b]))));
  assert.ok(t.carteiraVencido.equals(sum(VENCIDO_BUCKETS.map((b) => t[b]))));
  assert.ok(t.prejuizo.equals(add(t.prejuizoAte12meses, t.prejuizoAcima12meses)));
  assert.ok(t.limitesdeCredito.equals(add(t.limitesdeCreditoAte360dias, t.limitesdeCreditoAcima360dias)));
  assert.ok(t.carteiradeCredito.equals(add(t.carteiraVencer, t.carteiraVencido)));
  assert.ok(t.responsabilidadeTotal.equals(add(t.carteiradeCredito, t.repasses, t.coobrigacoes)));
  assert.ok(t.riscoTotal.equals(add(t.responsabilidadeTotal, t.prejuizo, t.creditosaLiberar, t.limitesdeCredito)));
}

/** Σ of the raw maturities per translated bucket equals the bucket (modalities 14/15 aside). */
function assertRawMatchesTranslated(b: ScrBody): void {
  const t = b.resumoDoClienteTraduzido!;
  const ops = b.resumoDoCliente!.listaDeResumoDasOperacoes.filter((o) => !/^1[45]/.test(o.modalidade));
  for (const bucket of [...VENCER_BUCKETS, ...VENCIDO_BUCKETS]) {
    const codes = Object.entries(MATURITY_BUCKETS).filter(([, f]) => f === bucket).map(([c]) => c);
    const raw = sum(ops.flatMap((o) => o.listaDeVencimentos.filter((v) => codes.includes(v.codigoVencimento)).map((v) => v.valorVencimento)));
    assert.ok(raw.equals(t[bucket]), `${bucket}: raw ${raw.toFixed(2)} vs ${t[bucket].toFixed(2)}`);
  }
  const byTipo = (tipo: string): Decimal => sum(b.resumoModalidade.filter((m) => m.tipo === tipo).map((m) => m.valorVencimento));
  assert.ok(byTipo('A VENCER').equals(t.carteiraVencer));
  assert.ok(byTipo('VENCIDO').equals(t.carteiraVencido));
  assert.ok(byTipo('PREJUIZO').equals(t.prejuizo));
  assert.ok(byTipo('LIMITE').equals(t.limitesdeCredito));
  assert.ok(byTipo('REPASSES').equals(t.repasses));
  assert.ok(byTipo('COOBRIGACOES').equals(t.coobrigacoes));
}

describe('sandbox SCR', () => {
  it('is deterministic per document and differs between documents', async () => {
    assert.deepEqual(await scr(SAMPLE_CPFS[0], 'PF'), await scr(SAMPLE_CPFS[0], 'PF'));
    assert.notDeepEqual(body(await scr(SAMPLE_CPFS[0], 'PF')).resumoDoClienteTraduzido, body(await scr(SAMPLE_CPFS[1], 'PF')).resumoDoClienteTraduzido);
  });

  it('answers every field of the interface', async () => {
    for (const [doc, type] of [[MAGIC_DOCUMENTS.scr_overdue.cpf, 'PF'], [SAMPLE_CNPJS[0], 'PJ']] as const) {
      const b = body(await scr(doc, type));
      assert.deepEqual(missingAndExtra(b, SCR_TOP), { missing: [], extra: [] });
      assert.deepEqual(missingAndExtra(b.resumoDoCliente!, SCR_CLIENT_FIELDS), { missing: [], extra: [] });
      assert.deepEqual(missingAndExtra(b.resumoDoClienteTraduzido!, SCR_TRANSLATED_FIELDS), { missing: [], extra: [] });
      for (const op of b.resumoDoCliente!.listaDeResumoDasOperacoes) {
        assert.deepEqual(missingAndExtra(op, SCR_OPERATION_FIELDS), { missing: [], extra: [] });
        for (const v of op.listaDeVencimentos) assert.deepEqual(missingAndExtra(v, SCR_MATURITY_FIELDS), { missing: [], extra: [] });
      }
      for (const m of b.resumoModalidade) assert.deepEqual(missingAndExtra(m, SCR_MODALITY_FIELDS), { missing: [], extra: [] });
      assert.equal(b.periodo, '01/2026');
      assert.equal(b.resumoDoCliente!.dataBaseConsultada, '2026-01');
      assert.equal(b.resumoDoCliente!.tipoDoCliente, type === 'PF' ? '1' : '2');
    }
  });

  it('has buckets that add up to the totals, for any document', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(arbCpf.map((d) => [d, 'PF'] as const), arbCnpj.map((d) => [d, 'PJ'] as const)), async ([doc, type]) => {
        const b = body(await scr(doc, type));
        assertScrTotals(b.resumoDoClienteTraduzido!);
        assertTotalsByHand(b.resumoDoClienteTraduzido!);
        assertRawMatchesTranslated(b);
        const t = b.resumoDoClienteTraduzido!;
        assert.ok(t.carteiraVencido.isZero() && t.prejuizo.isZero(), 'ordinary documents are clean');
        assert.ok(t.carteiraVencer.greaterThan(0));
        assert.equal(b.resumoDoCliente!.coobrigacaoAssumidaSpecified, !b.resumoDoCliente!.coobrigacaoAssumida.isZero());
        assert.ok(t.qtdeInstituicoes >= 1 && t.qtdeInstituicoes <= t.qtdeOperacoes);
      }),
      PROPERTY,
    );
  });

  it('gives the overdue document every overdue band and losses, still adding up', async () => {
    for (const [doc, type] of [[MAGIC_DOCUMENTS.scr_overdue.cpf, 'PF'], [MAGIC_DOCUMENTS.scr_overdue.cnpj, 'PJ']] as const) {
      const b = body(await scr(doc, type));
      const t = b.resumoDoClienteTraduzido!;
      for (const bucket of VENCIDO_BUCKETS) assert.ok(t[bucket].greaterThan(0), bucket);
      assert.ok(t.prejuizoAte12meses.greaterThan(0) && t.prejuizoAcima12meses.greaterThan(0));
      assert.equal(t.qtdeOperacoesSobJudice, 1);
      assert.equal(b.resumoDoCliente!.responsabilidadeTotalSubJudiceSpecified, true);
      assertTotalsByHand(t);
      assertRawMatchesTranslated(b);
    }
  });

  it('answers a client without operations for the no-record document', async () => {
    const outcome = await scr(MAGIC_DOCUMENTS.no_record.cpf, 'PF');
    assert.equal(outcome.status, 'no_record');
    const b = body(outcome);
    assert.equal(b.resumoDoClienteTraduzido!.riscoTotal.isZero(), true);
    assert.deepEqual(b.resumoDoCliente!.listaDeResumoDasOperacoes, []);
    assert.equal(b.resumoDoCliente!.listaDeMensagensDeValidacao.length, 1);
    assert.deepEqual(missingAndExtra(b.resumoDoCliente!.listaDeMensagensDeValidacao[0]!, SCR_VALIDATION_MESSAGE_FIELDS).missing, []);
  });

  it('fails for the failure document', async () => {
    const outcome = await scr(MAGIC_DOCUMENTS.failure.cnpj, 'PJ');
    assert.equal(outcome.status, 'failure');
  });

  it('asserts the totals: one centavo off is caught', async () => {
    const t = body(await scr(SAMPLE_CPFS[2], 'PF')).resumoDoClienteTraduzido!;
    assert.throws(() => assertScrTotals({ ...t, carteiraVencer31a60dias: t.carteiraVencer31a60dias.plus('0.01') }), /carteiraVencer/);
    assert.throws(() => assertScrTotals({ ...t, riscoTotal: t.riscoTotal.minus('0.01') }), /riscoTotal/);
  });
});
