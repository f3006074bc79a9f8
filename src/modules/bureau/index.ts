// The bureau module's public entry: what other modules and the faces (CLI, console) may use.
// Console (issue 16): the consultation audit.
import type { ModuleDescriptor } from '../../platform/module.js';
import { createBureauProvider } from './provider-factory.js';
import { bureauRoutes } from './routes.js';
import { parseBureauEnv } from './settings.js';
import { spec as queryBureau } from './query-bureau.schema.js';
import { spec as queryScr } from './query-scr.schema.js';
import { spec as queryFraudBase } from './query-fraud-base.schema.js';
export { AUDIT_LIST_ROWS_MAX } from './limits.js';
export { AUDIT_LIST_ROWS_DEFAULT, listBureauAudit, type AuditEntry, type AuditListing } from './list-consultations.js';
export type { AuditFilter as ConsultationFilter } from './consultation-repository.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'bureau',
  tables: ['bureau_cache', 'bureau_consultations'],
  settings: { key: 'bureau', parse: parseBureauEnv },
  operations: [queryBureau, queryScr, queryFraudBase],
  routes: (ctx) => bureauRoutes({ provider: createBureauProvider(ctx.config.bureau, ctx.clock), settings: ctx.config.bureau }),
};
