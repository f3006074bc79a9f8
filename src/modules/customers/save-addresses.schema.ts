// Pessoa/SalvarEnderecos: insert or update the addresses of one customer (one result per address).
import { defineSpec } from '../../platform/http/operation-spec.js';
import { Type, arrayOf, bool, dateTime, envelope, integer, obj, opt, text, uuid } from '../../platform/http/schema-types.js';
import { documentText, resultItem } from '../../platform/http/wire-blocks.js';

/** A customer has few addresses; 20 per call is generous. */
const ADDRESSES_PER_CALL_MAX = 20;
/** Address/residence type codes: an auxiliary table the interface does not show. */
const ADDRESS_TYPE_CODE_MAX = 99;

const Address = obj({
  codigo: opt(uuid('Record identifier (returned in results); absent = matched by cep')),
  cep: opt(text({ maxLength: 9 })),
  logradouro: opt(text({ maxLength: 150 })),
  nroLogradouro: opt(text({ maxLength: 20 })),
  bairro: opt(text({ maxLength: 100 })),
  complemento: opt(text({ maxLength: 100 })),
  cidade: opt(text({ maxLength: 100 })),
  uf: opt(text({ maxLength: 2 })),
  tipoEndereco: opt(integer({ minimum: 0, maximum: ADDRESS_TYPE_CODE_MAX })),
  tipoResidencia: opt(integer({ minimum: 0, maximum: ADDRESS_TYPE_CODE_MAX })),
  enderecoDesde: opt(dateTime()),
  enderecoPrincipal: opt(bool()),
  enderecoCorrespondencia: opt(bool()),
});

export const spec = defineSpec({
  path: '/Pessoa/SalvarEnderecos',
  operationId: 'Pessoa_SalvarEnderecos',
  summary: "Insert or update a customer's addresses.",
  scope: 'caas.customers',
  kind: 'command',
  envelope: 'camel',
  body: obj({
    param: obj({ documentoCliente: opt(documentText()) }),
    dtos: opt(arrayOf(Address, ADDRESSES_PER_CALL_MAX)),
  }),
  response: envelope({ results: Type.Array(resultItem({})) }),
});
