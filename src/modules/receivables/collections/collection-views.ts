// Wire shapes of boletos, Pix codes and launches as the queries answer them (interface names).
import { dateToWire, type LocalDate } from '../../../platform/dates.js';
import { dec, ZERO } from '../../../platform/money.js';
import { registrationStateOf } from './boleto-status.js';
import type { BoletoRow, ChargeRow } from './collection-repository.js';
import type { IssuedBoleto, IssuedCharge } from './issued-collections.js';
import type { ReceivableLaunchesTable } from '../tables.js';
import type { Selectable } from 'kysely';

export type LaunchRow = Selectable<ReceivableLaunchesTable>;

export function wireDate(date: string | null): string | null {
  return date === null ? null : dateToWire(date as LocalDate);
}

/** urlImpressao: the printable slip, served without a token by GET /boletos/<token>.pdf. */
export function printUrl(publicUrl: string, boleto: BoletoRow): string {
  return `${publicUrl}/boletos/${boleto.print_token}.pdf`;
}

/** A boleto's registration state under ConsultarDetalhes' names. */
export function registrationView(status: number) {
  const state = registrationStateOf(status);
  return { situacaoBoletoRegistro: state.status, operacaoBoletoRegistro: state.operation, descricaoBoletoRegistro: state.description };
}

export function boletoEntry(boleto: BoletoRow, publicUrl: string) {
  return {
    numeroBoleto: boleto.numero,
    liquidacao: boleto.settlement,
    dtCredito: wireDate(boleto.paid_on),
    dtExpiracao: wireDate(boleto.expires_on),
    linhaDigitavel: boleto.linha_digitavel,
    ...registrationView(boleto.registration_status),
    urlImpressao: printUrl(publicUrl, boleto),
    qrCode: { emv: boleto.pix_emv, imagem: boleto.pix_image },
  };
}

export function pixEntry(charge: ChargeRow) {
  return {
    liquidacao: charge.settlement,
    dtCredito: wireDate(charge.paid_on),
    dtVencimento: wireDate(charge.due_date),
    dtExpiracao: wireDate(charge.expires_on),
    emv: charge.pix_emv ?? '',
    imagem: charge.pix_image,
  };
}

export function launchEntry(l: LaunchRow) {
  return {
    dtVencimento: wireDate(l.dt_vencimento),
    dtLancamento: wireDate(l.dt_lancamento),
    vlrParcela: dec(l.vlr_parcela),
    vlrMulta: dec(l.vlr_multa),
    vlrJuros: dec(l.vlr_juros),
    vlrMora: dec(l.vlr_mora),
    vlrIOF: dec(l.vlr_iof),
    vlrTarifas: dec(l.vlr_tarifas),
    vlrAbatimento: dec(l.vlr_abatimento),
    vlrParcelaAtualizado: dec(l.vlr_parcela_atualizado),
    vlrPagamento: dec(l.vlr_pagamento),
    vlrSaldoParcela: dec(l.vlr_saldo_parcela),
    vlrDesconto: dec(l.vlr_desconto),
    informarFundo: l.informar_fundo,
    descLancamento: l.descricao,
    viaBoleto: l.via_boleto,
  };
}

export function boletoListEntry(boleto: BoletoRow, parcelas: readonly number[], context: { publicUrl: string; proposalNumber: number; customerDocument: string; customerName: string | null; partnerName: string }) {
  return {
    numeroBoleto: boleto.numero,
    numeroProposta: context.proposalNumber,
    liquidacao: boleto.settlement,
    parcelas: [...parcelas].sort((a, b) => a - b).join(','),
    descricao: boleto.description,
    dtInclusao: boleto.created_at.toISOString(),
    dtVencimento: wireDate(boleto.due_date),
    dtCancelamento: boleto.cancelled_at?.toISOString() ?? null,
    dtExpiracao: wireDate(boleto.expires_on),
    dtCredito: wireDate(boleto.paid_on),
    valorBoleto: dec(boleto.amount),
    vlrPago: boleto.amount_paid === null ? ZERO : dec(boleto.amount_paid),
    impressao: printUrl(context.publicUrl, boleto),
    linhaDigitavel: boleto.linha_digitavel,
    documentoFederalCliente: context.customerDocument,
    cliente: context.customerName,
    parceiro: context.partnerName,
    qrCode: { emv: boleto.pix_emv, imagem: boleto.pix_image },
  };
}

/**
 * One boleto of a GerarUnicoBoleto/GerarMultiplosBoletos answer (`boletos`, beyond the interface's
 * envelope): what a partner needs to hand the slip to the customer without a second query.
 */
export function issuedBoletoView(boleto: IssuedBoleto) {
  return {
    codigoBoleto: boleto.id,
    numeroBoleto: boleto.number,
    parcelas: boleto.installmentNumbers,
    dtVencimento: wireDate(boleto.dueDate),
    valorBoleto: dec(boleto.amount),
    linhaDigitavel: boleto.digitableLine,
    urlImpressao: boleto.printUrl,
  };
}

/** `cobrancas` of the charge-generating answers. */
export function issuedChargeView(charge: IssuedCharge) {
  return { codigoLiquidacao: charge.id, parcelas: charge.installmentNumbers };
}

/** Groups rows by installment id. */
export function byInstallment<T>(pairs: ReadonlyArray<readonly [string, T]>): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const [id, value] of pairs) map.set(id, [...(map.get(id) ?? []), value]);
  return map;
}
