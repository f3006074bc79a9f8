// The sandbox's fraud-base answer: a FraudReport serialised into `json`. Each optional
// identifier sent (Pix key, e-mail, mobile) adds a check to `verificacoes`, drawn from the
// document and the identifier together so the same pair always gives the same check.
import { addDays, brazilDateAt } from '../../../platform/dates.js';
import type { FraudBody, FraudIdentifierCheck, FraudMarking, FraudReport } from './fraud-types.js';
import type { MagicBehaviour } from './magic.js';
import type { FraudRequest, PhoneNumber } from './port.js';
import { Prng } from './prng.js';
import { instantDaysBefore } from './sandbox-common.js';

const MARKING_LOOKBACK_DAYS = 720;
const FIRST_SEEN_MAX_DAYS = 2_000;

const CATEGORIES: readonly { readonly categoria: string; readonly descricao: string }[] = [
  { categoria: 'CONTA LARANJA', descricao: 'Conta usada para receber recursos de terceiros vítimas de golpe.' },
  { categoria: 'GOLPE VIA PIX', descricao: 'Recebimento de transferências Pix contestadas como golpe.' },
  { categoria: 'FRAUDE DOCUMENTAL', descricao: 'Uso de documento adulterado ou de terceiro em abertura de conta.' },
  { categoria: 'ENGENHARIA SOCIAL', descricao: 'Participação em golpe de falsa central de atendimento.' },
  { categoria: 'TOMADA DE CONTA', descricao: 'Acesso indevido à conta de terceiro.' },
];

const REPORTERS: readonly string[] = ['BANCO', 'INSTITUICAO DE PAGAMENTO', 'COOPERATIVA DE CREDITO', 'SOCIEDADE DE CREDITO DIRETO'];

/** Keeps the first and last two characters; the answer must not echo an identifier whole. */
export function maskMiddle(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  return `${value.slice(0, 2)}${'*'.repeat(value.length - 4)}${value.slice(-2)}`;
}

function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? maskMiddle(email) : `${maskMiddle(email.slice(0, at))}${email.slice(at)}`;
}

function maskPhone(phone: PhoneNumber): string {
  return `+${phone.codigoPais} (${phone.ddd}) ${'*'.repeat(Math.max(0, phone.numero.length - 4))}${phone.numero.slice(-4)}`;
}

function marking(rng: Prng, now: Date, alvo: FraudMarking['alvo']): FraudMarking {
  const kind = rng.pick(CATEGORIES);
  return { alvo, categoria: kind.categoria, descricao: kind.descricao, origem: rng.pick(REPORTERS), dtMarcacao: instantDaysBefore(rng, now, rng.int(5, MARKING_LOOKBACK_DAYS)) };
}

function check(document: string, label: string, value: string, masked: string, now: Date, behaviour: MagicBehaviour | null): FraudIdentifierCheck {
  if (behaviour === 'no_record') return { valorMascarado: masked, marcado: false, vinculadoAoDocumento: false, primeiraOcorrencia: null };
  const rng = Prng.from(`${document}|${value}`, `fraud-${label}`);
  const linked = behaviour === 'fraud_high' || rng.chance(80);
  const firstSeen = linked ? addDays(brazilDateAt(now), -rng.int(30, FIRST_SEEN_MAX_DAYS)) : null;
  return { valorMascarado: masked, marcado: behaviour === 'fraud_high', vinculadoAoDocumento: linked, primeiraOcorrencia: firstSeen };
}

export function fraudReport(req: FraudRequest, now: Date, behaviour: MagicBehaviour | null): FraudBody {
  const rng = Prng.from(req.document, 'fraud');
  const high = behaviour === 'fraud_high';
  const marcacoes: FraudMarking[] = [];
  if (high) {
    const count = rng.int(1, 3);
    for (let i = 0; i < count; i++) marcacoes.push(marking(rng, now, 'DOCUMENTO'));
    if (req.chavePix) marcacoes.push(marking(rng, now, 'CHAVE_PIX'));
    if (req.email) marcacoes.push(marking(rng, now, 'EMAIL'));
    if (req.phone) marcacoes.push(marking(rng, now, 'CELULAR'));
  }
  const report: FraudReport = {
    documento: req.document,
    encontrado: behaviour !== 'no_record',
    nivelRisco: high ? 'ALTO' : 'BAIXO',
    pontuacaoRisco: high ? rng.int(80, 100) : behaviour === 'no_record' ? 0 : rng.int(0, 25),
    possuiMarcacao: marcacoes.length > 0,
    marcacoes,
    verificacoes: {
      chavePix: req.chavePix ? check(req.document, 'pix', req.chavePix, maskMiddle(req.chavePix), now, behaviour) : null,
      email: req.email ? check(req.document, 'email', req.email, maskEmail(req.email), now, behaviour) : null,
      celular: req.phone ? check(req.document, 'phone', `${req.phone.codigoPais}${req.phone.ddd}${req.phone.numero}`, maskPhone(req.phone), now, behaviour) : null,
    },
    dtConsulta: now.toISOString(),
  };
  return { falha: false, json: JSON.stringify(report) };
}
