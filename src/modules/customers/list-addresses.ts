// A customer's addresses as the partner sent them (for the operator CLI: `caas customer addresses`).
import type { Executor } from '../../platform/db/pool.js';
import { classifyDocument } from '../../platform/documents.js';
import { validationError } from '../../platform/errors.js';
import { listAddresses } from './address-repository.js';
import { AddressBusinessCode } from './address-plan.js';
import { type AddressView, addressView } from './address-wire.js';

export type { AddressView };

/** Error codes: END015 (not a valid CPF/CNPJ). */
export async function customerAddresses(db: Executor, partnerId: string, customerDocument: string): Promise<AddressView[]> {
  const document = classifyDocument(customerDocument.trim());
  if (document === null) throw validationError(AddressBusinessCode.customerDocument, 'Documento do cliente inválido: informe um CPF ou CNPJ válido.', 'documentoCliente');
  return (await listAddresses(db, { partnerId, document: document.digits })).map(addressView);
}
