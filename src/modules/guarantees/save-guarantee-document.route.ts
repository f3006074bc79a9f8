import { defineRoute } from '../../platform/http/route.js';
import { spec } from '../proposals/save-guarantee-document.schema.js';
import { saveGuaranteeDocument } from './save-guarantee-document.js';

export const route = defineRoute(spec, (input, ctx) => saveGuaranteeDocument(input, ctx));
