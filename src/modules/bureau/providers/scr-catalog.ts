// SCR 3040 codes used by the sandbox: maturity codes (Anexo 1 of the BCB layout) with the
// translated-summary bucket each feeds, and the modalities (Anexo 3) with their domain names.
import type { ScrMoneyField } from './scr-types.js';

/** The translated bucket of each maturity code of an ordinary credit modality. */
export const MATURITY_BUCKETS: Readonly<Record<string, ScrMoneyField>> = {
  '110': 'carteiraVencerAte30diasVencidosAte14dias',
  '205': 'carteiraVencerAte30diasVencidosAte14dias', // overdue 1–14 days: the bucket's name says it
  '120': 'carteiraVencer31a60dias',
  '130': 'carteiraVencer61a90dias',
  '140': 'carteiraVencer91a180dias',
  '150': 'carteiraVencer181a360dias',
  '160': 'carteiraVencerAcima360dias', '165': 'carteiraVencerAcima360dias', '170': 'carteiraVencerAcima360dias',
  '175': 'carteiraVencerAcima360dias', '180': 'carteiraVencerAcima360dias', '190': 'carteiraVencerAcima360dias',
  '199': 'carteiraVencerPrazoIndeterminado',
  '210': 'carteiraVencido15a30dias',
  '220': 'carteiraVencido31a60dias',
  '230': 'carteiraVencido61a90dias',
  '240': 'carteiraVencido91a180dias', '245': 'carteiraVencido91a180dias', '250': 'carteiraVencido91a180dias',
  '255': 'carteiraVencido181a360dias', '260': 'carteiraVencido181a360dias', '270': 'carteiraVencido181a360dias',
  '280': 'carteiraVencidoAcima360dias', '290': 'carteiraVencidoAcima360dias',
  '310': 'prejuizoAte12meses',
  '320': 'prejuizoAcima12meses', '330': 'prejuizoAcima12meses',
  '60': 'creditosaLiberar', '80': 'creditosaLiberar',
  '20': 'limitesdeCreditoAte360dias',
  '40': 'limitesdeCreditoAcima360dias',
};

export const VENCER_BUCKETS = [
  'carteiraVencerAte30diasVencidosAte14dias', 'carteiraVencer31a60dias', 'carteiraVencer61a90dias', 'carteiraVencer91a180dias',
  'carteiraVencer181a360dias', 'carteiraVencerAcima360dias', 'carteiraVencerPrazoIndeterminado',
] as const satisfies readonly ScrMoneyField[];

export const VENCIDO_BUCKETS = [
  'carteiraVencido15a30dias', 'carteiraVencido31a60dias', 'carteiraVencido61a90dias', 'carteiraVencido91a180dias',
  'carteiraVencido181a360dias', 'carteiraVencidoAcima360dias',
] as const satisfies readonly ScrMoneyField[];

export const PREJUIZO_BUCKETS = ['prejuizoAte12meses', 'prejuizoAcima12meses'] as const satisfies readonly ScrMoneyField[];

export const LIMITE_BUCKETS = ['limitesdeCreditoAte360dias', 'limitesdeCreditoAcima360dias'] as const satisfies readonly ScrMoneyField[];

export const MOEDA_ESTRANGEIRA_BUCKETS = [
  'moedaEstrangeiraValor15a30dias', 'moedaEstrangeiraValor31a60dias', 'moedaEstrangeiraValor61a90dias',
  'moedaEstrangeiraValor91a180dias', 'moedaEstrangeiraValor181a360dias', 'moedaEstrangeiraValorAcima360dias',
] as const satisfies readonly ScrMoneyField[];

/** How a modality counts: ordinary credit (buckets), interbank on-lending, or co-obligation. */
export type ModalityGroup = 'carteira' | 'repasse' | 'coobrigacao';

export interface Modality {
  readonly code: string;
  readonly dominio: string;
  readonly subdominio: string;
  readonly group: ModalityGroup;
}

const DOMAINS: Readonly<Record<string, string>> = {
  '02': '02 - EMPRESTIMOS', '03': '03 - DIREITOS CREDITORIOS DESCONTADOS', '04': '04 - FINANCIAMENTOS',
  '09': '09 - FINANCIAMENTOS IMOBILIARIOS', '14': '14 - RELACOES INTERFINANCEIRAS', '15': '15 - COOBRIGACOES', '19': '19 - LIMITE',
};

const SUBDOMAINS: Readonly<Record<string, string>> = {
  '0202': 'CREDITO PESSOAL - COM CONSIGNACAO EM FOLHA DE PAGAMENTO',
  '0203': 'CREDITO PESSOAL - SEM CONSIGNACAO EM FOLHA DE PAGAMENTO',
  '0204': 'CREDITO ROTATIVO VINCULADO A CARTAO DE CREDITO',
  '0210': 'CARTAO DE CREDITO - COMPRA, FATURA PARCELADA OU SAQUE FINANCIADO',
  '0213': 'CHEQUE ESPECIAL',
  '0214': 'CONTA GARANTIDA',
  '0215': 'CAPITAL DE GIRO COM PRAZO DE VENCIMENTO ATE 365 DIAS',
  '0216': 'CAPITAL DE GIRO COM PRAZO DE VENCIMENTO SUPERIOR A 365 DIAS',
  '0301': 'DESCONTO DE DUPLICATAS',
  '0401': 'AQUISICAO DE BENS - VEICULOS AUTOMOTORES',
  '0402': 'AQUISICAO DE BENS - OUTROS BENS',
  '0901': 'FINANCIAMENTO HABITACIONAL - SFH',
  '1401': 'REPASSES INTERFINANCEIROS',
  '1513': 'BENEFICIARIOS DE OUTRAS COOBRIGACOES',
  '1902': 'CHEQUE ESPECIAL',
  '1903': 'CONTA GARANTIDA',
  '1904': 'CARTAO DE CREDITO',
  '1905': 'CAPITAL DE GIRO',
};

export function modality(code: string): Modality {
  const sub = SUBDOMAINS[code];
  const dom = DOMAINS[code.slice(0, 2)];
  if (!sub || !dom) throw new Error(`assertion: modality ${code} missing from the catalogue`);
  const group: ModalityGroup = code.startsWith('14') ? 'repasse' : code.startsWith('15') ? 'coobrigacao' : 'carteira';
  return { code, dominio: dom, subdominio: `${code.slice(2)} - ${sub}`, group };
}

/** The `tipo` of resumoModalidade for a maturity code of a modality. */
export function tipoOf(mod: Modality, maturityCode: string): string {
  if (mod.group === 'repasse') return 'REPASSES';
  if (mod.group === 'coobrigacao') return 'COOBRIGACOES';
  const bucket = MATURITY_BUCKETS[maturityCode];
  if (!bucket) throw new Error(`assertion: maturity code ${maturityCode} missing from the catalogue`);
  if ((VENCER_BUCKETS as readonly string[]).includes(bucket)) return 'A VENCER';
  if ((VENCIDO_BUCKETS as readonly string[]).includes(bucket)) return 'VENCIDO';
  if ((PREJUIZO_BUCKETS as readonly string[]).includes(bucket)) return 'PREJUIZO';
  if (bucket === 'creditosaLiberar') return 'CREDITOS A LIBERAR';
  return 'LIMITE';
}

/** Maturity code for an amount due `days` ahead (positive) of the reference date. */
export function vencerCodeFor(days: number): string {
  const bounds: readonly (readonly [number, string])[] = [
    [30, '110'], [60, '120'], [90, '130'], [180, '140'], [360, '150'], [720, '160'], [1080, '165'], [1440, '170'], [1800, '175'], [5400, '180'],
  ];
  return bounds.find(([max]) => days <= max)?.[1] ?? '190';
}

/** Maturity code for an amount overdue by `days`. */
export function vencidoCodeFor(days: number): string {
  const bounds: readonly (readonly [number, string])[] = [
    [14, '205'], [30, '210'], [60, '220'], [90, '230'], [120, '240'], [150, '245'], [180, '250'], [240, '255'], [300, '260'], [360, '270'], [540, '280'],
  ];
  return bounds.find(([max]) => days <= max)?.[1] ?? '290';
}
