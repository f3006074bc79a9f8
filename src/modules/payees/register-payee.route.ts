// The `IgnoraHandshake` header of this operation is accepted with any value (or absent) and has
// no effect: this service has no handshake to skip (docs/payees.md, Decisions).
import { defineRoute } from '../../platform/http/route.js';
import { registerPayee } from './register-payee.js';
import { spec } from './register-payee.schema.js';

export const route = defineRoute(spec, (input, ctx) => registerPayee(input, ctx));
