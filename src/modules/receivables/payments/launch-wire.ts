// The launch operations' wire ↔ domain mappings (IncluirLancamentoParcela and
// IncluirLancamentoMultiplasParcelas share them): a launch block in, the answer out.
import type { Decimal } from '../../../platform/money.js';
import type { AddLaunchesResult, LaunchInput } from './add-installment-launches.js';

interface LaunchBlock {
  dtPagamento?: string | null;
  vlrPagamento?: Decimal | null;
  vlrDesconto?: Decimal | null;
  permiteDescapitalizacao?: boolean | null;
  descricaoLancamento?: string | null;
}

export function launchInput(block: LaunchBlock, nroParcela: number | null | undefined): LaunchInput {
  return {
    installmentNumber: nroParcela ?? null,
    paymentDate: block.dtPagamento ?? null,
    amount: block.vlrPagamento ?? null,
    discount: block.vlrDesconto ?? null,
    allowDecapitalization: block.permiteDescapitalizacao ?? null,
    description: block.descricaoLancamento ?? null,
  };
}

export function launchesView(result: AddLaunchesResult) {
  return { msg: result.paidOff ? 'Lançamentos incluídos; agenda quitada' : 'Lançamentos incluídos' };
}
