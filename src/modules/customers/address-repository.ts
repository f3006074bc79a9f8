// Data access for customer addresses. Every query takes the partner id and filters by it: another
// partner's customer (even with the same document) is a different customer, and its addresses
// are invisible here. Takes and gives the English Address; the column names are the database's.
import type { Executor } from '../../platform/db/pool.js';
import type { LocalDate } from '../../platform/dates.js';
import { fromNames, toNames } from '../../platform/wire-names.js';
import type { Address, UF } from './address-validation.js';
import type { CustomerAddressesTable } from './tables.js';

export interface CustomerRef {
  partnerId: string;
  /** Bare CPF or CNPJ. */
  document: string;
}

/** A saved address: its record's id is known. */
export interface StoredAddress extends Address {
  id: string;
}

/** Each field of an address → its column. */
const ADDRESS_COLUMNS = {
  postalCode: 'cep',
  street: 'logradouro',
  streetNumber: 'nro_logradouro',
  district: 'bairro',
  complement: 'complemento',
  city: 'cidade',
  state: 'uf',
  addressType: 'tipo_endereco',
  residenceType: 'tipo_residencia',
  since: 'endereco_desde',
  main: 'principal',
  mailing: 'correspondencia',
} as const satisfies Readonly<Record<Exclude<keyof Address, 'id'>, keyof CustomerAddressesTable>>;

function addressOf(row: CustomerAddressesTable): StoredAddress {
  return { id: row.id, ...fromNames(ADDRESS_COLUMNS, row), state: row.uf as UF, since: row.endereco_desde as LocalDate | null };
}

function forCustomer(db: Executor, customer: CustomerRef) {
  return db.selectFrom('customer_addresses').where('partner_id', '=', customer.partnerId).where('customer_document', '=', customer.document);
}

/** The id of the customer's record `id`, if it exists. */
export function findAddressById(db: Executor, customer: CustomerRef, id: string): Promise<{ id: string } | undefined> {
  return forCustomer(db, customer).select('id').where('id', '=', id).executeTakeFirst();
}

/** The id of the customer's record with this postal code, if any. */
export function findAddressByPostalCode(db: Executor, customer: CustomerRef, postalCode: string): Promise<{ id: string } | undefined> {
  return forCustomer(db, customer).select('id').where('cep', '=', postalCode).executeTakeFirst();
}

/** The main address first, then by age and CEP (stable under a frozen clock). */
export async function listAddresses(db: Executor, customer: CustomerRef): Promise<StoredAddress[]> {
  const rows = await forCustomer(db, customer).selectAll().orderBy('principal', 'desc').orderBy('created_at').orderBy('cep').execute();
  return rows.map(addressOf);
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

const columnsOf = (address: Address) => toNames(ADDRESS_COLUMNS, address);

/**
 * Only one main and one mailing address per customer: the address being saved with the flag takes
 * it from the others (cleared first, so the partial unique indexes never see two).
 */
async function takeFlags(db: Executor, customer: CustomerRef, address: Address, now: Date): Promise<void> {
  for (const [flag, wanted] of [['principal', address.main], ['correspondencia', address.mailing]] as const) {
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
