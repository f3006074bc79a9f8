// One customer address of Pessoa/SalvarEnderecos, validated on its own so that one bad address
// does not lose the others. The input is in domain terms; the face gives the wire path of every
// field (`AddressPaths`, address-wire.ts), so a problem names the field as the client sent it
// (e.g. "dtos[2].cep").
// "Today" is an argument (the São Paulo calendar date of the request), never read from a clock.
import { type LocalDate, calendarDateOf, compareDates } from '../../platform/dates.js';
import type { Problems } from '../../platform/errors.js';
import { type FieldRef, codeField, invalid, textField, textOf } from '../../platform/fields.js';
import { RECORD_UUID_RE } from '../../platform/uuid.js';
import { STREET_LENGTH_MAX, STREET_NUMBER_LENGTH_MAX, DISTRICT_LENGTH_MAX, COMPLEMENT_LENGTH_MAX, CITY_LENGTH_MAX } from './limits.js';

/** One address as sent (every field checked by validateAddress). */
export interface AddressInput {
  /** The uuid of the record to update; absent = the record is looked up by postal code. */
  id?: string | null;
  /** CEP: 8 digits, with or without the dash. */
  postalCode?: string | null;
  street?: string | null;
  streetNumber?: string | null;
  district?: string | null;
  complement?: string | null;
  city?: string | null;
  /** UF: one of the 27 state abbreviations. */
  state?: string | null;
  /** ADDRESS_TYPES code. */
  addressType?: number | null;
  /** RESIDENCE_TYPES code. */
  residenceType?: number | null;
  /** Since when the customer lives there (yyyy-MM-dd or ISO 8601; not after today). */
  since?: string | null;
  main?: boolean | null;
  mailing?: boolean | null;
}

/** Where each field of the input (and the address itself, `item`) sits in the face's request. */
export type AddressPaths = Readonly<Record<keyof AddressInput | 'item', string>>;

/** A valid address, normalized (docs/glossary.md pairs each field with its wire name). */
export interface Address {
  /** Lower-case uuid of the record to update, or null: then the record is looked up by `postalCode`. */
  id: string | null;
  /** CEP: 8 digits, no dash. */
  postalCode: string;
  street: string;
  streetNumber: string | null;
  district: string | null;
  complement: string | null;
  city: string;
  /** UF. */
  state: UF;
  addressType: number | null;
  residenceType: number | null;
  since: LocalDate | null;
  main: boolean;
  mailing: boolean;
}

export const UFS = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;
export type UF = (typeof UFS)[number];
const UF_RE = new RegExp(`^(?:${UFS.join('|')})$`);

/** `addressType` codes (wire `tipoEndereco`; the interface references a table it does not show: ours). */
export const ADDRESS_TYPES: Readonly<Record<number, string>> = { 1: 'Residencial', 2: 'Comercial', 3: 'Rural', 4: 'Outro' };

/** `residenceType` codes (wire `tipoResidencia`; idem). */
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
  id: 'END001',
  postalCode: 'END002',
  street: 'END003',
  streetNumber: 'END004',
  district: 'END005',
  complement: 'END006',
  city: 'END007',
  state: 'END008',
  addressType: 'END009',
  residenceType: 'END010',
  since: 'END011',
} as const;

const CEP_RE = /^\d{5}-?\d{3}$/;

export function validateAddress(input: AddressInput | null | undefined, paths: AddressPaths, today: LocalDate, problems: Problems): Address | null {
  if (Object.values(paths).some((field) => field === '')) throw new Error('assertion: an address is always nested: give each field its path');
  if (input === null || input === undefined) {
    problems.add(AddressCode.item, 'O endereço deve ser informado.', paths.item);
    return null;
  }
  const at = (name: Exclude<keyof typeof AddressCode, 'item'>): FieldRef => ({ field: paths[name], code: AddressCode[name] });
  const before = problems.count;
  const id = textField(problems, input.id, at('id'), { label: 'Código do endereço', required: false, lengthMax: 36, pattern: RECORD_UUID_RE, expected: 'informe o uuid devolvido quando o endereço foi salvo' });
  const postalCode = textField(problems, input.postalCode, at('postalCode'), { label: 'CEP', required: true, lengthMax: 9, pattern: CEP_RE, expected: 'informe 8 dígitos, por exemplo 01310-100 ou 01310100' });
  const street = textField(problems, input.street, at('street'), { label: 'Logradouro', required: true, lengthMax: STREET_LENGTH_MAX });
  const streetNumber = textField(problems, input.streetNumber, at('streetNumber'), { label: 'Número', required: false, lengthMax: STREET_NUMBER_LENGTH_MAX });
  const district = textField(problems, input.district, at('district'), { label: 'Bairro', required: false, lengthMax: DISTRICT_LENGTH_MAX });
  const complement = textField(problems, input.complement, at('complement'), { label: 'Complemento', required: false, lengthMax: COMPLEMENT_LENGTH_MAX });
  const city = textField(problems, input.city, at('city'), { label: 'Cidade', required: true, lengthMax: CITY_LENGTH_MAX });
  const state = textField(problems, input.state, at('state'), { label: 'UF', required: true, lengthMax: 2, upper: true, pattern: UF_RE, expected: 'informe a sigla de um dos 27 estados, por exemplo SP' });
  const addressType = codeField(problems, input.addressType, at('addressType'), { label: 'Tipo de endereço', required: false, allowed: ADDRESS_TYPES });
  const residenceType = codeField(problems, input.residenceType, at('residenceType'), { label: 'Tipo de residência', required: false, allowed: RESIDENCE_TYPES });
  const since = sinceField(problems, input.since, at('since'), today);
  if (problems.count > before) return null;
  if (postalCode === null || street === null || city === null || state === null) {
    throw new Error('assertion: a required address field is null without a problem');
  }
  return {
    id: id?.toLowerCase() ?? null,
    postalCode: postalCode.replace('-', ''),
    street,
    streetNumber,
    district,
    complement,
    city,
    state: state as UF,
    addressType,
    residenceType,
    since,
    main: input.main ?? false,
    mailing: input.mailing ?? false,
  };
}

/** `since`: optional; a date or ISO timestamp (its calendar date), not after today. */
function sinceField(problems: Problems, value: string | null | undefined, at: FieldRef, today: LocalDate): LocalDate | null {
  const text = textOf(value);
  if (text === null) return null;
  const date = calendarDateOf(text);
  if (date === null) return invalid(problems, 'Endereço desde', 'informe uma data yyyy-MM-dd ou data-hora ISO 8601', at);
  if (compareDates(date, today) > 0) return invalid(problems, 'Endereço desde', 'a data não pode estar no futuro', at);
  return date;
}
