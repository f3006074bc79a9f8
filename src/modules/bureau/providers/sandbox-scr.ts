// The sandbox's SCR report (ConsultarSCR body) for a document and reference month.
import { addDays, brazilDateAt, dateToWire } from '../../../platform/dates.js';
import { fromCents, sum, ZERO, type Decimal } from '../../../platform/money.js';
import type { MagicBehaviour } from './magic.js';
import type { ScrRequest } from './port.js';
import { Prng } from './prng.js';
import { drawPortfolio } from './sandbox-scr-ops.js';
import type { ScrBody, ScrClientSummary, ScrTranslatedSummary } from './scr-types.js';
import { modalitySummaries, operationSummaries, translatedSummary, type ScrCounts, type ScrOperation } from './scr-translate.js';
import { INSTITUTIONS_MAX } from '../limits.js';

const RELATIONSHIP_MIN_DAYS = 400;
const RELATIONSHIP_MAX_DAYS = 9_000;
/** SCR client types: 1 = CPF, 2 = CNPJ. */
const CLIENT_TYPE = { PF: '1', PJ: '2' } as const;

export const SCR_NO_RECORD_MESSAGE = { codigo: 'SBX-SCR-0001', mensagem: 'Cliente não possui operações no SCR na data-base consultada.' } as const;

export interface ScrSandboxSettings {
  /** CNPJ of the institution asking (cnpjDaIfSolicitante). */
  readonly requesterCnpj: string;
}

function referenceTexts(req: ScrRequest): { dataBase: string; periodo: string } {
  const mm = String(req.referenceMonth).padStart(2, '0');
  return { dataBase: `${req.referenceYear}-${mm}`, periodo: `${mm}/${req.referenceYear}` };
}

/** "99.87": a share drawn in hundredths of a percent, printed without binary floats. */
function percentText(rng: Prng): string {
  const hundredths = rng.int(9_700, 10_000);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

function totalOf(ops: readonly ScrOperation[]): Decimal {
  return sum(ops.flatMap((op) => op.maturities.map((m) => m.amount)));
}

function clientSummary(
  req: ScrRequest, settings: ScrSandboxSettings, rng: Prng, t: ScrTranslatedSummary, ops: readonly ScrOperation[], coobrigacaoRecebida: Decimal,
): ScrClientSummary {
  return {
    cnpjDaIfSolicitante: settings.requesterCnpj,
    codigoDoCliente: req.document,
    dataBaseConsultada: referenceTexts(req).dataBase,
    dataInicioRelacionamento: t.dtInicioRelacionamento,
    percentualDocumentosProcessados: ops.length === 0 ? '100.00' : percentText(rng),
    percentualVolumeProcessado: ops.length === 0 ? '100.00' : percentText(rng),
    tipoDoCliente: CLIENT_TYPE[req.personType],
    coobrigacaoAssumida: t.coobrigacoes,
    coobrigacaoAssumidaSpecified: !t.coobrigacoes.isZero(),
    coobrigacaoRecebida,
    coobrigacaoRecebidaSpecified: !coobrigacaoRecebida.isZero(),
    quantidadeDeInstituicoes: t.qtdeInstituicoes,
    quantidadeDeOperacoes: t.qtdeOperacoes,
    quantidadeOperacoesDiscordancia: t.qtdeOperacoesDiscordancia,
    quantidadeOperacoesSubJudice: t.qtdeOperacoesSobJudice,
    responsabilidadeTotalDiscordancia: t.vlrOperacoesDiscordancia,
    responsabilidadeTotalDiscordanciaSpecified: !t.vlrOperacoesDiscordancia.isZero(),
    responsabilidadeTotalSubJudice: t.vlrOperacoesSobJudice,
    responsabilidadeTotalSubJudiceSpecified: !t.vlrOperacoesSobJudice.isZero(),
    riscoIndiretoVendor: t.riscoIndiretoVendor,
    riscoIndiretoVendorSpecified: !t.riscoIndiretoVendor.isZero(),
    listaDeMensagensDeValidacao: ops.length === 0 ? [SCR_NO_RECORD_MESSAGE] : [],
    listaDeResumoDasOperacoes: operationSummaries(ops),
  };
}

function report(req: ScrRequest, settings: ScrSandboxSettings, rng: Prng, ops: readonly ScrOperation[], subJudice: readonly ScrOperation[], now: Date): ScrBody {
  const isPj = req.personType === 'PJ';
  const counts: ScrCounts = {
    dtInicioRelacionamento: ops.length === 0 ? null : dateToWire(addDays(brazilDateAt(now), -rng.int(RELATIONSHIP_MIN_DAYS, RELATIONSHIP_MAX_DAYS))),
    qtdeInstituicoes: ops.length === 0 ? 0 : rng.int(1, Math.min(ops.length, INSTITUTIONS_MAX)),
    qtdeOperacoes: ops.length,
    qtdeOperacoesDiscordancia: 0,
    vlrOperacoesDiscordancia: ZERO,
    qtdeOperacoesSobJudice: subJudice.length,
    vlrOperacoesSobJudice: totalOf(subJudice),
    riscoIndiretoVendor: isPj && rng.chance(20) ? fromCents(rng.int(1_000_000, 20_000_000)) : ZERO,
  };
  const coobrigacaoRecebida = isPj && rng.chance(25) ? fromCents(rng.int(500_000, 10_000_000)) : ZERO;
  const t = translatedSummary(ops, counts);
  return {
    erro: false,
    mensagemOperador: ops.length === 0 ? SCR_NO_RECORD_MESSAGE.mensagem : null,
    periodo: referenceTexts(req).periodo,
    resumoDoCliente: clientSummary(req, settings, rng, t, ops, coobrigacaoRecebida),
    resumoDoClienteTraduzido: t,
    resumoModalidade: modalitySummaries(ops),
  };
}

export function scrReport(req: ScrRequest, now: Date, behaviour: MagicBehaviour | null, settings: ScrSandboxSettings): ScrBody {
  const rng = Prng.from(req.document, 'scr');
  const portfolio = drawPortfolio(rng.fork('portfolio'), req.personType, behaviour === 'scr_overdue');
  return report(req, settings, rng, portfolio.operations, portfolio.subJudice, now);
}

/** The answer for a client without operations: zero totals and a validation message. */
export function scrNoRecord(req: ScrRequest, now: Date, settings: ScrSandboxSettings): ScrBody {
  return report(req, settings, Prng.from(req.document, 'scr'), [], [], now);
}
