// api/Favorecido on the command runner: the wire body mapped to the English registration (and each
// field's wire path; payee-registration-wire.ts), the envelope out.
// The `IgnoraHandshake` header of this operation is accepted with any value (or absent) and has
// no effect: this service has no handshake to skip (docs/payees.md, Decisions).
import { defineCommandRoute } from '../../platform/http/route.js';
import { PAYEE_STATUS_DESCRIPTIONS } from './payee-status.js';
import { registerPayee, type RegistrationOutcome } from './register-payee.js';
import { spec } from './register-payee.schema.js';
import { PAYEE_REGISTRATION_PATHS, payeeRegistrationOf } from './payee-registration-wire.js';

export const RegisterMessage: Record<RegistrationOutcome, string> = {
  pending: 'Favorecido cadastrado; aguardando análise da equipe.',
  autoApproved: 'Favorecido cadastrado e aprovado automaticamente.',
  existing: 'Favorecido já cadastrado com esta chave ou conta; retornado o cadastro existente.',
};

export const route = defineCommandRoute(spec, {
  input: (body) => ({ registration: payeeRegistrationOf(body), paths: PAYEE_REGISTRATION_PATHS }),
  command: registerPayee,
  view: (r) => ({ msg: RegisterMessage[r.outcome], codigoFavorecido: r.payeeId, situacao: r.status, descricaoSituacao: PAYEE_STATUS_DESCRIPTIONS[r.status] }),
});
