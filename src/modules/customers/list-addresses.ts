// A customer's addresses as the partner sent them (for the operator CLI: `caas customer addresses`).
import type { Executor } from '../../platform/db/pool.js';
import { classifyDocument } from '../../platform/documents.js';
import { validationError } from '../../platform/errors.js';
import { listAddresses } from './address-repository.js';
import { AddressBusinessCode } from './address-plan.js';

export interface AddressView {
  codigo: string;
  cep: string;
  logradouro: string;
  nroLogradouro: string | null;
  bairro: string | null;
  complemento: string | null;
  cidade: string;
  uf: string;
  tipoEndereco: number | null;
  tipoResidencia: number | null;
  enderecoDesde: string | null;
  enderecoPrincipal: boolean;
  enderecoCorrespondencia: boolean;
}

/** Error codes: END015 (not a valid CPF/CNPJ). */
export async function customerAddresses(db: Executor, partnerId: string, documentoCliente: string): Promise<AddressView[]> {
  const document = classifyDocument(documentoCliente.trim());
  if (document === null) throw validationError(AddressBusinessCode.customerDocument, 'Documento do cliente inválido: informe um CPF ou CNPJ válido.', 'documentoCliente');
  const rows = await listAddresses(db, { partnerId, document: document.digits });
  return rows.map((r) => ({
    codigo: r.id,
    cep: r.cep,
    logradouro: r.logradouro,
    nroLogradouro: r.nro_logradouro,
    bairro: r.bairro,
    complemento: r.complemento,
    cidade: r.cidade,
    uf: r.uf,
    tipoEndereco: r.tipo_endereco,
    tipoResidencia: r.tipo_residencia,
    enderecoDesde: r.endereco_desde,
    enderecoPrincipal: r.principal,
    enderecoCorrespondencia: r.correspondencia,
  }));
}
