// The sandbox's person result (bureauMixMaisPF) for a CPF.
import { addDays, brazilDateAt, dateToWire, localDate, type LocalDate } from '../../../platform/dates.js';
import type { PersonResult } from './bureau-types.js';
import { voterIdWithCheckDigits } from './documents.js';
import { addressIn, CITIES, landlineNumber, mobileNumber } from './geo.js';
import type { MagicBehaviour } from './magic.js';
import { personName, slug, surname } from './names.js';
import { Prng } from './prng.js';
import type { Section } from './products.js';
import {
  addressItems, hasRestriction, identity, inquiryItems, otherCities, phoneItems, recordItems, scores, withNulls, xmlOf,
} from './sandbox-common.js';

const AGE_MIN_YEARS = 19;
const AGE_MAX_YEARS = 78;
const STATUS_LOOKBACK_DAYS = 1800;
const MARITAL_STATUSES = ['SOLTEIRO(A)', 'CASADO(A)', 'DIVORCIADO(A)', 'VIUVO(A)', 'UNIAO ESTAVEL'] as const;
const COMPLEMENTS = ['APTO 12', 'APTO 304', 'CASA 2', 'BLOCO B APTO 41', 'FUNDOS'] as const;
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const; // RFC 2606: never deliverable

/** Last day (month, day) of each sign, in calendar order; Capricorn wraps the year. */
const SIGNS: readonly (readonly [number, number, string])[] = [
  [1, 19, 'CAPRICORNIO'], [2, 18, 'AQUARIO'], [3, 20, 'PEIXES'], [4, 19, 'ARIES'], [5, 20, 'TOURO'], [6, 20, 'GEMEOS'],
  [7, 22, 'CANCER'], [8, 22, 'LEAO'], [9, 22, 'VIRGEM'], [10, 22, 'LIBRA'], [11, 21, 'ESCORPIAO'], [12, 21, 'SAGITARIO'],
  [12, 31, 'CAPRICORNIO'],
];

export function signOf(birth: LocalDate): string {
  const [, m, d] = birth.split('-').map(Number) as [number, number, number];
  const sign = SIGNS.find(([month, lastDay]) => m < month || (m === month && d <= lastDay));
  if (!sign) throw new Error('assertion: every date has a sign');
  return sign[2];
}

export function ageAt(birth: LocalDate, today: LocalDate): number {
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return today.slice(5) < birth.slice(5) ? years - 1 : years;
}

/** Fields of the `cadastro` section (registration data, contacts, main address). */
const CADASTRO_FIELDS = [
  'dtNasc', 'email', 'estadoCivil', 'idade', 'nomeMae', 'nomePai', 'rg', 'rguf', 'nroTituloEleitor', 'sexo', 'signo',
  'telefoneCelular', 'telefoneResidencial', 'telefoneComercial', 'telefoneFax',
  'cep', 'logradouro', 'nroLogradouro', 'bairro', 'complemento', 'cidade', 'uf',
] as const satisfies readonly (keyof PersonResult)[];

const SCORE_FIELDS = ['score3Meses', 'score3MesesMSG', 'score12Meses', 'score12MesesMSG'] as const satisfies readonly (keyof PersonResult)[];

export interface BureauPart<R> {
  readonly result: R;
  readonly possuiRestricao: boolean;
}

function drawBirth(rng: Prng, today: LocalDate): LocalDate {
  const year = Number(today.slice(0, 4)) - rng.int(AGE_MIN_YEARS, AGE_MAX_YEARS);
  return localDate(`${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`);
}

export function personBureau(document: string, now: Date, behaviour: MagicBehaviour | null, sections: ReadonlySet<Section>): BureauPart<PersonResult> {
  const rng = Prng.from(document, 'bureau-pf');
  const id = identity(rng.fork('identity'), now);
  const today = brazilDateAt(now);
  const city = rng.pick(CITIES);
  const family = surname(rng);
  const name = personName(rng, rng.chance(50) ? 'F' : 'M', family);
  const birth = drawBirth(rng, today);
  const celular = { ddd: city.ddd, numero: mobileNumber(rng) };
  const residencial = rng.chance(70) ? { ddd: city.ddd, numero: landlineNumber(rng) } : null;
  const comercial = rng.chance(40) ? { ddd: city.ddd, numero: landlineNumber(rng) } : null;
  const main = addressIn(rng, city, COMPLEMENTS);
  const addresses = [main, ...otherCities(rng, city, CITIES, rng.int(0, 2)).map((c) => addressIn(rng, c, COMPLEMENTS))];
  const phones = [celular, residencial, comercial].filter((p): p is { ddd: string; numero: string } => p !== null);
  const items = rng.fork('items');
  const inquiries = inquiryItems(items, id.codigo, now, behaviour);
  const records = recordItems(items, id.codigo, now, behaviour, inquiries);
  const phoneArray = phoneItems(items, id.codigo, phones);
  const addressArray = addressItems(items, id.codigo, addresses);
  const full: PersonResult = {
    ...id,
    documentoFederal: document,
    dtNasc: dateToWire(birth),
    email: `${slug(name.firstName)}.${slug(family)}${rng.int(1, 99)}@${rng.pick(EMAIL_DOMAINS)}`,
    estadoCivil: rng.pick(MARITAL_STATUSES),
    idade: ageAt(birth, today),
    nome: name.fullName,
    nomeMae: personName(rng, 'F', surname(rng)).fullName,
    nomePai: personName(rng, 'M', family).fullName,
    rg: rng.digits(9),
    rguf: rng.chance(85) ? city.uf : rng.pick(CITIES).uf,
    nroTituloEleitor: voterIdWithCheckDigits(rng.digits(8), city.uf),
    sexo: name.sex,
    signo: signOf(birth),
    situacao: 'REGULAR',
    dtSituacao: dateToWire(addDays(today, -rng.int(30, STATUS_LOOKBACK_DAYS))),
    telefoneCelular: `${celular.ddd}${celular.numero}`,
    telefoneResidencial: residencial ? `${residencial.ddd}${residencial.numero}` : null,
    telefoneComercial: comercial ? `${comercial.ddd}${comercial.numero}` : null,
    telefoneFax: null,
    ...main,
    ...scores(rng.fork('score'), behaviour),
    xmlResult: null,
    bureauMixMaisPFTelefone: sections.has('telefones') ? phoneArray : [],
    bureauMixMaisPFConsultaDetalhe: sections.has('consultas') ? inquiries : [],
    bureauMixMaisPFEndereco: sections.has('enderecos') ? addressArray : [],
    bureauMixMaisPFConsultaRealizada: sections.has('restricoes') ? records : [],
  };
  let result = sections.has('cadastro') ? full : withNulls(full, CADASTRO_FIELDS);
  if (!sections.has('score')) result = withNulls(result, SCORE_FIELDS);
  if (sections.has('xml')) result = { ...result, xmlResult: xmlOf('bureauMixMaisPF', result) };
  return { result, possuiRestricao: hasRestriction(records) };
}
