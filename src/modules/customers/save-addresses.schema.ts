// Pessoa/SalvarEnderecos: insert or update the addresses of one customer (one result per address).
import { defineSpec } from '../../platform/http/operation-spec.js';
import { Type, arrayOf, bool, envelope, integer, obj, opt, text } from '../../platform/http/schema-types.js';
import { documentText, resultItem } from '../../platform/http/wire-blocks.js';
import { ADDRESSES_PER_CALL_MAX, ADDRESS_TYPE_CODE_MAX, ITEM_TEXT_LENGTH_MAX } from './limits.js';


const Address = obj({
  codigo: opt(text({ maxLength: ITEM_TEXT_LENGTH_MAX, description: 'Record identifier, a uuid (returned in results); absent = matched by cep' })),
  cep: opt(text({ maxLength: ITEM_TEXT_LENGTH_MAX, description: '8 digits, with or without the dash' })),
  logradouro: opt(text({ maxLength: 150 })),
  nroLogradouro: opt(text({ maxLength: 20 })),
  bairro: opt(text({ maxLength: 100 })),
  complemento: opt(text({ maxLength: 100 })),
  cidade: opt(text({ maxLength: 100 })),
  uf: opt(text({ maxLength: ITEM_TEXT_LENGTH_MAX, description: 'One of the 27 state abbreviations' })),
  tipoEndereco: opt(integer({ minimum: 0, maximum: ADDRESS_TYPE_CODE_MAX })),
  tipoResidencia: opt(integer({ minimum: 0, maximum: ADDRESS_TYPE_CODE_MAX })),
  enderecoDesde: opt(text({ maxLength: ITEM_TEXT_LENGTH_MAX, description: 'yyyy-MM-dd or ISO 8601 date-time; not after today' })),
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
