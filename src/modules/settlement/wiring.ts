// What the composition root takes from settlement: the job handlers as registration is configured
// (with a real bank, the sandbox registration job leaves offline boletos to the CNAB remittance;
// with a Pix provider, the retry of unconfirmed pix) and the background workers.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config/env.js';
import type { Db } from '../../platform/db/pool.js';
import type { JobKinds } from '../../platform/jobs.js';
import type { Worker } from '../../platform/workers.js';
import { BOLETO_REGISTER_JOB, receivablesDeps } from '../receivables/index.js';
import { startCnabInboxWorker } from './inbox-worker.js';
import { pixActorId, pixClientFor } from './pix/provider.js';
import { pixWebhookPlugin } from './pix/webhook-route.js';
import { PIX_CONFIRM_JOB, pixConfirmJob } from './pix/webhook.js';

/** `db`: where the retry job of unconfirmed pix runs its settlement command. */
export function settlementJobHandlers(config: Config, handlers: JobKinds, db: Db): JobKinds {
  const pix = config.settlement.pix;
  const withPix = pix === null ? handlers : { ...handlers, [PIX_CONFIRM_JOB]: pixConfirmJob({ db, deps: receivablesDeps(config), client: pixClientFor(pix), actor: pixActorId(pix) }) };
  if (config.settlement.boletoRegistration !== 'cnab') return withPix;
  // The boleto stays "waiting for registration" until the bank's return file confirms it.
  return { ...withPix, [BOLETO_REGISTER_JOB]: async () => undefined };
}

export function startSettlementWorkers(db: Db, clock: Clock, config: Config, log: FastifyBaseLogger): Worker[] {
  const inbox = config.settlement.cnabInbox;
  return inbox === null ? [] : [startCnabInboxWorker(db, clock, receivablesDeps(config), inbox, config.settlement.cnabInboxPoll_ms, log)];
}

/** The webhook route when a Pix provider is configured; none otherwise (the sandbox stays as it is). */
export function settlementPlugins(db: Db, clock: Clock, config: Config): Array<(app: FastifyInstance) => Promise<void>> {
  const pix = config.settlement.pix;
  if (pix === null) return [];
  const d = { db, clock, deps: receivablesDeps(config), client: pixClientFor(pix), actor: pixActorId(pix) };
  return [pixWebhookPlugin(d, pix.webhookSecret)];
}
