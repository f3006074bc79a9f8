// What saving one valid address does, decided from what the customer already has (pure).
// The interface's rule: "to update, send `codigo`; otherwise the record is looked up by `cep`".
import { MessageType, type Message } from '../../platform/errors.js';
import type { Address, AddressPaths } from './address-validation.js';
import { ADDRESSES_PER_CUSTOMER_MAX } from './limits.js';


/** Business codes of Pessoa/SalvarEnderecos (the field codes END000–END011 are in address-validation.ts). */
export const AddressBusinessCode = {
  unknownCodigo: 'END012',
  cepTaken: 'END013',
  tooMany: 'END014',
  customerDocument: 'END015',
  noAddresses: 'END016',
} as const;

/** The customer's existing records that matter for one address. */
export interface AddressMatches {
  /** The record named by `codigo` (absent when no codigo was sent or none matched). */
  byCodigo: { id: string } | undefined;
  /** The customer's record with the address's CEP. */
  byCep: { id: string } | undefined;
  /** How many addresses the customer has now. */
  count: number;
}

export type AddressPlan = { kind: 'insert' } | { kind: 'update'; id: string } | { kind: 'refuse'; message: Message };

function refuse(code: string, description: string, field: string): AddressPlan {
  return { kind: 'refuse', message: { messageType: MessageType.business, code, context: '', description, field } };
}

export function planAddress(address: Address, paths: Pick<AddressPaths, 'item' | 'id' | 'postalCode'>, matches: AddressMatches): AddressPlan {
  if (address.codigo !== null) {
    if (matches.byCodigo === undefined) {
      return refuse(AddressBusinessCode.unknownCodigo, `Endereço ${address.codigo} não encontrado para este cliente.`, paths.id);
    }
    if (matches.byCep !== undefined && matches.byCep.id !== matches.byCodigo.id) {
      return refuse(AddressBusinessCode.cepTaken, `O cliente já tem outro endereço com o CEP ${address.cep} (código ${matches.byCep.id}).`, paths.postalCode);
    }
    return { kind: 'update', id: matches.byCodigo.id };
  }
  if (matches.byCep !== undefined) return { kind: 'update', id: matches.byCep.id };
  if (matches.count >= ADDRESSES_PER_CUSTOMER_MAX) {
    return refuse(AddressBusinessCode.tooMany, `O cliente já tem ${ADDRESSES_PER_CUSTOMER_MAX} endereços, o máximo permitido.`, paths.item);
  }
  return { kind: 'insert' };
}
