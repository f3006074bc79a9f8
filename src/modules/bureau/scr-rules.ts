// Pure rules of Bureau/ConsultarSCR: the customer's consent (dtAceiteCliente) and the reference
// month (dataBaseMes/dataBaseAno) checked against what the SCR has published. "Today" is the São
// Paulo calendar date of the injected instant.
import { brazilDateAt, calendarDateOf, compareDates, daysBetween, type LocalDate } from '../../platform/dates.js';
import type { Problems } from '../../platform/errors.js';
import { textOf } from '../../platform/fields.js';
import { BureauCode, consultedDocument, type ConsultedDocument } from './query-rules.js';
import type { ScrWindowSettings } from './settings.js';

/** Partners' clocks drift: a consent stamped a few minutes "ahead" of ours is still now. */
export const CONSENT_CLOCK_SKEW_MS = 5 * 60_000;
/** São Paulo has had no daylight-saving time since 2019: a time without zone is UTC−3. */
const SAO_PAULO_OFFSET = '-03:00';
const ZONE_RE = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const MONTH_RE = /^\d{1,2}$/;
const YEAR_RE = /^\d{4}$/;

export interface YearMonth {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
}

/** A Bureau/ConsultarSCR request as sent (each field read and checked here). */
export interface ScrRequest {
  /** CPF or CNPJ, masks accepted. */
  readonly document: string | null;
  /** The reference month ("7" or "07") and year (4 digits). */
  readonly referenceMonth: string | null;
  readonly referenceYear: string | null;
  /** When the customer consented (a date or an instant). */
  readonly consentAt: string | null;
}

export interface ScrQuery {
  readonly document: ConsultedDocument;
  readonly reference: YearMonth;
  readonly consentAt: Date;
}

const indexOf = (ym: YearMonth): number => ym.year * 12 + (ym.month - 1);
const fromIndex = (index: number): YearMonth => ({ year: Math.floor(index / 12), month: (index % 12) + 1 });

/** "MM/YYYY", as the answer's `periodo`. */
export function monthText(ym: YearMonth): string {
  return `${String(ym.month).padStart(2, '0')}/${ym.year}`;
}

/** "YYYY-MM", as stored in the audit trail. */
export function monthKey(ym: YearMonth): string {
  return `${ym.year}-${String(ym.month).padStart(2, '0')}`;
}

/** The latest data-base the SCR has published on `today`: month M is out from day D of M + lag. */
export function latestPublishedMonth(today: LocalDate, s: ScrWindowSettings): YearMonth {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const lag = s.publicationLag_months + (d >= s.publicationDay ? 0 : 1);
  return fromIndex(y * 12 + (m - 1) - lag);
}

/** The oldest consultable data-base: `history_months` published months, the latest included. */
export function earliestConsultableMonth(latest: YearMonth, s: ScrWindowSettings): YearMonth {
  return fromIndex(indexOf(latest) - (s.history_months - 1));
}

function referenceMonth(problems: Problems, input: ScrRequest, today: LocalDate, s: ScrWindowSettings): YearMonth | null {
  const monthField = 'consulta.dataBaseMes';
  const monthRaw = textOf(input.referenceMonth);
  const yearText = textOf(input.referenceYear);
  const month = monthRaw !== null && MONTH_RE.test(monthRaw) ? Number(monthRaw) : null;
  const monthOk = month !== null && month >= 1 && month <= 12;
  const yearOk = yearText !== null && YEAR_RE.test(yearText);
  if (!monthOk) {
    const what = monthRaw === null ? 'O campo dataBaseMes é obrigatório' : 'O campo dataBaseMes é inválido';
    problems.add(BureauCode.month, `${what}: informe o mês de 1 a 12 ("7" ou "07").`, monthField);
  }
  if (!yearOk) {
    const what = yearText === null ? 'O campo dataBaseAno é obrigatório' : 'O campo dataBaseAno é inválido';
    problems.add(BureauCode.year, `${what}: informe o ano com 4 dígitos.`, 'consulta.dataBaseAno');
  }
  if (!monthOk || !yearOk) return null;
  const reference: YearMonth = { year: Number(yearText), month: month as number };
  const latest = latestPublishedMonth(today, s);
  const earliest = earliestConsultableMonth(latest, s);
  if (indexOf(reference) > indexOf(latest)) {
    problems.add(BureauCode.monthNotPublished, `A data-base ${monthText(reference)} ainda não foi publicada pelo SCR; a mais recente disponível é ${monthText(latest)}.`, monthField);
    return null;
  }
  if (indexOf(reference) < indexOf(earliest)) {
    problems.add(
      BureauCode.monthTooOld,
      `A data-base ${monthText(reference)} é anterior à mais antiga consultável (${monthText(earliest)}): o SCR é consultado nos últimos ${s.history_months} meses publicados.`,
      monthField,
    );
    return null;
  }
  return reference;
}

/** The consent instant: a date alone is the start of that day in São Paulo; a time without zone is São Paulo time. */
export function consentInstant(text: string): Date | null {
  const normalized = text.trim().replace(' ', 'T');
  const withZone = normalized.length === 10 ? `${normalized}T00:00:00${SAO_PAULO_OFFSET}` : ZONE_RE.test(normalized) ? normalized : `${normalized}${SAO_PAULO_OFFSET}`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? null : new Date(ms);
}

function consent(problems: Problems, value: string | null | undefined, now: Date, s: ScrWindowSettings): Date | null {
  const field = 'consulta.dtAceiteCliente';
  const text = textOf(value);
  const at = text === null ? null : consentInstant(text);
  const date = text === null ? null : calendarDateOf(text);
  if (text === null || at === null || date === null) {
    const why = text === null ? 'é obrigatório' : 'é inválido';
    problems.add(BureauCode.consentMissing, `O campo dtAceiteCliente ${why}: a consulta ao SCR exige a data e hora do consentimento do cliente (Res. CMN 5.037/2022).`, field);
    return null;
  }
  const today = brazilDateAt(now);
  const dateOnly = text.length === 10;
  const future = dateOnly ? compareDates(date, today) > 0 : at.getTime() > now.getTime() + CONSENT_CLOCK_SKEW_MS;
  if (future) {
    problems.add(BureauCode.consentFuture, 'A data do consentimento do cliente (dtAceiteCliente) não pode estar no futuro.', field);
    return null;
  }
  const age_days = daysBetween(dateOnly ? date : brazilDateAt(at), today);
  if (age_days > s.consentValidity_days) {
    problems.add(
      BureauCode.consentExpired,
      `O consentimento do cliente (dtAceiteCliente) tem ${age_days} dias e vale por ${s.consentValidity_days} dias: colha um novo consentimento antes de consultar o SCR.`,
      field,
    );
    return null;
  }
  return at;
}

/** Bureau/ConsultarSCR: BUR001, BUR010–BUR016. Returns null exactly when a problem was added. */
export function validateScrConsulta(input: ScrRequest, now: Date, s: ScrWindowSettings, problems: Problems): ScrQuery | null {
  const before = problems.count;
  const document = consultedDocument(problems, input.document);
  const reference = referenceMonth(problems, input, brazilDateAt(now), s);
  const consentAt = consent(problems, input.consentAt, now, s);
  if (problems.count > before || document === null || reference === null || consentAt === null) return null;
  return { document, reference, consentAt };
}
