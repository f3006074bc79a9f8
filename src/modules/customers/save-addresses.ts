// Pessoa/SalvarEnderecos: inserts or updates the addresses of the customer in
// `param.documentoCliente`, one result per address, in request order.
import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { LIMITS } from '../../platform/config/limits.js';
import { brazilDateAt } from '../../platform/dates.js';
import { documentField } from '../../platform/documents.js';
import { DomainError, MessageType, Problems, type Message } from '../../platform/errors.js';
import type { OperationContext } from '../../platform/http/operations.js';
import { countAddresses, findAddressByCep, findAddressById, insertAddress, lockCustomer, updateAddress, type CustomerRef } from './address-repository.js';
import { AddressBusinessCode, planAddress } from './address-plan.js';
import { validateAddress, type AddressInput } from './address-validation.js';
import type { spec } from './save-addresses.schema.js';

export type SaveAddressesInput = Static<typeof spec.body>;

export interface AddressResult {
  msg: string;
  hasError: boolean;
  messages: Message[];
  codigo: string | null;
}


const failed = (messages: Message[]): AddressResult => ({ msg: 'Endereço não salvo', hasError: true, messages, codigo: null });

/** Request-level checks: whose addresses, and that there is at least one. */
function customerOf(input: SaveAddressesInput, partnerId: string): CustomerRef {
  const problems = new Problems();
  const document = documentField(problems, input.param.documentoCliente, { field: 'param.documentoCliente', code: AddressBusinessCode.customerDocument }, 'Documento do cliente');
  if ((input.dtos ?? []).length === 0) problems.add(AddressBusinessCode.noAddresses, 'Informe ao menos um endereço em dtos.', 'dtos');
  problems.throwIfAny();
  if (document === null) throw new Error('assertion: a null document without a problem');
  return { partnerId, document: document.digits };
}

async function saveOne(ctx: OperationContext, customer: CustomerRef, item: AddressInput | null, index: number): Promise<AddressResult> {
  const now = ctx.clock.now();
  const problems = new Problems();
  const address = validateAddress(item, index, brazilDateAt(now), problems);
  if (address === null) return failed(problems.messages());
  const byCodigo = address.codigo === null ? undefined : await findAddressById(ctx.tx, customer, address.codigo);
  const byCep = await findAddressByCep(ctx.tx, customer, address.cep);
  const plan = planAddress(address, index, { byCodigo, byCep, count: await countAddresses(ctx.tx, customer) });
  if (plan.kind === 'refuse') return failed([plan.message]);
  if (plan.kind === 'update') {
    await updateAddress(ctx.tx, customer, plan.id, address, now);
    return { msg: 'Endereço atualizado', hasError: false, messages: [], codigo: plan.id };
  }
  const id = randomUUID();
  await insertAddress(ctx.tx, customer, id, address, now);
  return { msg: 'Endereço incluído', hasError: false, messages: [], codigo: id };
}

/**
 * Items are applied in request order, each one checked before anything of it is written, so a bad
 * address never leaves a partial write and never stops the others. When at least one address is
 * saved the answer is 200 with `hasError: false` and the failed items flagged in `results`; when
 * none is, nothing changed and the answer is a 400 carrying every item's messages.
 *
 * Error codes: END015 (documentoCliente missing or not a valid CPF/CNPJ), END016 (no address),
 * per item END000–END011 (address fields, address-validation.ts), END012 (codigo not found for
 * this customer), END013 (update would give the customer two addresses with one CEP), END014
 * (the customer already has ADDRESSES_PER_CUSTOMER_MAX addresses).
 */
export async function saveAddresses(input: SaveAddressesInput, ctx: OperationContext): Promise<{ msg: string; results: AddressResult[] }> {
  const customer = customerOf(input, ctx.auth.partnerId);
  await lockCustomer(ctx.tx, customer);
  const items = input.dtos ?? [];
  const results: AddressResult[] = [];
  for (const [index, item] of items.entries()) results.push(await saveOne(ctx, customer, item, index));
  const saved = results.filter((r) => !r.hasError).length;
  if (saved === 0) {
    const messages = results.flatMap((r) => r.messages);
    const kind = messages.every((m) => m.messageType === MessageType.validation) ? 'validation' : 'business';
    throw new DomainError(kind, messages.slice(0, LIMITS.ERROR_MESSAGES_MAX));
  }
  const msg = saved === items.length ? `${saved} de ${items.length} endereço(s) salvo(s).` : `${saved} de ${items.length} endereço(s) salvo(s); os demais têm erros (veja results).`;
  return { msg, results };
}
