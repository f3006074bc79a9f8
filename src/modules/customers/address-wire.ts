// The interface's address (`dtos[i]` of Pessoa/SalvarEnderecos) ↔ the English AddressInput, the
// wire path of each field (so every refusal names the field as the client sent it) and the wire
// view of a stored address: one table of names (docs/glossary.md), read by platform/wire-names.ts.
import { fromWire, toNames, wirePaths } from '../../platform/wire-names.js';
import type { AddressInput, AddressPaths } from './address-validation.js';
import type { StoredAddress } from './address-repository.js';

/** English field → the interface's field. */
export const ADDRESS_WIRE_NAMES = {
  id: 'codigo',
  postalCode: 'cep',
  street: 'logradouro',
  streetNumber: 'nroLogradouro',
  district: 'bairro',
  complement: 'complemento',
  city: 'cidade',
  state: 'uf',
  addressType: 'tipoEndereco',
  residenceType: 'tipoResidencia',
  since: 'enderecoDesde',
  main: 'enderecoPrincipal',
  mailing: 'enderecoCorrespondencia',
} as const satisfies Readonly<Record<keyof AddressInput, string>>;

/** One address as the interface writes it (save-addresses.schema.ts). */
export interface AddressWire {
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

export function addressInput(wire: AddressWire | null | undefined): AddressInput | null {
  return wire === null || wire === undefined ? null : fromWire(ADDRESS_WIRE_NAMES, wire);
}

/** The paths of the address at `dtos[index]`. */
export function addressPaths(index: number): AddressPaths {
  if (!Number.isInteger(index) || index < 0) throw new Error(`assertion: address index must be a natural number, got ${index}`);
  const item = `dtos[${index}]`;
  return { item, ...wirePaths(ADDRESS_WIRE_NAMES, item) };
}

/** A stored address as the interface names its fields (the operator CLI's `caas customer addresses`). */
export type AddressView = ReturnType<typeof addressView>;

export function addressView(address: StoredAddress) {
  return toNames(ADDRESS_WIRE_NAMES, address);
}
