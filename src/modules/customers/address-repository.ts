// Data access for customer addresses. Every query takes the partner id and filters by it: another
// partner's customer (even with the same document) is a different customer, and its addresses
// are invisible here.
import type { Executor } from '../../platform/db/pool.js';
import type { Address } from './address-validation.js';
import type { CustomerAddressesTable } from './tables.js';

export interface CustomerRef {
  partnerId: string;
  /** Bare CPF or CNPJ. */
  document: string;
}

export type AddressRow = CustomerAddressesTable;

function forCustomer(db: Executor, customer: CustomerRef) {
  return db.selectFrom('customer_addresses').selectAll().where('partner_id', '=', customer.partnerId).where('customer_document', '=', customer.document);
}

export function findAddressById(db: Executor, customer: CustomerRef, id: string): Promise<AddressRow | undefined> {
  return forCustomer(db, customer).where('id', '=', id).executeTakeFirst();
}

export function findAddressByCep(db: Executor, customer: CustomerRef, cep: string): Promise<AddressRow | undefined> {
  return forCustomer(db, customer).where('cep', '=', cep).executeTakeFirst();
}

/** The main address first, then by age and CEP (stable under a frozen clock). */
export function listAddresses(db: Executor, customer: CustomerRef): Promise<AddressRow[]> {
  return forCustomer(db, customer).orderBy('principal', 'desc').orderBy('created_at').orderBy('cep').execute();
}

export async function countAddresses(db: Executor, customer: CustomerRef): Promise<number> {
  const row = await db
    .selectFrom('customer_addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('partner_id', '=', customer.partnerId)
    .where('customer_document', '=', customer.document)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function columnsOf(address: Address) {
  return {
    cep: address.cep,
    logradouro: address.logradouro,
    nro_logradouro: address.nroLogradouro,
    bairro: address.bairro,
    complemento: address.complemento,
    cidade: address.cidade,
    uf: address.uf,
    tipo_endereco: address.tipoEndereco,
    tipo_residencia: address.tipoResidencia,
    endereco_desde: address.enderecoDesde,
    principal: address.enderecoPrincipal,
    correspondencia: address.enderecoCorrespondencia,
  };
}

/**
 * Only one main and one mailing address per customer: the address being saved with the flag takes
 * it from the others (cleared first, so the partial unique indexes never see two).
 */
async function takeFlags(db: Executor, customer: CustomerRef, address: Address, now: Date): Promise<void> {
  for (const [flag, wanted] of [['principal', address.enderecoPrincipal], ['correspondencia', address.enderecoCorrespondencia]] as const) {
    if (!wanted) continue;
    await db
      .updateTable('customer_addresses')
      .set({ [flag]: false, updated_at: now })
      .where('partner_id', '=', customer.partnerId)
      .where('customer_document', '=', customer.document)
      .where(flag, '=', true)
      .execute();
  }
}

export async function insertAddress(db: Executor, customer: CustomerRef, id: string, address: Address, now: Date): Promise<void> {
  await takeFlags(db, customer, address, now);
  await db
    .insertInto('customer_addresses')
    .values({ id, partner_id: customer.partnerId, customer_document: customer.document, ...columnsOf(address), created_at: now, updated_at: now })
    .execute();
}

/** Replaces every field of the address (the request carries the whole address). */
export async function updateAddress(db: Executor, customer: CustomerRef, id: string, address: Address, now: Date): Promise<void> {
  await takeFlags(db, customer, address, now);
  const result = await db
    .updateTable('customer_addresses')
    .set({ ...columnsOf(address), updated_at: now })
    .where('partner_id', '=', customer.partnerId)
    .where('customer_document', '=', customer.document)
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Error(`assertion: address ${id} vanished under the customer lock`);
}
