import { defineRoute } from '../../platform/http/route.js';
import { getPayee } from './get-payee.js';
import { spec } from './get-payee.schema.js';

export const route = defineRoute(spec, (input, ctx) => getPayee(input, ctx));
