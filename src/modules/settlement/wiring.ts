// What the composition root takes from settlement (its descriptor, index.ts): its job kinds (with a
// Pix provider, the retry of unconfirmed pix), how it adapts receivables' job kinds as registration
// is configured (with a real bank, the sandbox registration job leaves offline boletos to the CNAB
// remittance), its background workers and its webhook. `deps`: settlement's own, as the composition
// root bound them (src/bindings.ts).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config/env.js';
import type { Db } from '../../platform/db/pool.js';
import type { JobKinds } from '../../platform/jobs.js';
import type { Worker } from '../../platform/workers.js';
import { BOLETO_REGISTER_JOB, CHARGE_CANCEL_JOB, type ReceivablesDeps } from '../receivables/index.js';
import { startCnabInboxWorker } from './inbox-worker.js';
import type { SettlementDeps } from './settlement-deps.js';
import { pixActorId, pixClientFor } from './pix/provider.js';
import { removingAtProvider } from './pix/provider-cancel.js';
import { pixProviderPort } from './pix/provider-charges.js';
import { pixWebhookPlugin } from './pix/webhook-route.js';
import { PIX_CONFIRM_JOB, pixConfirmJob } from './pix/webhook.js';

/** Receivables' charge cancellation, preceded by the removal of provider-backed charges at the provider. */
function cancelAtProvider(handlers: JobKinds, client: ReturnType<typeof pixClientFor>): JobKinds {
  const entry = handlers[CHARGE_CANCEL_JOB];
  if (entry === undefined) return {};
  return { [CHARGE_CANCEL_JOB]: typeof entry === 'function' ? removingAtProvider(client, entry) : { ...entry, handler: removingAtProvider(client, entry.handler) } };
}

/** Settlement's own job kinds; `db`: where the retry job of unconfirmed pix runs its settlement command. */
export function settlementJobKinds(config: Config, deps: SettlementDeps, db: Db): JobKinds {
  const pix = config.settlement.pix;
  return pix === null ? {} : { [PIX_CONFIRM_JOB]: pixConfirmJob({ db, deps, client: pixClientFor(pix), actor: pixActorId(pix) }) };
}

/** Receivables' job kinds as settlement is configured: removal at the Pix provider first, CNAB registration. */
export function adaptReceivablesJobs(config: Config, handlers: JobKinds): JobKinds {
  const pix = config.settlement.pix;
  const withPix = pix === null ? handlers : { ...handlers, ...cancelAtProvider(handlers, pixClientFor(pix)) };
  if (config.settlement.boletoRegistration !== 'cnab') return withPix;
  // The boleto stays "waiting for registration" until the bank's return file confirms it.
  return { ...withPix, [BOLETO_REGISTER_JOB]: async () => undefined };
}

export function startSettlementWorkers(db: Db, clock: Clock, config: Config, deps: SettlementDeps, log: FastifyBaseLogger): Worker[] {
  const inbox = config.settlement.cnabInbox;
  return inbox === null ? [] : [startCnabInboxWorker(db, clock, deps, inbox, config.settlement.cnabInboxPoll_ms, log)];
}

/** What receivables takes from settlement: the Pix provider port when one is configured (none: the sandbox's static codes). */
export function settlementReceivablesPorts(config: Config): Pick<ReceivablesDeps, 'pixProvider'> {
  return config.settlement.pix === null ? {} : { pixProvider: pixProviderPort(config.settlement.pix, config.receivables) };
}

/** The webhook route when a Pix provider is configured; none otherwise (the sandbox stays as it is). */
export function settlementPlugins(db: Db, clock: Clock, config: Config, deps: SettlementDeps): Array<(app: FastifyInstance) => Promise<void>> {
  const pix = config.settlement.pix;
  if (pix === null) return [];
  const d = { db, clock, deps, client: pixClientFor(pix), actor: pixActorId(pix) };
  return [pixWebhookPlugin(d, pix.webhookSecret)];
}
