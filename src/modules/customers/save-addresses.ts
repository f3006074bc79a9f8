// Pessoa/SalvarEnderecos in domain terms (issue 13): the command `customer.addresses.save` inserts
// or updates the addresses of one customer, one outcome per address, in order. Run by the command
// runner (save-addresses.route.ts maps the wire body in and the result out): the runner holds the
// customer's lock, the transaction, the idempotency record and the audit.
import { randomUUID } from 'node:crypto';
import type { Actor, CommandContext, CommandDefinition } from '../../platform/commands.js';
import { LIMITS } from '../../platform/config/limits.js';
import { brazilDateAt } from '../../platform/dates.js';
import { documentField } from '../../platform/documents.js';
import { DomainError, MessageType, Problems, type Message } from '../../platform/errors.js';
import { countAddresses, findAddressByPostalCode, findAddressById, insertAddress, updateAddress, type CustomerRef } from './address-repository.js';
import { AddressBusinessCode, planAddress } from './address-plan.js';
import { validateAddress, type AddressInput, type AddressPaths } from './address-validation.js';

export interface SaveAddressesInput {
  /** The customer's CPF or CNPJ as sent (checked by the command). */
  customerDocument: string | null;
  /** The addresses, in order (each checked on its own: address-validation.ts). */
  addresses: readonly (AddressInput | null)[];
  /** Where each field sits in the request: a refusal names it. */
  paths: SaveAddressesPaths;
}

export interface SaveAddressesPaths {
  customerDocument: string;
  addresses: string;
  /** One per address, in order. */
  address: readonly AddressPaths[];
}

export type AddressOutcome = 'inserted' | 'updated' | 'refused';

export interface SavedAddress {
  outcome: AddressOutcome;
  /** The record's id (null when refused). */
  id: string | null;
  /** Why it was refused (empty otherwise). */
  messages: Message[];
}

export interface SaveAddressesResult {
  addresses: SavedAddress[];
}

const refused = (messages: Message[]): SavedAddress => ({ outcome: 'refused', id: null, messages });

/** Digits of a document as sent, for the lock name (the command checks the document itself). */
const digitsOf = (document: string | null): string => (document ?? '').replace(/\D/g, '');

/** Request-level checks: whose addresses, and that there is at least one. */
function customerOf(input: SaveAddressesInput, partnerId: string): CustomerRef {
  const problems = new Problems();
  const document = documentField(problems, input.customerDocument, { field: input.paths.customerDocument, code: AddressBusinessCode.customerDocument }, 'Documento do cliente');
  if (input.addresses.length === 0) problems.add(AddressBusinessCode.noAddresses, `Informe ao menos um endereço em ${input.paths.addresses}.`, input.paths.addresses);
  problems.throwIfAny();
  if (document === null) throw new Error('assertion: a null document without a problem');
  return { partnerId, document: document.digits };
}

async function saveOne(ctx: CommandContext, customer: CustomerRef, item: AddressInput | null, paths: AddressPaths | undefined): Promise<SavedAddress> {
  if (paths === undefined) throw new Error('assertion: every address has its paths');
  const problems = new Problems();
  const address = validateAddress(item, paths, brazilDateAt(ctx.now), problems);
  if (address === null) return refused(problems.messages());
  const byId = address.id === null ? undefined : await findAddressById(ctx.tx, customer, address.id);
  const byPostalCode = await findAddressByPostalCode(ctx.tx, customer, address.postalCode);
  const plan = planAddress(address, paths, { byId, byPostalCode, count: await countAddresses(ctx.tx, customer) });
  if (plan.kind === 'refuse') return refused([plan.message]);
  if (plan.kind === 'update') {
    await updateAddress(ctx.tx, customer, plan.id, address, ctx.now);
    return { outcome: 'updated', id: plan.id, messages: [] };
  }
  const id = randomUUID();
  await insertAddress(ctx.tx, customer, id, address, ctx.now);
  return { outcome: 'inserted', id, messages: [] };
}

/**
 * Items are applied in order, each one checked before anything of it is written, so a bad address
 * never leaves a partial write and never stops the others. When at least one address is saved the
 * result lists every outcome (the refused ones with their messages); when none is, nothing changed
 * and the command fails with every item's messages.
 *
 * Error codes: END015 (documentoCliente missing or not a valid CPF/CNPJ), END016 (no address),
 * per item END000–END011 (address fields, address-validation.ts), END012 (codigo not found for
 * this customer), END013 (update would give the customer two addresses with one CEP), END014
 * (the customer already has ADDRESSES_PER_CUSTOMER_MAX addresses).
 */
async function save(input: SaveAddressesInput, ctx: CommandContext): Promise<SaveAddressesResult> {
  const customer = customerOf(input, ctx.actor.id);
  const addresses: SavedAddress[] = [];
  for (const [index, item] of input.addresses.entries()) addresses.push(await saveOne(ctx, customer, item, input.paths.address[index]));
  if (addresses.every((a) => a.outcome === 'refused')) {
    const messages = addresses.flatMap((a) => a.messages);
    const kind = messages.every((m) => m.messageType === MessageType.validation) ? 'validation' : 'business';
    throw new DomainError(kind, messages.slice(0, LIMITS.ERROR_MESSAGES_MAX));
  }
  return { addresses };
}

export const saveAddresses: CommandDefinition<SaveAddressesInput, SaveAddressesResult> = {
  name: 'customer.addresses.save',
  // Serializes the writers of one customer's addresses, so the look-up-then-write of an item (by
  // codigo or cep) never races another request.
  locks: (input: SaveAddressesInput, actor: Actor) => [`customer-addresses:${actor.id}:${digitsOf(input.customerDocument)}`],
  summarize: (result) => `${result.addresses.filter((a) => a.outcome !== 'refused').length} of ${result.addresses.length} address(es) saved`,
  handler: save,
};
