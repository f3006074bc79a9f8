// Places for sandbox addresses and phones. Each city carries its UF, its area code (DDD) and the
// range of CEP prefixes the Correios assign to it, so a generated address is internally
// consistent: the CEP falls in the city's range, the UF matches, the phone's DDD is the city's.
import type { Prng } from './prng.js';
import { CEP_STREET_SUFFIX_MAX } from '../limits.js';

export interface City {
  readonly name: string;
  readonly uf: string;
  readonly ddd: string;
  /** First and last five-digit CEP prefix of the city (inclusive). */
  readonly cepPrefixFrom: number;
  readonly cepPrefixTo: number;
}

export const CITIES: readonly City[] = [
  { name: 'SAO PAULO', uf: 'SP', ddd: '11', cepPrefixFrom: 1000, cepPrefixTo: 5999 },
  { name: 'CAMPINAS', uf: 'SP', ddd: '19', cepPrefixFrom: 13010, cepPrefixTo: 13099 },
  { name: 'RIO DE JANEIRO', uf: 'RJ', ddd: '21', cepPrefixFrom: 20000, cepPrefixTo: 23799 },
  { name: 'NITEROI', uf: 'RJ', ddd: '21', cepPrefixFrom: 24000, cepPrefixTo: 24399 },
  { name: 'BELO HORIZONTE', uf: 'MG', ddd: '31', cepPrefixFrom: 30000, cepPrefixTo: 31999 },
  { name: 'UBERLANDIA', uf: 'MG', ddd: '34', cepPrefixFrom: 38400, cepPrefixTo: 38415 },
  { name: 'VITORIA', uf: 'ES', ddd: '27', cepPrefixFrom: 29000, cepPrefixTo: 29099 },
  { name: 'CURITIBA', uf: 'PR', ddd: '41', cepPrefixFrom: 80000, cepPrefixTo: 82999 },
  { name: 'LONDRINA', uf: 'PR', ddd: '43', cepPrefixFrom: 86000, cepPrefixTo: 86099 },
  { name: 'FLORIANOPOLIS', uf: 'SC', ddd: '48', cepPrefixFrom: 88000, cepPrefixTo: 88099 },
  { name: 'JOINVILLE', uf: 'SC', ddd: '47', cepPrefixFrom: 89200, cepPrefixTo: 89239 },
  { name: 'PORTO ALEGRE', uf: 'RS', ddd: '51', cepPrefixFrom: 90000, cepPrefixTo: 91999 },
  { name: 'SALVADOR', uf: 'BA', ddd: '71', cepPrefixFrom: 40000, cepPrefixTo: 42499 },
  { name: 'RECIFE', uf: 'PE', ddd: '81', cepPrefixFrom: 50000, cepPrefixTo: 52999 },
  { name: 'FORTALEZA', uf: 'CE', ddd: '85', cepPrefixFrom: 60000, cepPrefixTo: 61599 },
  { name: 'NATAL', uf: 'RN', ddd: '84', cepPrefixFrom: 59000, cepPrefixTo: 59139 },
  { name: 'JOAO PESSOA', uf: 'PB', ddd: '83', cepPrefixFrom: 58000, cepPrefixTo: 58099 },
  { name: 'MACEIO', uf: 'AL', ddd: '82', cepPrefixFrom: 57000, cepPrefixTo: 57099 },
  { name: 'ARACAJU', uf: 'SE', ddd: '79', cepPrefixFrom: 49000, cepPrefixTo: 49098 },
  { name: 'TERESINA', uf: 'PI', ddd: '86', cepPrefixFrom: 64000, cepPrefixTo: 64099 },
  { name: 'SAO LUIS', uf: 'MA', ddd: '98', cepPrefixFrom: 65000, cepPrefixTo: 65109 },
  { name: 'BELEM', uf: 'PA', ddd: '91', cepPrefixFrom: 66000, cepPrefixTo: 66999 },
  { name: 'MANAUS', uf: 'AM', ddd: '92', cepPrefixFrom: 69000, cepPrefixTo: 69099 },
  { name: 'MACAPA', uf: 'AP', ddd: '96', cepPrefixFrom: 68900, cepPrefixTo: 68914 },
  { name: 'BOA VISTA', uf: 'RR', ddd: '95', cepPrefixFrom: 69300, cepPrefixTo: 69339 },
  { name: 'RIO BRANCO', uf: 'AC', ddd: '68', cepPrefixFrom: 69900, cepPrefixTo: 69923 },
  { name: 'PORTO VELHO', uf: 'RO', ddd: '69', cepPrefixFrom: 76800, cepPrefixTo: 76834 },
  { name: 'PALMAS', uf: 'TO', ddd: '63', cepPrefixFrom: 77000, cepPrefixTo: 77270 },
  { name: 'GOIANIA', uf: 'GO', ddd: '62', cepPrefixFrom: 74000, cepPrefixTo: 74899 },
  { name: 'CUIABA', uf: 'MT', ddd: '65', cepPrefixFrom: 78000, cepPrefixTo: 78099 },
  { name: 'CAMPO GRANDE', uf: 'MS', ddd: '67', cepPrefixFrom: 79000, cepPrefixTo: 79124 },
  { name: 'BRASILIA', uf: 'DF', ddd: '61', cepPrefixFrom: 70000, cepPrefixTo: 72799 },
];

const STREETS: readonly string[] = [
  'RUA DAS FLORES', 'AVENIDA BRASIL', 'RUA SETE DE SETEMBRO', 'RUA XV DE NOVEMBRO', 'AVENIDA GETULIO VARGAS',
  'RUA DOM PEDRO II', 'RUA TIRADENTES', 'AVENIDA SANTOS DUMONT', 'RUA DOS ANDRADAS', 'RUA BARAO DO RIO BRANCO',
  'AVENIDA INDEPENDENCIA', 'RUA MARECHAL DEODORO', 'RUA SAO JOSE', 'AVENIDA DAS AMERICAS', 'RUA DAS PALMEIRAS',
];

const DISTRICTS: readonly string[] = [
  'CENTRO', 'JARDIM AMERICA', 'VILA NOVA', 'SANTA MONICA', 'BOA VISTA', 'SAO JOSE', 'JARDIM EUROPA',
  'PARQUE INDUSTRIAL', 'VILA MARIANA', 'BELA VISTA', 'SANTO ANTONIO', 'NOVA ESPERANCA',
];


export interface Address {
  readonly cep: string;
  readonly logradouro: string;
  readonly nroLogradouro: string;
  readonly bairro: string;
  readonly complemento: string | null;
  readonly cidade: string;
  readonly uf: string;
}

export function cepIn(rng: Prng, city: City): string {
  const prefix = rng.int(city.cepPrefixFrom, city.cepPrefixTo);
  const suffix = rng.int(0, CEP_STREET_SUFFIX_MAX);
  return `${String(prefix).padStart(5, '0')}${String(suffix).padStart(3, '0')}`;
}

export function addressIn(rng: Prng, city: City, complementOptions: readonly string[]): Address {
  return {
    cep: cepIn(rng, city),
    logradouro: rng.pick(STREETS),
    nroLogradouro: String(rng.int(1, 3999)),
    bairro: rng.pick(DISTRICTS),
    complemento: rng.chance(40) ? rng.pick(complementOptions) : null,
    cidade: city.name,
    uf: city.uf,
  };
}

/** Mobile numbers: nine digits starting with 9 then 6–9 (Anatel's SMP numbering). */
export function mobileNumber(rng: Prng): string {
  return `9${rng.int(6, 9)}${rng.digits(7)}`;
}

/** Landline numbers: eight digits starting with 2–5 (fixed-line STFC numbering). */
export function landlineNumber(rng: Prng): string {
  return `${rng.int(2, 5)}${rng.digits(7)}`;
}
