// From SCR operations (modality + amounts per maturity code) to the three views of the answer:
// listaDeResumoDasOperacoes (raw codes), resumoDoClienteTraduzido (buckets and totals) and
// resumoModalidade (per modality and kind). Totals are derived, never drawn, and asserted:
//   carteiraVencer        = Σ vencer buckets        carteiraVencido = Σ vencido buckets
//   prejuizo              = Σ prejuízo buckets      limitesdeCredito = Σ limit buckets
//   moedaEstrangeiraValor = Σ foreign-currency buckets
//   carteiradeCredito     = carteiraVencer + carteiraVencido
//   responsabilidadeTotal = carteiradeCredito + repasses + coobrigacoes
//   riscoTotal            = responsabilidadeTotal + prejuizo + creditosaLiberar + limitesdeCredito
import { sum, ZERO, type Decimal } from '../../../platform/money.js';
import {
  LIMITE_BUCKETS, MATURITY_BUCKETS, modality, MOEDA_ESTRANGEIRA_BUCKETS, PREJUIZO_BUCKETS, tipoOf, VENCER_BUCKETS, VENCIDO_BUCKETS,
} from './scr-catalog.js';
import {
  SCR_MONEY_FIELDS, type ScrModalitySummary, type ScrMoneyField, type ScrOperationSummary, type ScrTranslatedSummary,
} from './scr-types.js';

export interface ScrMaturityAmount {
  readonly code: string;
  readonly amount: Decimal;
}

export interface ScrOperation {
  readonly modalidade: string;
  readonly variacaoCambial: string;
  readonly maturities: readonly ScrMaturityAmount[];
}

export interface ScrCounts {
  readonly dtInicioRelacionamento: string | null;
  readonly qtdeInstituicoes: number;
  readonly qtdeOperacoes: number;
  readonly qtdeOperacoesDiscordancia: number;
  readonly vlrOperacoesDiscordancia: Decimal;
  readonly qtdeOperacoesSobJudice: number;
  readonly vlrOperacoesSobJudice: Decimal;
  readonly riscoIndiretoVendor: Decimal;
}

function byCode(a: { codigoVencimento: string }, b: { codigoVencimento: string }): number {
  return Number(a.codigoVencimento) - Number(b.codigoVencimento);
}

/** listaDeResumoDasOperacoes: operations of one modality and currency merged, codes ascending. */
export function operationSummaries(ops: readonly ScrOperation[]): ScrOperationSummary[] {
  const groups = new Map<string, Map<string, Decimal>>();
  for (const op of ops) {
    const key = `${op.modalidade}|${op.variacaoCambial}`;
    const codes = groups.get(key) ?? new Map<string, Decimal>();
    for (const m of op.maturities) codes.set(m.code, (codes.get(m.code) ?? ZERO).plus(m.amount));
    groups.set(key, codes);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, codes]) => {
      const [modalidade, variacaoCambial] = key.split('|') as [string, string];
      const listaDeVencimentos = [...codes.entries()]
        .map(([codigoVencimento, valorVencimento]) => ({ codigoVencimento, valorVencimento, valorVencimentoSpecified: true }))
        .sort(byCode);
      return { modalidade, variacaoCambial, listaDeVencimentos };
    });
}

function bucketTotals(ops: readonly ScrOperation[]): Record<ScrMoneyField, Decimal> {
  const totals = Object.fromEntries(SCR_MONEY_FIELDS.map((f) => [f, ZERO])) as Record<ScrMoneyField, Decimal>;
  for (const op of ops) {
    const mod = modality(op.modalidade);
    for (const m of op.maturities) {
      const bucket = MATURITY_BUCKETS[m.code];
      if (!bucket) throw new Error(`assertion: maturity code ${m.code} missing from the catalogue`);
      const field: ScrMoneyField = mod.group === 'repasse' ? 'repasses' : mod.group === 'coobrigacao' ? 'coobrigacoes' : bucket;
      totals[field] = totals[field].plus(m.amount);
    }
  }
  return totals;
}

export function translatedSummary(ops: readonly ScrOperation[], counts: ScrCounts): ScrTranslatedSummary {
  const t = bucketTotals(ops);
  const total = (fields: readonly ScrMoneyField[]): Decimal => sum(fields.map((f) => t[f]));
  t.vlrOperacoesDiscordancia = counts.vlrOperacoesDiscordancia;
  t.vlrOperacoesSobJudice = counts.vlrOperacoesSobJudice;
  t.riscoIndiretoVendor = counts.riscoIndiretoVendor;
  t.carteiraVencer = total(VENCER_BUCKETS);
  t.carteiraVencido = total(VENCIDO_BUCKETS);
  t.prejuizo = total(PREJUIZO_BUCKETS);
  t.limitesdeCredito = total(LIMITE_BUCKETS);
  t.moedaEstrangeiraValor = total(MOEDA_ESTRANGEIRA_BUCKETS);
  t.carteiradeCredito = t.carteiraVencer.plus(t.carteiraVencido);
  t.responsabilidadeTotal = t.carteiradeCredito.plus(t.repasses).plus(t.coobrigacoes);
  t.riscoTotal = t.responsabilidadeTotal.plus(t.prejuizo).plus(t.creditosaLiberar).plus(t.limitesdeCredito);
  const summary: ScrTranslatedSummary = {
    dtInicioRelacionamento: counts.dtInicioRelacionamento,
    qtdeInstituicoes: counts.qtdeInstituicoes,
    qtdeOperacoes: counts.qtdeOperacoes,
    qtdeOperacoesDiscordancia: counts.qtdeOperacoesDiscordancia,
    qtdeOperacoesSobJudice: counts.qtdeOperacoesSobJudice,
    ...t,
  };
  assertScrTotals(summary);
  return summary;
}

function expectSum(s: ScrTranslatedSummary, total: ScrMoneyField, parts: readonly ScrMoneyField[]): void {
  const expected = sum(parts.map((p) => s[p]));
  if (!s[total].equals(expected)) throw new Error(`assertion: SCR ${total} ${s[total].toFixed(2)} ≠ Σ ${parts.join('+')} ${expected.toFixed(2)}`);
}

/** The identities between the translated buckets and their totals; throws on any mismatch. */
export function assertScrTotals(s: ScrTranslatedSummary): void {
  expectSum(s, 'carteiraVencer', VENCER_BUCKETS);
  expectSum(s, 'carteiraVencido', VENCIDO_BUCKETS);
  expectSum(s, 'prejuizo', PREJUIZO_BUCKETS);
  expectSum(s, 'limitesdeCredito', LIMITE_BUCKETS);
  expectSum(s, 'moedaEstrangeiraValor', MOEDA_ESTRANGEIRA_BUCKETS);
  expectSum(s, 'carteiradeCredito', ['carteiraVencer', 'carteiraVencido']);
  expectSum(s, 'responsabilidadeTotal', ['carteiradeCredito', 'repasses', 'coobrigacoes']);
  expectSum(s, 'riscoTotal', ['responsabilidadeTotal', 'prejuizo', 'creditosaLiberar', 'limitesdeCredito']);
  for (const f of SCR_MONEY_FIELDS) {
    if (s[f].isNegative() || s[f].decimalPlaces() > 2) throw new Error(`assertion: SCR ${f} is not a non-negative amount in centavos`);
  }
}

/** resumoModalidade: one line per modality and kind of amount (A VENCER, VENCIDO, PREJUIZO …). */
export function modalitySummaries(ops: readonly ScrOperation[]): ScrModalitySummary[] {
  const lines = new Map<string, ScrModalitySummary>();
  for (const op of ops) {
    const mod = modality(op.modalidade);
    for (const m of op.maturities) {
      const tipo = tipoOf(mod, m.code);
      const key = `${mod.code}|${tipo}`;
      const previous = lines.get(key);
      const valorVencimento = (previous?.valorVencimento ?? ZERO).plus(m.amount);
      lines.set(key, { tipo, modalidade: mod.code, dominio: mod.dominio, subdominio: mod.subdominio, valorVencimento });
    }
  }
  return [...lines.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
}
