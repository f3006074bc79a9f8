// Proposta/Consultar: read one proposal (status, amounts, schedule summary, history).
// The interface does not show this operation (its production clients use it): the answer is ours.
import { defineSpec } from '../../platform/http/operation-spec.js';
import { DateTimeOut, MoneyOut, Type, envelope, obj } from '../../platform/http/schema-types.js';
import { IntOut, nullable, proposalNumber, proposalRef, TextOut, UuidOut } from '../../platform/http/wire-blocks.js';

const PercentOut = nullable(Type.Number());

const ScheduleSummary = Type.Object({
  situacaoAgenda: Type.Integer({ description: '2 open, 1 paid off, 0 cancelled' }),
  descricaoSituacaoAgenda: Type.String(),
  qtdeParcelas: Type.Integer(),
  qtdeParcelasPagas: Type.Integer(),
  vlrTotalPago: MoneyOut,
  vlrSaldoDevedor: MoneyOut,
  dtLiquidacao: DateTimeOut,
});

const PlannedInstallmentOut = Type.Object({
  nroParcela: Type.Integer(),
  dtVencimento: Type.String({ format: 'date-time' }),
  vlrParcela: MoneyOut,
  vlrJuros: MoneyOut,
  vlrAmortizacao: MoneyOut,
  vlrEncargosMensais: MoneyOut,
  vlrSaldoDevedor: MoneyOut,
});

const HistoryEntry = Type.Object({
  dtEvento: Type.String({ format: 'date-time' }),
  evento: Type.String({ description: 'create, finalize, approve, requestPayment, disburse, assign, refuse, cancel, settle, updatePaymentAccount' }),
  situacaoAnterior: IntOut,
  descricaoSituacaoAnterior: TextOut,
  situacao: Type.Integer(),
  descricaoSituacao: Type.String(),
  usuario: TextOut,
  motivo: TextOut,
});

const PaymentAccountOut = Type.Object({
  codigoBanco: IntOut,
  tipoConta: IntOut,
  agencia: TextOut,
  agenciaDig: TextOut,
  conta: TextOut,
  contaDig: TextOut,
  numeroBanco: TextOut,
  documentoFederalPagamento: TextOut,
  nomePagamento: TextOut,
});

const ProposalOut = Type.Object({
  codigo: UuidOut,
  numero: Type.Integer(),
  codigoOperacao: TextOut,
  situacao: Type.Integer(),
  descricaoSituacao: Type.String(),
  documentoCliente: Type.String(),
  dtInclusao: DateTimeOut,
  dtLiberacao: DateTimeOut,
  dtCancelamento: DateTimeOut,
  vlrSolicitado: MoneyOut,
  vlrFinanciado: MoneyOut,
  vlrParcela: MoneyOut,
  vlrIOF: MoneyOut,
  vlrTAC: nullable(MoneyOut), // null when the partner sent no TAC
  percJurosNegociado: PercentOut,
  percCETMensal: PercentOut,
  percCETAnual: PercentOut,
  prazo: Type.Integer(),
  dtPrimeiroVencto: DateTimeOut,
  contaPagamento: nullable(PaymentAccountOut),
  // The plan priced at finalization (empty for a draft); the live balances are in `agenda`.
  parcelas: Type.Array(PlannedInstallmentOut),
  agenda: nullable(ScheduleSummary),
  historico: Type.Array(HistoryEntry),
});

export const spec = defineSpec({
  path: '/Proposta/Consultar',
  operationId: 'Proposta_Consultar',
  summary: 'Read one proposal by codigoProposta, codigoOperacao or numeroProposta.',
  scope: 'caas.proposals',
  kind: 'query',
  envelope: 'camel',
  body: obj({ dto: proposalRef(proposalNumber()) }),
  response: envelope({ proposta: nullable(ProposalOut) }),
});
