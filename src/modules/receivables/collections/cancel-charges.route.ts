import { defineRoute } from '../../../platform/http/route.js';
import { cancelCharges } from './cancel-charges.js';
import { spec } from './cancel-charges.schema.js';

export const route = () => defineRoute(spec, (input, ctx) => cancelCharges(input, ctx));
