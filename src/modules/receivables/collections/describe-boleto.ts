// DescribeBoleto (schedule-contract.ts): one of the partner's boletos as Proposta/Consultar shows it
// (the refund boleto of a cancellation), so the proposals module never reads receivables' tables.
import { localDate } from '../../../platform/dates.js';
import { dec } from '../../../platform/money.js';
import { boletoById } from './collection-repository.js';
import { printUrl } from './collection-views.js';
import type { DescribeBoleto } from '../schedule/schedule-contract.js';

export const describeBoleto: DescribeBoleto = async (db, partnerId, boletoId, publicUrl) => {
  const boleto = await boletoById(db, partnerId, boletoId);
  if (boleto === undefined) return null;
  return {
    number: boleto.numero,
    barcode: boleto.barcode,
    digitableLine: boleto.linha_digitavel,
    pixCode: boleto.pix_emv,
    amount: dec(boleto.amount),
    dueDate: localDate(boleto.due_date),
    printUrl: printUrl(publicUrl, boleto),
  };
};
