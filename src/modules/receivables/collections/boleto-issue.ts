// Issuing one boleto: the nosso número from the database sequence, the FEBRABAN barcode and
// linha digitável, the Pix BR Code of the hybrid boleto, an unguessable print token, the rows, and
// event 5 when registered at issue (online). Registration at the bank is a separate step
// (boleto-registration.ts), which sends event 5 of an offline boleto.
import type { Enqueue } from '../../../platform/commands.js';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Executor } from '../../../platform/db/pool.js';
import type { LocalDate } from '../../../platform/dates.js';
import type { Decimal } from '../../../platform/money.js';
import { barcodeToLinhaDigitavel, buildBarcode } from './boleto/barcode.js';
import { buildFreeField, maxSequenceFor } from './boleto/free-field.js';
import { BoletoStatus } from './boleto-status.js';
import { insertBoleto, nextSequence, type BoletoRow } from './collection-repository.js';
import { buildBrCode } from './pix/br-code.js';
import { qrPngBase64 } from './pix/qr.js';
import { enqueueBoletoCreated } from '../schedule-events.js';
import type { InstallmentRow, ScheduleRow } from '../schedule/schedule-repository.js';
import type { ReceivablesSettings } from '../settings.js';

/** 24 random bytes, hex: the capability in urlImpressao (192 bits: not guessable). */
const PRINT_TOKEN_BYTES = 24;
/** The Pix txid is at most 25 letters or digits: the first 25 hex digits of a fresh uuid. */
const TXID_LENGTH = 25;

export interface BoletoRequest {
  schedule: ScheduleRow;
  purpose: 'installments' | 'refund';
  chargeId: string | null;
  settlement: boolean;
  description: string;
  notifyCustomer: boolean;
  dueDate: LocalDate;
  expiresOn: LocalDate;
  /** Valor do documento; the boleto charges documentAmount − discount. */
  documentAmount: Decimal;
  discount: Decimal;
  allowDecapitalization: boolean;
  registrationMode: 1 | 2;
  /** Installments covered, each with its share of the discount (empty for a refund). */
  installments: ReadonlyArray<{ row: InstallmentRow; discount: Decimal }>;
  /** The nosso número already drawn (with the live-collection check, issue 14); absent: drawn here. */
  sequence?: bigint;
}

async function nossoNumeroSequence(tx: Executor, settings: ReceivablesSettings, drawn: bigint | undefined): Promise<bigint> {
  const value = drawn ?? (await nextSequence(tx));
  // An exhausted range needs a new convênio from the bank: an operator problem, not a partner's.
  if (value > maxSequenceFor(settings.issuer.bankCode)) throw new Error(`assertion: nosso número sequence exhausted for bank ${settings.issuer.bankCode}`);
  return value;
}

/** Pix BR Code (single use, amount fixed) and its PNG, for a boleto or a Pix-only charge. */
export async function pixCodeFor(settings: ReceivablesSettings, amount: Decimal): Promise<{ txid: string; emv: string; image: string }> {
  const txid = randomUUID().replace(/-/g, '').slice(0, TXID_LENGTH);
  const emv = buildBrCode({
    merchantAccount: { key: settings.pix.key },
    merchantName: settings.pix.merchantName,
    merchantCity: settings.pix.merchantCity,
    amount,
    txid,
    singleUse: true,
  });
  return { txid, emv, image: await qrPngBase64(emv) };
}

export type PixCode = Awaited<ReturnType<typeof pixCodeFor>>;

/**
 * A Pix-only charge registered at a Pix provider: its txid is longer than the static code's 25
 * (settlement draws 32, the API Pix needs 26 to 35; decision S13). Removed at the provider when cancelled.
 */
export function isProviderCharge(charge: { via_boleto: boolean; pix_txid: string | null }): boolean {
  return !charge.via_boleto && charge.pix_txid !== null && charge.pix_txid.length > TXID_LENGTH;
}

/** `pix`: the code already made for this amount (a charge's), else a new one. */
export async function issueBoleto(tx: Executor, enqueue: Enqueue, settings: ReceivablesSettings, request: BoletoRequest, now: Date, pix?: PixCode): Promise<BoletoRow> {
  const amount = request.documentAmount.minus(request.discount);
  const sequence = await nossoNumeroSequence(tx, settings, request.sequence);
  const { freeField, nossoNumero } = buildFreeField(settings.issuer, sequence);
  // buildBarcode refuses an amount that does not fit the barcode (BOLETO_VALOR_INVALIDO).
  const barcode = buildBarcode({ bankCode: settings.issuer.bankCode, dueDate: request.dueDate, amount, freeField });
  const code = pix ?? (await pixCodeFor(settings, amount));
  const id = randomUUID();
  // Online (tipoRegistro 1): this service is its own sandbox bank and registers at issue.
  const online = request.registrationMode === 1;
  const boleto = await insertBoleto(
    tx,
    {
      id,
      partner_id: request.schedule.partner_id,
      schedule_id: request.schedule.id,
      charge_id: request.chargeId,
      purpose: request.purpose,
      settlement: request.settlement,
      description: request.description,
      notify_customer: request.notifyCustomer,
      due_date: request.dueDate,
      expires_on: request.expiresOn,
      document_amount: request.documentAmount.toFixed(2),
      discount: request.discount.toFixed(2),
      amount: amount.toFixed(2),
      permite_descapitalizacao: request.allowDecapitalization,
      bank_code: settings.issuer.bankCode,
      nosso_numero_seq: Number(sequence),
      nosso_numero: nossoNumero,
      barcode,
      linha_digitavel: barcodeToLinhaDigitavel(barcode),
      pix_txid: code.txid,
      pix_emv: code.emv,
      pix_image: code.image,
      print_token: randomBytes(PRINT_TOKEN_BYTES).toString('hex'),
      registration_mode: request.registrationMode,
      registration_status: online ? BoletoStatus.registered : BoletoStatus.pending,
      created_at: now,
      registered_at: online ? now : null,
      cancel_requested_at: null,
      cancelled_at: null,
      paid_on: null,
      amount_paid: null,
    },
    request.installments.map((i) => ({ boleto_id: id, installment_id: i.row.id, installment_number: i.row.number, discount: i.discount.toFixed(2), live: true })),
  );
  // Event 5 announces a registered boleto (decision S25): online now; offline (tipoRegistro 2)
  // when the bank confirms the registration (boleto-registration.ts registerBoleto).
  if (online) await enqueueBoletoCreated(enqueue, request.schedule, boleto, request.installments.map((i) => i.row.number), now);
  return boleto;
}
