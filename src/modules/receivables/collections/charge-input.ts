// Readers of the charge requests (GerarUnicaCobranca, GerarMultiplasCobrancas, CancelarCobrancas).
import type { Problems } from '../../../platform/errors.js';
import type { PaymentMethods } from './collection-issue.js';
import { ReceivablesErrorCode as C } from '../receivables-errors.js';

/**
 * Payment by boleto / by Pix (pagamentoViaBoleto / pagamentoViaPIX); `field` is where a refusal points. Both absent: a hybrid boleto (boleto and Pix); one given:
 * the other defaults to false; both false: refused (COB001).
 */
export function readPaymentMethods(viaBoleto: boolean | null | undefined, viaPix: boolean | null | undefined, field: string, problems: Problems): PaymentMethods {
  const bothAbsent = (viaBoleto === null || viaBoleto === undefined) && (viaPix === null || viaPix === undefined);
  const via = bothAbsent ? { boleto: true, pix: true } : { boleto: viaBoleto ?? false, pix: viaPix ?? false };
  if (!via.boleto && !via.pix) problems.add(C.noPaymentMethod, 'Informe pagamentoViaBoleto e/ou pagamentoViaPIX', field);
  return via;
}
