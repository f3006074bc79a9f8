// The sandbox's company result (bureaupj) for a CNPJ.
import { getCnae, getLegalNature, getStates } from '@brazilian-utils/brazilian-utils';
import { fromCents } from '../../../platform/money.js';
import { addDays, brazilDateAt, dateToWire } from '../../../platform/dates.js';
import type { CompanyResult } from './bureau-types.js';
import { addressIn, CITIES, landlineNumber, mobileNumber } from './geo.js';
import type { MagicBehaviour } from './magic.js';
import { companyWord, personName, slug, surname } from './names.js';
import { Prng } from './prng.js';
import type { Section } from './products.js';
import {
  addressItems, hasRestriction, identity, inquiryItems, otherCities, phoneItems, recordItems, scores, withNulls, xmlOf,
} from './sandbox-common.js';
import type { BureauPart } from './sandbox-pf.js';
import { IE_EXEMPT, stateRegistration } from './state-registration.js';

const FOUNDATION_MIN_DAYS = 365;
const FOUNDATION_MAX_DAYS = 365 * 40;
const CAPITAL_MIN_CENTS = 1_000_000; // R$ 10.000,00
const CAPITAL_MAX_CENTS = 500_000_000; // R$ 5.000.000,00
const COMPLEMENTS = ['SALA 101', 'LOJA 2', 'GALPAO 3', 'CONJUNTO 45', 'ANDAR 7'] as const;

/** Main activities (CNAE subclass) with the word used in the company name; `icms` activities
 * are registered with the state (they get an inscrição estadual), the others are exempt. */
const ACTIVITIES = [
  { cnae: '4711302', noun: 'SUPERMERCADOS', icms: true },
  { cnae: '4781400', noun: 'MODAS', icms: true },
  { cnae: '4930202', noun: 'TRANSPORTES', icms: true },
  { cnae: '5611201', noun: 'RESTAURANTE', icms: true },
  { cnae: '4120400', noun: 'CONSTRUCOES', icms: false },
  { cnae: '6201501', noun: 'TECNOLOGIA', icms: false },
  { cnae: '7020400', noun: 'CONSULTORIA', icms: false },
  { cnae: '8630503', noun: 'CLINICA MEDICA', icms: false },
] as const;

/** Legal natures (Receita Federal table) with the name suffix and NIRE company-type digit. */
const NATURES = [
  { code: '2062', suffix: 'LTDA', nireType: '2' },
  { code: '2054', suffix: 'S.A.', nireType: '3' },
  { code: '2135', suffix: null, nireType: '1' },
] as const;

const CADASTRO_FIELDS = [
  'dataFundacao', 'razaoSocialAnterior', 'nomeComercial', 'homePage', 'email', 'inscricaoEstadual', 'numeroNIRENIRC',
  'valorCapitalSocial', 'situacaoIE', 'dtSituacaoIE', 'naturezaJuridica', 'atividades', 'telefone', 'telefoneFax',
  'cep', 'logradouro', 'nroLogradouro', 'bairro', 'complemento', 'cidade', 'uf',
] as const satisfies readonly (keyof CompanyResult)[];

const SCORE_FIELDS = ['score3Meses', 'score3MesesMSG', 'score12Meses', 'score12MesesMSG'] as const satisfies readonly (keyof CompanyResult)[];

function cnaeText(code: string): string {
  const cnae = getCnae(code);
  if (!cnae) throw new Error(`assertion: CNAE ${code} missing from the table`);
  return `${code.slice(0, 4)}-${code.slice(4, 5)}/${code.slice(5)} - ${cnae.description}`;
}

function natureText(code: string): string {
  const nature = getLegalNature(code);
  if (!nature) throw new Error(`assertion: legal nature ${code} missing from the table`);
  return `${code.slice(0, 3)}-${code.slice(3)} - ${nature.description}`;
}

function ibgeCodeOf(uf: string): string {
  const state = getStates().find((s) => s.code === uf);
  if (!state) throw new Error(`assertion: unknown state ${uf}`);
  return String(state.ibgeCode);
}

function companyName(rng: Prng, noun: string, suffix: string | null): string {
  if (suffix === null) return personName(rng, rng.chance(50) ? 'F' : 'M', surname(rng)).fullName;
  return `${companyWord(rng)} ${noun} ${suffix}`;
}

export function companyBureau(document: string, now: Date, behaviour: MagicBehaviour | null, sections: ReadonlySet<Section>): BureauPart<CompanyResult> {
  const rng = Prng.from(document, 'bureau-pj');
  const id = identity(rng.fork('identity'), now);
  const today = brazilDateAt(now);
  const city = rng.pick(CITIES);
  const activity = rng.pick(ACTIVITIES);
  const nature = rng.pick(NATURES);
  const name = companyName(rng, activity.noun, nature.suffix);
  const tradeName = `${companyWord(rng)} ${activity.noun}`;
  const founded = addDays(today, -rng.int(FOUNDATION_MIN_DAYS, FOUNDATION_MAX_DAYS));
  const ie = activity.icms ? stateRegistration(rng.fork('ie'), city.uf) : IE_EXEMPT;
  const phone = { ddd: city.ddd, numero: landlineNumber(rng) };
  const fax = rng.chance(20) ? { ddd: city.ddd, numero: landlineNumber(rng) } : null;
  const mobile = { ddd: city.ddd, numero: mobileNumber(rng) };
  const main = addressIn(rng, city, COMPLEMENTS);
  const addresses = [main, ...otherCities(rng, city, CITIES, rng.int(0, 2)).map((c) => addressIn(rng, c, COMPLEMENTS))];
  const items = rng.fork('items');
  const inquiries = inquiryItems(items, id.codigo, now, behaviour);
  const records = recordItems(items, id.codigo, now, behaviour, inquiries);
  const phoneArray = phoneItems(items, id.codigo, fax ? [phone, fax, mobile] : [phone, mobile]);
  const addressArray = addressItems(items, id.codigo, addresses);
  const site = slug(tradeName);
  const full: CompanyResult = {
    ...id,
    documentoFederal: document,
    dataFundacao: dateToWire(founded),
    razaoSocial: name,
    razaoSocialAnterior: rng.chance(15) ? companyName(rng, activity.noun, nature.suffix) : null,
    nomeComercial: tradeName,
    homePage: `www.${site}.example.com`,
    email: `contato@${site}.example.com`,
    inscricaoEstadual: ie,
    numeroNIRENIRC: `${ibgeCodeOf(city.uf)}${nature.nireType}${rng.digits(8)}`,
    valorCapitalSocial: fromCents(rng.int(CAPITAL_MIN_CENTS, CAPITAL_MAX_CENTS)).toFixed(2),
    situacaoRFB: 'ATIVA',
    dtSituacaoRFB: dateToWire(founded),
    situacaoIE: ie === IE_EXEMPT ? null : 'HABILITADA',
    dtSituacaoIE: ie === IE_EXEMPT ? null : dateToWire(addDays(founded, rng.int(5, 60))),
    naturezaJuridica: natureText(nature.code),
    atividades: cnaeText(activity.cnae),
    telefone: `${phone.ddd}${phone.numero}`,
    telefoneFax: fax ? `${fax.ddd}${fax.numero}` : null,
    ...main,
    ...scores(rng.fork('score'), behaviour),
    xmlResult: null,
    bureaupjTelefone: sections.has('telefones') ? phoneArray : [],
    bureaupjConsultaDetalhe: sections.has('consultas') ? inquiries : [],
    bureaupjEndereco: sections.has('enderecos') ? addressArray : [],
    bureaupjConsultaRealizada: sections.has('restricoes') ? records : [],
  };
  let result = sections.has('cadastro') ? full : withNulls(full, CADASTRO_FIELDS);
  if (!sections.has('score')) result = withNulls(result, SCORE_FIELDS);
  if (sections.has('xml')) result = { ...result, xmlResult: xmlOf('bureaupj', result) };
  return { result, possuiRestricao: hasRestriction(records) };
}
