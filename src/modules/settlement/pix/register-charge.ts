// A charge's Pix registered at the provider: PUT /cobv/{txid} (installment charge with due date,
// fine, interest and discount), then the charge's BR Code replaced by the dynamic one pointing at
// the provider's location. The txid of the API Pix has 26 to 35 characters (the static code's 25
// do not qualify), so a new one is drawn. Called after receivables created the charge.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../platform/db/pool.js';
import { inTransaction } from '../../../platform/db/pool.js';
import { daysBetween, type LocalDate } from '../../../platform/dates.js';
import { dec } from '../../../platform/money.js';
import { chargeById, qrPngBase64, scheduleById, setChargeStatus, type ReceivablesSettings } from '../../receivables/index.js';
import type { PixApiClient } from './api-client.js';
import { cobvBody, dynamicBrCode } from './charge-body.js';

const API_TXID_LENGTH = 32;

export async function registerChargeAtProvider(db: Db, client: PixApiClient, settings: ReceivablesSettings, pixKey: string, partnerId: string, chargeId: string): Promise<{ txid: string; location: string; emv: string }> {
  const charge = await chargeById(db, partnerId, chargeId);
  if (charge === undefined || !charge.via_pix || charge.status !== 'active') throw new Error(`charge ${chargeId} is not an active Pix charge`);
  const schedule = await scheduleById(db, partnerId, charge.schedule_id);
  const txid = randomBytes(API_TXID_LENGTH).toString('hex').slice(0, API_TXID_LENGTH);
  const answer = await client.putCobv(
    txid,
    cobvBody({
      dueDate: charge.due_date as LocalDate,
      daysAfterDue: Math.max(0, daysBetween(charge.due_date as LocalDate, charge.expires_on as LocalDate)),
      amount: dec(charge.amount),
      discount: dec(charge.discount),
      fineRate: settings.charges.fineRate,
      lateInterestMonthlyRate: settings.charges.lateInterestMonthlyRate,
      payer: { document: schedule.customer_document, name: schedule.customer_name ?? schedule.customer_document },
      pixKey,
      description: charge.description,
    }),
  );
  const location = answer.loc?.location ?? answer.location;
  if (location === undefined) throw new Error(`PUT /cobv/${txid} answered without a location`);
  const emv = dynamicBrCode(location, settings.pix.merchantName, settings.pix.merchantCity);
  const image = await qrPngBase64(emv);
  await inTransaction(db, async (tx) => {
    await scheduleById(tx, partnerId, charge.schedule_id, true);
    const locked = (await chargeById(tx, partnerId, chargeId, true))!;
    await setChargeStatus(tx, locked, locked.status, { pix_txid: txid, pix_emv: emv, pix_image: image });
  });
  return { txid, location, emv };
}
