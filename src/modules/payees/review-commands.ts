// The service team's payee review, declared once (issue 13): `caas payee approve|reject` and the
// console's Favorecidos page run these same definitions through runDefined, with the operator as
// actor. The use cases (review-payee.ts) join the runner's transaction. They answer the payee in
// domain terms (StoredPayee); each face maps it to its view. The input is English ({ payeeId, by,
// reason }); the refusals name the payee's id as the wire does (payee-review-wire.ts). A pending
// four-eyes confirmation stored the older input ({ codigoFavorecido, ... }): migration 0038 renamed it.
import type { CommandDefinition } from '../../platform/commands.js';
import type { StoredPayee } from './stored-payee.js';
import { approvePayee, type ApproveInput, rejectPayee, type RejectInput } from './review-payee.js';
import { PAYEE_REVIEW_PATHS } from './payee-review-wire.js';

export const approvePayeeCommand: CommandDefinition<ApproveInput, StoredPayee> = {
  name: 'payee.approve',
  summarize: (payee) => `payee ${payee.payeeId} approved`,
  handler: (input, ctx) => approvePayee(ctx, { payeeId: input.payeeId, by: input.by }, PAYEE_REVIEW_PATHS),
};

export const rejectPayeeCommand: CommandDefinition<RejectInput, StoredPayee> = {
  name: 'payee.reject',
  summarize: (payee) => `payee ${payee.payeeId} rejected`,
  handler: (input, ctx) => rejectPayee(ctx, { payeeId: input.payeeId, by: input.by, reason: input.reason }, PAYEE_REVIEW_PATHS),
};
