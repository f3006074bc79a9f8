// api/Favorecido in domain terms (issue 13): the command `payee.register`. A partner asks to
// register a Pix payee. The payee waits (pending) for the service team, or is approved at once
// when the partner has automatic approval. A repeat of a live payee's key or bank account answers
// that payee instead of creating a duplicate. register-payee.route.ts maps wire and result.
import { randomUUID } from 'node:crypto';
import { businessError, Problems } from '../../platform/errors.js';
import type { CommandContext, CommandDefinition } from '../../platform/commands.js';
import { findLiveByIdentity, insertPayeeIfNew, partnerAutoApprovesPayees } from './payee-repository.js';
import { AUTO_REVIEWER, PayeeReviewCode, PayeeStatus } from './payee-status.js';
import { type Payee, type PayeeRegistration, type PayeeRegistrationPaths, validatePayeeRegistration } from './payee-validation.js';
import { storedPayeeOf, type StoredPayee } from './stored-payee.js';
import { recordDecision } from './review-payee.js';
import { REGISTER_ATTEMPTS_MAX } from './limits.js';


export interface RegisterPayeeInput {
  /** The registration as sent (checked by the command: payee-validation.ts). */
  registration: PayeeRegistration;
  /** Where each field sits in the request (the refusals name it). */
  paths: PayeeRegistrationPaths;
}

/** pending: waits for the service team; autoApproved: approved at once; existing: a live payee with this key or account. */
export type RegistrationOutcome = 'pending' | 'autoApproved' | 'existing';

export interface RegisteredPayee {
  outcome: RegistrationOutcome;
  payeeId: string;
  status: PayeeStatus;
}

/**
 * Validates, normalizes and stores the payee. Errors: FAV001–FAV018 (validation, every problem at
 * once; docs/validation.md), FAV019 (the key or account is already registered for this partner
 * under another holder document).
 */
async function register(input: RegisterPayeeInput, ctx: CommandContext): Promise<RegisteredPayee> {
  const problems = new Problems();
  const payee = validatePayeeRegistration(input.registration, input.paths, problems);
  problems.throwIfAny();
  if (payee === null) throw new Error('assertion: no payee and no problem');
  const partnerId = ctx.actor.id;
  const autoApprove = await partnerAutoApprovesPayees(ctx.tx, partnerId);
  for (let attempt = 1; attempt <= REGISTER_ATTEMPTS_MAX; attempt += 1) {
    const now = ctx.clock.now();
    const payeeId = randomUUID();
    const status = autoApprove ? PayeeStatus.approved : PayeeStatus.pending;
    if (await insertPayeeIfNew(ctx.tx, { payee, payeeId, partnerId, status, at: now })) {
      if (autoApprove) await recordDecision(ctx.tx, ctx.enqueue, { payeeId, partnerId, status: PayeeStatus.approved, by: AUTO_REVIEWER, reason: null, at: now });
      return { outcome: autoApprove ? 'autoApproved' : 'pending', payeeId, status };
    }
    const existing = await findLiveByIdentity(ctx.tx, partnerId, payee);
    if (existing) {
      const same = sameHolder(storedPayeeOf(existing), payee, input.paths);
      return { outcome: 'existing', payeeId: same.payeeId, status: same.status };
    }
  }
  throw new Error('assertion: payee neither inserted nor found live after retries');
}

export const registerPayee: CommandDefinition<RegisterPayeeInput, RegisteredPayee> = {
  name: 'payee.register',
  summarize: (r) => `payee ${r.payeeId} ${r.outcome}`,
  handler: register,
};

/**
 * A key (DICT) or an account belongs to one holder: the same identity under another document is
 * not a repeat but a contradiction the partner must resolve. Other fields (name, account model)
 * of a repeat are not compared: the stored registration stands.
 */
function sameHolder(existing: StoredPayee, payee: Payee, paths: PayeeRegistrationPaths): StoredPayee {
  if (existing.holderDocument === payee.holderDocument.digits) return existing;
  const what = payee.registrationType === 1 ? 'chave' : 'conta';
  throw businessError(
    PayeeReviewCode.holderMismatch,
    `Esta ${what} já está cadastrada para outro documento (favorecido ${existing.payeeId}).`,
    payee.registrationType === 1 ? paths.key : paths.account,
    existing.payeeId,
  );
}
