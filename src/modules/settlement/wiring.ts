// What the composition root takes from settlement: the job handlers as registration is configured
// (with a real bank, the sandbox registration job leaves offline boletos to the CNAB remittance)
// and the background workers.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config/env.js';
import type { Db } from '../../platform/db/pool.js';
import type { JobHandlers } from '../../platform/jobs.js';
import type { Worker } from '../../platform/workers.js';
import { BOLETO_REGISTER_JOB, receivablesDeps } from '../receivables/index.js';
import { startCnabInboxWorker } from './inbox-worker.js';
import { PixApiClient } from './pix/api-client.js';
import { pixWebhookPlugin } from './pix/webhook-route.js';

export function settlementJobHandlers(config: Config, handlers: JobHandlers): JobHandlers {
  if (config.settlement.boletoRegistration !== 'cnab') return handlers;
  // The boleto stays "waiting for registration" until the bank's return file confirms it.
  return { ...handlers, [BOLETO_REGISTER_JOB]: async () => undefined };
}

export function startSettlementWorkers(db: Db, clock: Clock, config: Config, log: FastifyBaseLogger): Worker[] {
  const inbox = config.settlement.cnabInbox;
  return inbox === null ? [] : [startCnabInboxWorker(db, clock, receivablesDeps(config), inbox, config.settlement.cnabInboxPoll_ms, log)];
}

/** The webhook route when a Pix provider is configured; none otherwise (the sandbox stays as it is). */
export function settlementPlugins(db: Db, clock: Clock, config: Config): Array<(app: FastifyInstance) => Promise<void>> {
  const pix = config.settlement.pix;
  if (pix === null) return [];
  const d = { db, clock, deps: receivablesDeps(config), client: new PixApiClient(pix, clock), actor: `psp:${new URL(pix.url).host}` };
  return [pixWebhookPlugin(d, pix.webhookSecret)];
}
