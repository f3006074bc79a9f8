// Pieces shared by the sandbox's person and company bureau results: identity, scores, the four
// arrays (phones, addresses, inquiries, negative records) and the raw XML.
import { dec, fromCents, roundCents } from '../../../platform/money.js';
import type { Address, City } from './geo.js';
import type { AddressItem, InquiryDetailItem, PhoneItem, RecordSummaryItem } from './bureau-types.js';
import type { MagicBehaviour } from './magic.js';
import { INQUIRERS } from './names.js';
import type { Prng } from './prng.js';
import { SCORE_MAX, PD_PERCENT_MAX } from '../limits.js';

const MS_PER_DAY = 86_400_000;
const INQUIRY_LOOKBACK_DAYS = 90;
const RECORD_LOOKBACK_DAYS = 720;
/** Scale of the sandbox's made-up probability of default: PD(3 months) = 40% × (1 − score/1000)². */
const PD_3_MONTHS_SCALE_PERCENT = 40;
const PD_12_MONTHS_FACTOR = '2.2';

export interface Identity {
  readonly id: number;
  readonly codigo: string;
  readonly protocolo: string;
  readonly dtInclusao: string;
}

export function identity(rng: Prng, now: Date): Identity {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return { id: rng.int(1_000_000, 99_999_999), codigo: rng.uuid(), protocolo: `SBX${day}${rng.digits(8)}`, dtInclusao: now.toISOString() };
}

/** An instant `days` whole days (plus a drawn time of day) before `now`. */
export function instantDaysBefore(rng: Prng, now: Date, days: number): string {
  const ms = now.getTime() - days * MS_PER_DAY - rng.int(0, MS_PER_DAY / 1000 - 1) * 1000;
  return new Date(ms).toISOString();
}

export interface Scores {
  readonly score3Meses: number;
  readonly score3MesesMSG: string;
  readonly score12Meses: number;
  readonly score12MesesMSG: string;
}

function band(score: number): string {
  if (score <= 300) return 'Risco muito alto';
  if (score <= 500) return 'Risco alto';
  if (score <= 700) return 'Risco médio';
  if (score <= 850) return 'Risco baixo';
  return 'Risco muito baixo';
}

function scoreMessage(score: number, months: 3 | 12): string {
  const gap = dec(SCORE_MAX - score).dividedBy(SCORE_MAX);
  const pd3 = gap.times(gap).times(PD_3_MONTHS_SCALE_PERCENT);
  const pd = months === 3 ? pd3 : pd3.times(PD_12_MONTHS_FACTOR);
  const capped = pd.greaterThan(PD_PERCENT_MAX) ? dec(PD_PERCENT_MAX) : pd;
  const text = roundCents(capped).toFixed(2).replace('.', ',');
  return `${band(score)}: probabilidade de inadimplência de ${text}% em ${months} meses`;
}

export function scores(rng: Prng, behaviour: MagicBehaviour | null): Scores {
  const [low, high] = behaviour === 'restriction' ? [120, 380] : [560, 980];
  const s3 = rng.int(low, high);
  const s12 = Math.min(SCORE_MAX, Math.max(0, s3 + rng.int(-60, 40)));
  return { score3Meses: s3, score3MesesMSG: scoreMessage(s3, 3), score12Meses: s12, score12MesesMSG: scoreMessage(s12, 12) };
}

interface ItemKeys {
  readonly id: number;
  readonly codigo: string;
  readonly codigoConsulta: string;
}

function itemKeys(rng: Prng, codigoConsulta: string): ItemKeys {
  return { id: rng.int(1_000_000, 99_999_999), codigo: rng.uuid(), codigoConsulta };
}

export function phoneItems(rng: Prng, codigoConsulta: string, phones: readonly { ddd: string; numero: string }[]): PhoneItem[] {
  return phones.map((p) => ({ ...itemKeys(rng, codigoConsulta), ddd: p.ddd, numero: p.numero, qtde: rng.int(1, 6) }));
}

export function addressItems(rng: Prng, codigoConsulta: string, addresses: readonly Address[]): AddressItem[] {
  return addresses.map((a) => ({ ...itemKeys(rng, codigoConsulta), ...a }));
}

export function inquiryItems(rng: Prng, codigoConsulta: string, now: Date, behaviour: MagicBehaviour | null): InquiryDetailItem[] {
  const count = behaviour === 'restriction' ? rng.int(3, 8) : rng.int(0, 4);
  const days = Array.from({ length: count }, () => rng.int(1, INQUIRY_LOOKBACK_DAYS - 1)).sort((a, b) => a - b);
  return days.map((d) => {
    const inquirer = rng.pick(INQUIRERS);
    return { ...itemKeys(rng, codigoConsulta), nomeAssociado: inquirer.name, dtConsulta: instantDaysBefore(rng, now, d), entidadeOrigem: inquirer.segment };
  });
}

/** Negative-record kinds of ...ConsultaRealizada; the last one only counts inquiries. */
export const RECORD_KINDS = [
  { item: 'PENDENCIAS FINANCEIRAS', restrictive: true, centsRange: [15_000, 2_500_000] },
  { item: 'PROTESTOS', restrictive: true, centsRange: [30_000, 5_000_000] },
  { item: 'CHEQUES SEM FUNDO', restrictive: true, centsRange: [5_000, 300_000] },
  { item: 'ACOES JUDICIAIS', restrictive: true, centsRange: [100_000, 10_000_000] },
  { item: 'FALENCIAS E RECUPERACOES JUDICIAIS', restrictive: true, centsRange: [0, 0] },
  { item: 'CONSULTAS NOS ULTIMOS 90 DIAS', restrictive: false, centsRange: [0, 0] },
] as const;

/** Which restrictive kinds the restriction magic document carries, with their counts. */
const RESTRICTION_COUNTS: Readonly<Record<string, readonly [number, number]>> = {
  'PENDENCIAS FINANCEIRAS': [1, 4],
  PROTESTOS: [1, 2],
  'CHEQUES SEM FUNDO': [0, 2],
};

export function recordItems(rng: Prng, codigoConsulta: string, now: Date, behaviour: MagicBehaviour | null, inquiries: readonly InquiryDetailItem[]): RecordSummaryItem[] {
  return RECORD_KINDS.map((kind) => {
    const keys = itemKeys(rng, codigoConsulta);
    if (!kind.restrictive) {
      return { ...keys, item: kind.item, qtde: inquiries.length, dtUltOcorrencia: inquiries[0]?.dtConsulta ?? null, valor: fromCents(0) };
    }
    const range = behaviour === 'restriction' ? RESTRICTION_COUNTS[kind.item] : undefined;
    const qtde = range ? rng.int(range[0], range[1]) : 0;
    let cents = 0;
    for (let i = 0; i < qtde; i++) cents += rng.int(kind.centsRange[0], kind.centsRange[1]);
    const dtUltOcorrencia = qtde > 0 ? instantDaysBefore(rng, now, rng.int(10, RECORD_LOOKBACK_DAYS)) : null;
    return { ...keys, item: kind.item, qtde, dtUltOcorrencia, valor: fromCents(cents) };
  });
}

export function hasRestriction(records: readonly RecordSummaryItem[]): boolean {
  const restrictive = new Set<string>(RECORD_KINDS.filter((k) => k.restrictive).map((k) => k.item));
  return records.some((r) => restrictive.has(r.item) && r.qtde > 0);
}

/** Several addresses: the main one first, then older ones in cities of the same state or elsewhere. */
export function otherCities(rng: Prng, main: City, cities: readonly City[], count: number): City[] {
  const sameState = cities.filter((c) => c.uf === main.uf);
  return Array.from({ length: count }, () => (rng.chance(60) ? rng.pick(sameState) : rng.pick(cities)));
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A flat XML rendering of a result's scalar fields (what a bureau's raw answer looks like). */
export function xmlOf(root: string, fields: object): string {
  const body = Object.entries(fields)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => `<${k}>${escapeXml(String(v))}</${k}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><${root}>${body}</${root}>`;
}

/** A copy of `obj` with `fields` set to null (used to trim sections a product does not fill). */
export function withNulls<T extends object>(obj: T, fields: readonly (keyof T)[]): T {
  const copy = { ...obj } as Record<string, unknown>;
  for (const f of fields) copy[f as string] = null;
  return copy as T;
}
