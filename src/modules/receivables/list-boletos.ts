// `caas boleto list --proposal NUMERO`: the service team's view of a proposal's boletos (every
// partner: proposal numbers are unique across partners).
import type { Executor } from '../../platform/db/pool.js';
import { businessError } from '../../platform/errors.js';
import { registrationView } from './boleto-status.js';
import { boletoInstallments, boletosOfSchedule } from './collection-repository.js';
import { printUrl } from './collection-views.js';
import { ReceivablesErrorCode as C, SCHEDULE_NOT_FOUND } from './receivables-errors.js';

export interface ListedBoleto {
  numeroBoleto: number;
  codigoBoleto: string;
  codigoLiquidacao: string | null;
  situacao: number;
  descricaoSituacao: string;
  liquidacao: boolean;
  parcelas: number[];
  dtVencimento: string;
  dtExpiracao: string;
  valorBoleto: string;
  vlrPago: string | null;
  dtCredito: string | null;
  linhaDigitavel: string;
  urlImpressao: string;
}

export async function listBoletosOfProposal(db: Executor, proposalNumber: number, publicUrl: string): Promise<ListedBoleto[]> {
  const schedule = await db.selectFrom('receivable_schedules').selectAll().where('proposal_number', '=', proposalNumber).executeTakeFirst();
  if (schedule === undefined) throw businessError(C.scheduleNotFound, `${SCHEDULE_NOT_FOUND} (proposta ${proposalNumber})`, 'proposal');
  const boletos = await boletosOfSchedule(db, schedule.partner_id, schedule.id);
  const links = await boletoInstallments(db, boletos.map((b) => b.id));
  return boletos.map((b) => {
    const view = registrationView(b.registration_status);
    return {
      numeroBoleto: b.numero,
      codigoBoleto: b.id,
      codigoLiquidacao: b.charge_id,
      situacao: view.situacaoBoletoRegistro,
      descricaoSituacao: view.descricaoBoletoRegistro,
      liquidacao: b.settlement,
      parcelas: links.filter((l) => l.boleto_id === b.id).map((l) => l.installment_number),
      dtVencimento: b.due_date,
      dtExpiracao: b.expires_on,
      valorBoleto: b.amount,
      vlrPago: b.amount_paid,
      dtCredito: b.paid_on,
      linhaDigitavel: b.linha_digitavel,
      urlImpressao: printUrl(publicUrl, b),
    };
  });
}
