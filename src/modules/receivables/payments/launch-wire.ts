// The launch operations' wire ↔ domain mappings (IncluirLancamentoParcela and
// IncluirLancamentoMultiplasParcelas share them): a launch block in, the answer out, and where
// each field sits in the request (so every refusal names its wire path, byte for byte).
import { dec, sum, ZERO, type Decimal } from '../../../platform/money.js';
import type { installmentLaunchEvent } from '../../callbacks/index.js';
import type { BoletoRow } from '../collections/collection-repository.js';
import { isSettled, type LaunchResult } from '../schedule/charges-math/index.js';
import type { InstallmentRow } from '../schedule/schedule-repository.js';
import type { AddLaunchesResult, LaunchField, LaunchInput, LaunchPaths } from './add-installment-launches.js';

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

/** The wire path of each field of a launch block under `at` (the domain's names are LaunchInput's). */
export function launchFieldPaths(at: string): Readonly<Record<LaunchField, string>> {
  return { installmentNumber: `${at}.nroParcela`, amount: `${at}.vlrPagamento`, discount: `${at}.vlrDesconto`, paymentDate: `${at}.dtPagamento` };
}

/** IncluirLancamentoMultiplasParcelas: refusals name `dtoLancamentoParcelas[i]`. */
export const MULTIPLE_PATHS: LaunchPaths = {
  list: 'dtoLancamentoParcelas',
  item: (i) => launchFieldPaths(`dtoLancamentoParcelas[${i}]`),
  installmentNumber: (i) => `dtoLancamentoParcelas[${i}].nroParcela`,
};

/** IncluirLancamentoParcela: one launch; the installment number is `dto.nroParcela`. */
export const SINGLE_PATHS: LaunchPaths = {
  list: 'dtoLancamentoParcela',
  item: () => launchFieldPaths('dtoLancamentoParcela'),
  installmentNumber: () => 'dto.nroParcela',
};

/** Event 3's launch block (the callbacks' wire) for one posted launch; `boleto` when paid by one. */
export function launchEventBlock(installment: InstallmentRow, result: LaunchResult, boleto: BoletoRow | undefined): Parameters<typeof installmentLaunchEvent>[2] {
  const { launch, next } = result;
  return {
    nroParcela: installment.number,
    vlrOriginalParcela: dec(installment.amount),
    vlrSaldo: launch.grossBalance,
    parcelaLiquidada: isSettled(next),
    vlrEncargos: sum([launch.fine, launch.contractInterest, launch.lateInterest, launch.iof, launch.fees]),
    vlrAbatimento: launch.abatement,
    vlrPagamento: launch.payment,
    vlrDesconto: launch.discount,
    vlrSaldoAtual: launch.remainingBalance,
    // A payment above the balance is refused (PARC rules), so nothing is ever left over.
    vlrExcedente: ZERO,
    dtVencimento: launch.dueDate,
    // No operation moves a due date yet (event 4 is reserved): the current one is the original.
    dtVencimentoAtual: launch.dueDate,
    boleto: boleto === undefined ? null : { nroBoleto: boleto.numero, liquidacao: boleto.settlement },
  };
}
