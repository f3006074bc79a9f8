// The receivables module as the composition root sees it: its operation routes, the slip route,
// and its background job handlers.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/pool.js';
import type { JobHandlers } from '../../platform/jobs.js';
import type { Route } from '../../platform/http/route.js';
import { route as addInstallmentLaunches } from './payments/add-installment-launches.route.js';
import { route as addInstallmentLaunch } from './payments/add-installment-launch.route.js';
import { boletoPrintPlugin } from './collections/boleto-print.js';
import { BOLETO_REGISTER_JOB, registerBoletoJob } from './collections/boleto-registration.js';
import { BOLETO_EXPIRE_JOB, expireBoletosJob } from './collections/boleto-expiry.js';
import { route as cancelCharges } from './collections/cancel-charges.route.js';
import { cancelChargesJob, CHARGE_CANCEL_JOB } from './collections/collection-cancel.js';
import { route as generateMultipleBoletos } from './collections/generate-multiple-boletos.route.js';
import { route as generateMultipleCharges } from './collections/generate-multiple-charges.route.js';
import { route as generateSingleBoleto } from './collections/generate-single-boleto.route.js';
import { route as generateSingleCharge } from './collections/generate-single-charge.route.js';
import { route as getBoletos } from './collections/get-boletos.route.js';
import { route as getInstallments } from './schedule/get-installments.route.js';
import { route as getScheduleDetails } from './schedule/get-schedule-details.route.js';
import type { ReceivablesDeps } from './receivables-deps.js';

export function receivablesRoutes(deps: ReceivablesDeps): Route[] {
  return [
    generateSingleBoleto(deps),
    generateMultipleBoletos(deps),
    generateSingleCharge(deps),
    generateMultipleCharges(deps),
    cancelCharges(),
    addInstallmentLaunches(deps),
    addInstallmentLaunch(deps),
    getScheduleDetails(deps),
    getInstallments(deps),
    getBoletos(deps),
  ];
}

/** GET /boletos/<token>.pdf (registered beside the operations). */
export function receivablesPlugins(db: Db, deps: ReceivablesDeps): Array<(app: FastifyInstance) => Promise<void>> {
  return [boletoPrintPlugin(db, deps.settings)];
}

/** Handlers of the jobs this module enqueues (offline registration, charge cancellation, the daily expiry write-off). */
export const receivablesJobHandlers: JobHandlers = {
  [BOLETO_REGISTER_JOB]: registerBoletoJob,
  [CHARGE_CANCEL_JOB]: cancelChargesJob,
  [BOLETO_EXPIRE_JOB]: expireBoletosJob,
};
