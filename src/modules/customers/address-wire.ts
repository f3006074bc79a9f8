// The interface's address (`dtos[i]` of Pessoa/SalvarEnderecos) ↔ the English AddressInput, and the
// wire path of each field, so every refusal names the field as the client sent it.
import type { AddressInput, AddressPaths } from './address-validation.js';

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
  if (wire === null || wire === undefined) return null;
  return {
    id: wire.codigo ?? null,
    postalCode: wire.cep ?? null,
    street: wire.logradouro ?? null,
    streetNumber: wire.nroLogradouro ?? null,
    district: wire.bairro ?? null,
    complement: wire.complemento ?? null,
    city: wire.cidade ?? null,
    state: wire.uf ?? null,
    addressType: wire.tipoEndereco ?? null,
    residenceType: wire.tipoResidencia ?? null,
    since: wire.enderecoDesde ?? null,
    main: wire.enderecoPrincipal ?? null,
    mailing: wire.enderecoCorrespondencia ?? null,
  };
}

/** The paths of the address at `dtos[index]`. */
export function addressPaths(index: number): AddressPaths {
  if (!Number.isInteger(index) || index < 0) throw new Error(`assertion: address index must be a natural number, got ${index}`);
  const item = `dtos[${index}]`;
  return {
    item,
    id: `${item}.codigo`,
    postalCode: `${item}.cep`,
    street: `${item}.logradouro`,
    streetNumber: `${item}.nroLogradouro`,
    district: `${item}.bairro`,
    complement: `${item}.complemento`,
    city: `${item}.cidade`,
    state: `${item}.uf`,
    addressType: `${item}.tipoEndereco`,
    residenceType: `${item}.tipoResidencia`,
    since: `${item}.enderecoDesde`,
    main: `${item}.enderecoPrincipal`,
    mailing: `${item}.enderecoCorrespondencia`,
  };
}
