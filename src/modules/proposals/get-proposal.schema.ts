// Proposta/Consultar: read one proposal (status, amounts, schedule summary, history).
// The interface does not show this operation. Its production clients read the proposal's fields at
// the top level of the envelope (compatibility-notes, "Observed in a public partner client"): those
// are named and typed as the notes list them; the others are ours, at the top level too.
import { defineSpec } from '../../platform/http/operation-spec.js';
import { DateTimeOut, DecimalOut, MoneyOut, Type, envelope, obj } from '../../platform/http/schema-types.js';
import { IntOut, nullable, proposalNumber, proposalRef, TextOut, UuidOut } from '../../platform/http/wire-blocks.js';

const PercentOut = nullable(DecimalOut());

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

/** Item of `propostaLancamentos`: a payment made out of the disbursement (bank fields null for a boleto). */
const ProposalLaunchOut = Type.Object({
  campoID: TextOut,
  descricaoCampo: Type.String(),
  vlrTransacao: MoneyOut,
  dtPrevPagto: DateTimeOut,
  dtPagamento: DateTimeOut,
  situacao: Type.Integer({ description: '0 not paid yet, 1 paid with the disbursement' }),
  linhaDigitavel: TextOut,
  dtVenctoBoleto: DateTimeOut,
  vlrBoleto: nullable(MoneyOut),
  codigoBanco: IntOut,
  numeroBanco: TextOut,
  tipoConta: IntOut,
  agencia: TextOut,
  agenciaDig: TextOut,
  conta: TextOut,
  contaDig: TextOut,
  documentoFederal: TextOut,
  nomePagamento: TextOut,
  nomeCedente: TextOut,
  descricaoOcorrencia: TextOut,
});

/** Item of `cancelamentoFGTS`: the cancellation and its refund boleto (boleto fields null when nothing is due back). */
const CancellationOut = Type.Object({
  detalhes: Type.String(),
  contextoEvento: Type.String(),
  tipoEvento: Type.Integer(),
  nomeEvento: Type.String(),
  dtEvento: DateTimeOut,
  numCodigoBarras: TextOut,
  numLinhaDigitavel: TextOut,
  pixCopiaCola: TextOut,
  vlrBoleto: nullable(MoneyOut),
  dtVencimento: DateTimeOut,
  numeroBoleto: IntOut,
  urlImpressaoBoleto: TextOut,
});

/** The fields partner clients read (compatibility-notes), names and types as listed there. */
const ClientFields = {
  codigoProposta: UuidOut,
  numeroCCB: Type.String(),
  tipoContrato: TextOut,
  qtdeParcelas: Type.Integer(),
  vlrTAC: MoneyOut, // 0 when the partner sent no TAC
  vlrSeguro: MoneyOut,
  vlrOutrasDespesas: MoneyOut,
  vlrOutrosServicos: MoneyOut,
  vlrTotalCredito: MoneyOut,
  vlrTotalDivida: MoneyOut,
  vlrDesembolso: MoneyOut,
  percJurosMensal: DecimalOut(),
  percJurosAnual: DecimalOut(),
  dtPagamento: DateTimeOut,
  motivoRejeicao: TextOut,
  motivoPendencia: TextOut,
  motivoCancelamento: TextOut,
  textoRetornoPagamento: TextOut,
  autenticacaoBancaria: TextOut,
  controleBancario: TextOut,
  nomeFavorecido: TextOut,
  documentoFavorecido: TextOut,
  propostaLancamentos: Type.Array(ProposalLaunchOut),
  cancelamentoFGTS: Type.Array(CancellationOut),
};

const ProposalFields = {
  ...ClientFields,
  codigo: UuidOut,
  numero: Type.Integer(),
  codigoOperacao: TextOut,
  situacao: Type.Integer(),
  descricaoSituacao: Type.String(),
  documentoCliente: Type.String(),
  dtInclusao: Type.String({ format: 'date-time' }),
  dtLiberacao: DateTimeOut,
  dtCancelamento: DateTimeOut,
  vlrSolicitado: MoneyOut,
  vlrFinanciado: MoneyOut,
  vlrParcela: MoneyOut,
  vlrIOF: MoneyOut,
  percJurosNegociado: PercentOut,
  percCETMensal: DecimalOut(),
  percCETAnual: DecimalOut(),
  prazo: Type.Integer(),
  dtPrimeiroVencto: DateTimeOut,
  propostaContaPagamento: nullable(PaymentAccountOut),
  // The plan priced at finalization (empty for a draft); the live balances are in `agenda`.
  parcelas: Type.Array(PlannedInstallmentOut),
  agenda: nullable(ScheduleSummary),
  historico: Type.Array(HistoryEntry),
};

export const spec = defineSpec({
  path: '/Proposta/Consultar',
  operationId: 'Proposta_Consultar',
  summary: "Read one proposal by codigoProposta, codigoOperacao or numeroProposta: its fields at the envelope's top level.",
  scope: 'caas.proposals',
  kind: 'query',
  envelope: 'camel',
  body: obj({ dto: proposalRef(proposalNumber()) }),
  response: envelope(ProposalFields),
});
