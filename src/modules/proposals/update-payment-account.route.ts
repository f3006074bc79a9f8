import { defineRoute } from '../../platform/http/route.js';
import { updatePaymentAccount } from './update-payment-account.js';
import { spec } from './update-payment-account.schema.js';

export const route = defineRoute(spec, (input, ctx) => updatePaymentAccount(input, ctx));
