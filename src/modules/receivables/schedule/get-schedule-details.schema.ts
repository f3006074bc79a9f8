// AgendaRecebivel/ConsultarDetalhes: the receivables detail (installments, boletos, Pix, launches).
import { defineSpec } from '../../../platform/http/operation-spec.js';
import { DateTimeOut, MoneyOut, Type, bool, envelope, obj, opt } from '../../../platform/http/schema-types.js';
import { IntOut, nullable, ScheduleInstallmentsRef, TextOut, UuidOut } from '../../../platform/http/wire-blocks.js';
import { QrCodeOut } from '../receivables-blocks.js';

const BoletoEntry = Type.Object({
  numeroBoleto: Type.Integer(),
  liquidacao: Type.Boolean(),
  dtCredito: DateTimeOut,
  dtExpiracao: DateTimeOut,
  linhaDigitavel: TextOut,
  operacaoBoletoRegistro: IntOut,
  situacaoBoletoRegistro: IntOut,
  descricaoBoletoRegistro: TextOut,
  urlImpressao: TextOut,
  qrCode: QrCodeOut,
});

const PixEntry = Type.Object({
  liquidacao: Type.Boolean(),
  dtCredito: DateTimeOut,
  dtVencimento: DateTimeOut,
  dtExpiracao: DateTimeOut,
  emv: Type.String(),
  imagem: TextOut,
});

const LaunchEntry = Type.Object({
  dtVencimento: DateTimeOut,
  dtLancamento: DateTimeOut,
  vlrParcela: MoneyOut,
  vlrMulta: MoneyOut,
  vlrJuros: MoneyOut,
  vlrMora: MoneyOut,
  vlrIOF: MoneyOut,
  vlrTarifas: MoneyOut,
  vlrAbatimento: MoneyOut,
  vlrParcelaAtualizado: MoneyOut,
  vlrPagamento: MoneyOut,
  vlrSaldoParcela: MoneyOut,
  vlrDesconto: MoneyOut,
  informarFundo: Type.Boolean(),
  descLancamento: TextOut,
  viaBoleto: Type.Boolean(),
});

const Installment = Type.Object({
  codigoParcela: UuidOut,
  nroParcela: Type.Integer(),
  situacao: Type.Integer({ description: '0 open, 1 paid (other codes: docs)' }),
  dtVencimento: DateTimeOut,
  vlrParcela: MoneyOut,
  nroOrdemPagamento: TextOut,
  vlrSaldoAtual: MoneyOut,
  vlrTotalPago: MoneyOut,
  vlrDesconto: MoneyOut,
  dtVencimentoAtual: DateTimeOut,
  // null when not requested (trazerBoleto / trazerAgendaDetalhada false).
  boletos: nullable(Type.Array(BoletoEntry)),
  pix: nullable(Type.Array(PixEntry)),
  lancamentos: nullable(Type.Array(LaunchEntry)),
});

export const spec = defineSpec({
  path: '/AgendaRecebivel/ConsultarDetalhes',
  operationId: 'AgendaRecebivel_ConsultarDetalhes',
  summary: 'Read the receivables schedule: installments, boletos, Pix and launches.',
  scope: 'caas.receivables',
  kind: 'query',
  envelope: 'camel',
  body: obj({
    dto: ScheduleInstallmentsRef,
    dtoConsultaDetalhes: opt(obj({ trazerBoleto: opt(bool()), trazerAgendaDetalhada: opt(bool()) })),
  }),
  response: envelope({
    numeroProposta: Type.Integer(),
    dtInclusao: DateTimeOut,
    dtCancelamento: DateTimeOut,
    dtLiquidacao: DateTimeOut,
    situacaoAgenda: Type.Integer({ description: '2 open, 1 paid off, 0 cancelled' }),
    descricaoSituacaoAgenda: Type.String(),
    documentoFederalCliente: TextOut,
    nomeCliente: TextOut,
    nomeEmpresa: TextOut,
    ecCliente: TextOut,
    vlrFinanciado: MoneyOut,
    vlrRetencaoDiarioAprox: MoneyOut,
    vlrTotalPago: MoneyOut,
    qtdeParcelas: Type.Integer(),
    situacaoProposta: Type.Integer(),
    descricaoTipoContrato: TextOut,
    parcelas: Type.Array(Installment),
  }),
});
