// One customer address of Pessoa/SalvarEnderecos (`dtos[i]`), validated on its own so that one
// bad address does not lose the others: every problem is reported under "dtos[i].<field>".
// "Today" is an argument (the São Paulo calendar date of the request), never read from a clock.
import { type LocalDate, calendarDateOf, compareDates } from '../../platform/dates.js';
import type { Problems } from '../../platform/errors.js';
import { type FieldRef, codeField, fieldPath, invalid, textField, textOf } from '../../platform/fields.js';
import { RECORD_UUID_RE } from '../../platform/uuid.js';
import { STREET_LENGTH_MAX, STREET_NUMBER_LENGTH_MAX, DISTRICT_LENGTH_MAX, COMPLEMENT_LENGTH_MAX, CITY_LENGTH_MAX } from './limits.js';

export interface AddressInput {
  codigo?: string | null;
  cep?: string | null;
  logradouro?: string | null;
  nroLogradouro?: string | null;
  bairro?: string | null;
  complemento?: string | null;
  cidade?: string | null;
  uf?: string | null;
  tipoEndereco?: number | null;
  tipoResidencia?: number | null;
  enderecoDesde?: string | null;
  enderecoPrincipal?: boolean | null;
  enderecoCorrespondencia?: boolean | null;
}

export interface Address {
  /** Lower-case uuid of the record to update, or null: then the record is looked up by `cep`. */
  codigo: string | null;
  /** 8 digits, no dash. */
  cep: string;
  logradouro: string;
  nroLogradouro: string | null;
  bairro: string | null;
  complemento: string | null;
  cidade: string;
  uf: UF;
  tipoEndereco: number | null;
  tipoResidencia: number | null;
  enderecoDesde: LocalDate | null;
  enderecoPrincipal: boolean;
  enderecoCorrespondencia: boolean;
}

export const UFS = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;
export type UF = (typeof UFS)[number];
const UF_RE = new RegExp(`^(?:${UFS.join('|')})$`);

/** `tipoEndereco` codes (the interface references a table it does not show: ours). */
export const ADDRESS_TYPES: Readonly<Record<number, string>> = { 1: 'Residencial', 2: 'Comercial', 3: 'Rural', 4: 'Outro' };

/** `tipoResidencia` codes (idem). */
export const RESIDENCE_TYPES: Readonly<Record<number, string>> = {
  1: 'Própria quitada',
  2: 'Própria financiada',
  3: 'Alugada',
  4: 'Familiar',
  5: 'Cedida ou funcional',
  6: 'Outra',
};


/** Catalogue of the address codes (docs/validation.md). */
export const AddressCode = {
  item: 'END000',
  codigo: 'END001',
  cep: 'END002',
  logradouro: 'END003',
  nroLogradouro: 'END004',
  bairro: 'END005',
  complemento: 'END006',
  cidade: 'END007',
  uf: 'END008',
  tipoEndereco: 'END009',
  tipoResidencia: 'END010',
  enderecoDesde: 'END011',
} as const;

const CEP_RE = /^\d{5}-?\d{3}$/;

export function validateAddress(input: AddressInput | null | undefined, index: number, today: LocalDate, problems: Problems): Address | null {
  if (!Number.isInteger(index) || index < 0) throw new Error(`assertion: address index must be a natural number, got ${index}`);
  const prefix = `dtos[${index}]`;
  if (input === null || input === undefined) {
    problems.add(AddressCode.item, 'O endereço deve ser informado.', prefix);
    return null;
  }
  const at = (name: Exclude<keyof typeof AddressCode, 'item'>): FieldRef => ({ field: fieldPath(prefix, name), code: AddressCode[name] });
  const before = problems.count;
  const codigo = textField(problems, input.codigo, at('codigo'), { label: 'Código do endereço', required: false, lengthMax: 36, pattern: RECORD_UUID_RE, expected: 'informe o uuid devolvido quando o endereço foi salvo' });
  const cep = textField(problems, input.cep, at('cep'), { label: 'CEP', required: true, lengthMax: 9, pattern: CEP_RE, expected: 'informe 8 dígitos, por exemplo 01310-100 ou 01310100' });
  const logradouro = textField(problems, input.logradouro, at('logradouro'), { label: 'Logradouro', required: true, lengthMax: STREET_LENGTH_MAX });
  const nroLogradouro = textField(problems, input.nroLogradouro, at('nroLogradouro'), { label: 'Número', required: false, lengthMax: STREET_NUMBER_LENGTH_MAX });
  const bairro = textField(problems, input.bairro, at('bairro'), { label: 'Bairro', required: false, lengthMax: DISTRICT_LENGTH_MAX });
  const complemento = textField(problems, input.complemento, at('complemento'), { label: 'Complemento', required: false, lengthMax: COMPLEMENT_LENGTH_MAX });
  const cidade = textField(problems, input.cidade, at('cidade'), { label: 'Cidade', required: true, lengthMax: CITY_LENGTH_MAX });
  const uf = textField(problems, input.uf, at('uf'), { label: 'UF', required: true, lengthMax: 2, upper: true, pattern: UF_RE, expected: 'informe a sigla de um dos 27 estados, por exemplo SP' });
  const tipoEndereco = codeField(problems, input.tipoEndereco, at('tipoEndereco'), { label: 'Tipo de endereço', required: false, allowed: ADDRESS_TYPES });
  const tipoResidencia = codeField(problems, input.tipoResidencia, at('tipoResidencia'), { label: 'Tipo de residência', required: false, allowed: RESIDENCE_TYPES });
  const enderecoDesde = sinceField(problems, input.enderecoDesde, at('enderecoDesde'), today);
  if (problems.count > before) return null;
  if (cep === null || logradouro === null || cidade === null || uf === null) {
    throw new Error('assertion: a required address field is null without a problem');
  }
  return {
    codigo: codigo?.toLowerCase() ?? null,
    cep: cep.replace('-', ''),
    logradouro,
    nroLogradouro,
    bairro,
    complemento,
    cidade,
    uf: uf as UF,
    tipoEndereco,
    tipoResidencia,
    enderecoDesde,
    enderecoPrincipal: input.enderecoPrincipal ?? false,
    enderecoCorrespondencia: input.enderecoCorrespondencia ?? false,
  };
}

/** `enderecoDesde`: optional; a date or ISO timestamp (its calendar date), not after today. */
function sinceField(problems: Problems, value: string | null | undefined, at: FieldRef, today: LocalDate): LocalDate | null {
  const text = textOf(value);
  if (text === null) return null;
  const date = calendarDateOf(text);
  if (date === null) return invalid(problems, 'Endereço desde', 'informe uma data yyyy-MM-dd ou data-hora ISO 8601', at);
  if (compareDates(date, today) > 0) return invalid(problems, 'Endereço desde', 'a data não pode estar no futuro', at);
  return date;
}
