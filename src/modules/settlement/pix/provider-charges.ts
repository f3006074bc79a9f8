// Receivables' Pix provider port, implemented on the API Pix: a Pix-only charge is created at the
// provider while the charge-generating command runs (inside its transaction, before anything is
// committed), as `cobv` (due date, fine, interest, discount: PUT /cobv/{txid}) or, when it is
// payable today only, as `cob` (PUT /cob/{txid}, expiring at the end of the day); its BR Code is
// the dynamic one pointing at the provider's location. A provider failure is a DomainError
// 'unavailable' (503, Retry-After; no idempotency record stored): the command changes nothing and
// the partner retries with the same key. A charge the provider created just before a failure is
// never shown to anyone (its code leaves this service only in the committed answer), so it cannot
// be paid; it expires at the provider. The txid of the API Pix has 26 to 35 characters (the static
// code's 25 do not qualify), so a new one of 32 is drawn.
import { randomBytes } from 'node:crypto';
import { addDays, brazilDateAt, daysBetween } from '../../../platform/dates.js';
import { DomainError } from '../../../platform/errors.js';
import type { PixProviderPort, ProviderPixCharge, ReceivablesSettings } from '../../receivables/index.js';
import { PIX_PROVIDER_RETRY_AFTER_S } from '../limits.js';
import type { PixProviderSettings } from '../settings.js';
import type { CobAnswer } from './api-types.js';
import { cobBody, cobvBody, dynamicBrCode } from './charge-body.js';
import { pixClientFor } from './provider.js';

const API_TXID_LENGTH = 32;
/** The code of the answer when the provider fails (docs/errors.md). */
export const PIX_PROVIDER_UNAVAILABLE = 'PIX001';

export function newApiTxid(): string {
  return randomBytes(API_TXID_LENGTH).toString('hex').slice(0, API_TXID_LENGTH);
}

/** Payable today only (due and expiring today): an immediate charge, without fine or interest. */
export function isImmediate(c: Pick<ProviderPixCharge, 'dueDate' | 'expiresOn' | 'now'>): boolean {
  const today = brazilDateAt(c.now);
  return c.dueDate <= today && c.expiresOn <= today;
}

/** Seconds from `now` to the end of its day in Brazil (UTC−3 all year since 2019). */
function secondsToEndOfDay(now: Date): number {
  const midnight = Date.parse(`${addDays(brazilDateAt(now), 1)}T00:00:00-03:00`);
  return Math.max(60, Math.floor((midnight - now.getTime()) / 1000));
}

function unavailable(): DomainError {
  return new DomainError('unavailable', [{ code: PIX_PROVIDER_UNAVAILABLE, description: 'O provedor Pix não respondeu ao registro da cobrança; nada foi gerado. Tente novamente com a mesma IdempotencyKey.', messageType: 3 }], { 'retry-after': String(PIX_PROVIDER_RETRY_AFTER_S) });
}

export function pixProviderPort(provider: PixProviderSettings, receivables: ReceivablesSettings): PixProviderPort {
  const client = pixClientFor(provider);
  return {
    async register(c) {
      const txid = newApiTxid();
      const charge = { dueDate: c.dueDate, daysAfterDue: Math.max(0, daysBetween(c.dueDate, c.expiresOn)), amount: c.documentAmount, discount: c.discount, fineRate: receivables.charges.fineRate, lateInterestMonthlyRate: receivables.charges.lateInterestMonthlyRate, payer: c.payer, pixKey: provider.pixKey, description: c.description };
      let answer: CobAnswer;
      try {
        answer = isImmediate(c) ? await client.putCob(txid, cobBody(charge, secondsToEndOfDay(c.now))) : await client.putCobv(txid, cobvBody(charge));
      } catch {
        throw unavailable();
      }
      const location = answer.loc?.location ?? answer.location;
      if (location === undefined) throw unavailable();
      return { txid, emv: dynamicBrCode(location, receivables.pix.merchantName, receivables.pix.merchantCity) };
    },
  };
}
