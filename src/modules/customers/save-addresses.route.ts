import { defineRoute } from '../../platform/http/route.js';
import { saveAddresses } from './save-addresses.js';
import { spec } from './save-addresses.schema.js';

export const route = defineRoute(spec, (input, ctx) => saveAddresses(input, ctx));
