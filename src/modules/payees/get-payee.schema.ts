// api/Favorecido/Consultar ({pix_url}): read a payee's review status by code or by key.
import { defineSpec } from '../../platform/http/operation-spec.js';
import { envelope, obj, opt, text, uuid } from '../../platform/http/schema-types.js';
import { nullable } from '../../platform/http/wire-blocks.js';
import { PIX_KEY_LENGTH_MAX } from '../banking/index.js';
import { PayeeOut } from './register-payee.schema.js';

export const spec = defineSpec({
  path: '/api/Favorecido/Consultar',
  operationId: 'Favorecido_Consultar',
  summary: 'Read a payee and its review status by codigoFavorecido or Pix key.',
  scope: 'caas.payees',
  kind: 'query',
  envelope: 'camel',
  body: obj({ codigoFavorecido: opt(uuid()), chave: opt(text({ maxLength: PIX_KEY_LENGTH_MAX })) }),
  response: envelope({ favorecido: nullable(PayeeOut) }),
});
