// Name material for sandbox people and companies. Upper case without accents, as registries
// print them. Everything is invented: combinations are random, not real people or firms.
import type { Prng } from './prng.js';

const FEMALE_NAMES: readonly string[] = [
  'MARIA', 'ANA', 'JULIANA', 'FERNANDA', 'PATRICIA', 'ALINE', 'CAMILA', 'BEATRIZ', 'LUCIANA', 'MARCIA',
  'ADRIANA', 'VANESSA', 'RENATA', 'CLAUDIA', 'LETICIA', 'GABRIELA', 'LARISSA', 'SANDRA', 'TATIANE', 'HELENA',
];

const MALE_NAMES: readonly string[] = [
  'JOSE', 'JOAO', 'ANTONIO', 'FRANCISCO', 'CARLOS', 'PAULO', 'PEDRO', 'LUCAS', 'MARCOS', 'RAFAEL',
  'DANIEL', 'EDUARDO', 'RODRIGO', 'FELIPE', 'GUSTAVO', 'BRUNO', 'THIAGO', 'LEANDRO', 'ANDRE', 'FABIO',
];

const SURNAMES: readonly string[] = [
  'SILVA', 'SANTOS', 'OLIVEIRA', 'SOUZA', 'RODRIGUES', 'FERREIRA', 'ALVES', 'PEREIRA', 'LIMA', 'GOMES',
  'COSTA', 'RIBEIRO', 'MARTINS', 'CARVALHO', 'ALMEIDA', 'LOPES', 'SOARES', 'FERNANDES', 'VIEIRA', 'BARBOSA',
  'ROCHA', 'DIAS', 'NASCIMENTO', 'ANDRADE', 'MOREIRA', 'NUNES', 'MARQUES', 'MACHADO', 'MENDES', 'FREITAS',
];

const COMPANY_WORDS: readonly string[] = [
  'HORIZONTE', 'AURORA', 'PRIMAVERA', 'ATLANTICO', 'CENTRAL', 'PIONEIRA', 'ESTRELA', 'NOVA ERA', 'SOL NASCENTE',
  'VALE VERDE', 'BOA ESPERANCA', 'SERRA AZUL', 'TRES RIOS', 'PLANALTO', 'LITORAL', 'CRUZEIRO',
];

export type Sex = 'M' | 'F';

export interface PersonName {
  readonly sex: Sex;
  readonly firstName: string;
  readonly fullName: string;
  readonly surname: string;
}

export function surname(rng: Prng): string {
  return rng.pick(SURNAMES);
}

export function personName(rng: Prng, sex: Sex, familyName: string): PersonName {
  const firstName = rng.pick(sex === 'F' ? FEMALE_NAMES : MALE_NAMES);
  const middle = rng.pick(SURNAMES);
  const fullName = middle === familyName ? `${firstName} ${familyName}` : `${firstName} ${middle} ${familyName}`;
  return { sex, firstName, fullName, surname: familyName };
}

export function companyWord(rng: Prng): string {
  return rng.pick(COMPANY_WORDS);
}

/** Lower-case ASCII slug for e-mail addresses and domains. */
export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** Fictitious creditors that consult documents (the ...ConsultaDetalhe items). */
export const INQUIRERS: readonly { readonly name: string; readonly segment: string }[] = [
  { name: 'FINANCEIRA HORIZONTE S.A.', segment: 'FINANCEIRA' },
  { name: 'BANCO ATLANTICO S.A.', segment: 'BANCO' },
  { name: 'COOPERATIVA DE CREDITO VALE VERDE', segment: 'COOPERATIVA DE CREDITO' },
  { name: 'LOJAS PRIMAVERA LTDA', segment: 'VAREJO' },
  { name: 'TELEFONIA CRUZEIRO S.A.', segment: 'TELECOMUNICACOES' },
  { name: 'ENERGIA PLANALTO S.A.', segment: 'SERVICOS PUBLICOS' },
  { name: 'AUTO FINANCIAMENTOS AURORA S.A.', segment: 'FINANCEIRA' },
  { name: 'FACTORING SERRA AZUL LTDA', segment: 'FOMENTO MERCANTIL' },
];
