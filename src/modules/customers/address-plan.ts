// What saving one valid address does, decided from what the customer already has (pure).
// The interface's rule: "to update, send `codigo` (id); otherwise the record is looked up by `cep`
// (postal code)".
import { MessageType, type Message } from '../../platform/errors.js';
import type { Address, AddressPaths } from './address-validation.js';
import { ADDRESSES_PER_CUSTOMER_MAX } from './limits.js';


/** Business codes of Pessoa/SalvarEnderecos (the field codes END000–END011 are in address-validation.ts). */
export const AddressBusinessCode = {
  unknownId: 'END012',
  postalCodeTaken: 'END013',
  tooMany: 'END014',
  customerDocument: 'END015',
  noAddresses: 'END016',
} as const;

/** The customer's existing records that matter for one address. */
export interface AddressMatches {
  /** The record named by the address's id (absent when no id was sent or none matched). */
  byId: { id: string } | undefined;
  /** The customer's record with the address's postal code. */
  byPostalCode: { id: string } | undefined;
  /** How many addresses the customer has now. */
  count: number;
}

export type AddressPlan = { kind: 'insert' } | { kind: 'update'; id: string } | { kind: 'refuse'; message: Message };

function refuse(code: string, description: string, field: string): AddressPlan {
  return { kind: 'refuse', message: { messageType: MessageType.business, code, context: '', description, field } };
}

export function planAddress(address: Address, paths: Pick<AddressPaths, 'item' | 'id' | 'postalCode'>, matches: AddressMatches): AddressPlan {
  if (address.id !== null) {
    if (matches.byId === undefined) {
      return refuse(AddressBusinessCode.unknownId, `Endereço ${address.id} não encontrado para este cliente.`, paths.id);
    }
    if (matches.byPostalCode !== undefined && matches.byPostalCode.id !== matches.byId.id) {
      return refuse(AddressBusinessCode.postalCodeTaken, `O cliente já tem outro endereço com o CEP ${address.postalCode} (código ${matches.byPostalCode.id}).`, paths.postalCode);
    }
    return { kind: 'update', id: matches.byId.id };
  }
  if (matches.byPostalCode !== undefined) return { kind: 'update', id: matches.byPostalCode.id };
  if (matches.count >= ADDRESSES_PER_CUSTOMER_MAX) {
    return refuse(AddressBusinessCode.tooMany, `O cliente já tem ${ADDRESSES_PER_CUSTOMER_MAX} endereços, o máximo permitido.`, paths.item);
  }
  return { kind: 'insert' };
}
