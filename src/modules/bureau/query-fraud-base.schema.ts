// Bureau/ConsultaFraudeBureauBase: unified fraud and scam markings for a document.
import { defineSpec } from '../../platform/http/operation-spec.js';
import { Type, envelope, obj, opt, text } from '../../platform/http/schema-types.js';
import { documentText, TextOut } from '../../platform/http/wire-blocks.js';
import { PIX_KEY_LENGTH_MAX } from '../banking/index.js';
import { EMAIL_LENGTH_MAX } from './limits.js';


export const spec = defineSpec({
  path: '/Bureau/ConsultaFraudeBureauBase',
  operationId: 'Bureau_ConsultaFraudeBureauBase',
  summary: 'Consult the fraud-marking base for a document (key, e-mail and phone make it fuller).',
  scope: 'caas.bureau',
  kind: 'query',
  envelope: 'camel',
  body: obj({
    consulta: obj({
      documento: documentText(), // the interface marks it required
      chavePix: opt(text({ maxLength: PIX_KEY_LENGTH_MAX })),
      email: opt(text({ maxLength: EMAIL_LENGTH_MAX })),
      celularUsuario: opt(obj({
        codigoPais: opt(text({ maxLength: 4 })),
        ddd: opt(text({ maxLength: 3 })),
        numero: opt(text({ maxLength: 12 })),
      })),
    }),
  }),
  response: envelope({ falha: Type.Boolean(), json: TextOut }),
});
