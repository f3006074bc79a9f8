// Request blocks shared by several proposal operations (field names and types as the interface
// writes them). Requiredness beyond the interface is enforced by the use cases, with messages.
import { arrayOf, bool, dateTime, integer, money, obj, opt, percent, text } from '../../platform/http/schema-types.js';
import { documentText, INSTALLMENT_NUMBER_MAX, OPERATION_CODE_LENGTH_MAX } from '../../platform/http/wire-blocks.js';
import {
  ACCOUNT_DIGITS_MAX as ACCOUNT_LENGTH_MAX,
  AGENCY_TEXT_LENGTH_MAX as AGENCY_LENGTH_MAX,
  BANK_NUMBER_TEXT_LENGTH_MAX as BANK_NUMBER_LENGTH_MAX,
  CHECK_DIGIT_TEXT_LENGTH_MAX as CHECK_DIGIT_LENGTH_MAX,
  HOLDER_NAME_LENGTH_MAX,
} from '../banking/index.js';
import { BANK_CODE_MAX, BOLETO_BENEFICIARY_NAME_LENGTH_MAX, DIGITABLE_LINE_LENGTH_MAX, LAUNCHES_MAX, NOTES_LENGTH_MAX } from './limits.js';


const bankCode = () => opt(integer({ minimum: 0, maximum: BANK_CODE_MAX }));
/** 1 Corrente, 2 Poupança, 3 Pagamento, 4 Salário (same codes as the payee's tipoConta). */
const accountType = () => opt(integer({ minimum: 1, maximum: 4 }));

/** `propostaContaPagamentoDTO`: the bank account that receives the disbursement. */
export const PaymentAccount = obj({
  codigoBanco: bankCode(),
  tipoConta: accountType(),
  agencia: opt(text({ maxLength: AGENCY_LENGTH_MAX })),
  agenciaDig: opt(text({ maxLength: CHECK_DIGIT_LENGTH_MAX })),
  conta: opt(text({ maxLength: ACCOUNT_LENGTH_MAX })),
  contaDig: opt(text({ maxLength: CHECK_DIGIT_LENGTH_MAX })),
  numeroBanco: opt(text({ maxLength: BANK_NUMBER_LENGTH_MAX })),
  documentoFederalPagamento: opt(documentText()),
  nomePagamento: opt(text({ maxLength: HOLDER_NAME_LENGTH_MAX })),
});

/** Item of `propostaLancamentos`: a payment made out of the disbursement (e.g. a debt paid off). */
export const ProposalLaunch = obj({
  campoID: opt(text({ maxLength: 100 })),
  vlrTransacao: opt(money()),
  dtPagamento: opt(dateTime()),
  linhaDigitavel: opt(text({ maxLength: DIGITABLE_LINE_LENGTH_MAX })),
  codigoBanco: bankCode(),
  numeroBanco: opt(text({ maxLength: BANK_NUMBER_LENGTH_MAX })),
  tipoConta: accountType(),
  agencia: opt(text({ maxLength: AGENCY_LENGTH_MAX })),
  agenciaDig: opt(text({ maxLength: CHECK_DIGIT_LENGTH_MAX })),
  conta: opt(text({ maxLength: ACCOUNT_LENGTH_MAX })),
  contaDig: opt(text({ maxLength: CHECK_DIGIT_LENGTH_MAX })),
  documentoFederal: opt(documentText()),
  nomePagamento: opt(text({ maxLength: HOLDER_NAME_LENGTH_MAX })),
  documentoFederalCedente: opt(documentText()),
  nomeCedente: opt(text({ maxLength: BOLETO_BENEFICIARY_NAME_LENGTH_MAX })),
});

const costs = {
  vlrOutrasDespesas: opt(money()),
  vlrOutrosServicos: opt(money()),
  vlrSeguro: opt(money()),
  vlrCorban: opt(money()),
  vlrAvaliacao: opt(money()),
  vlrDespachante: opt(money()),
  vlrRegistro: opt(money()),
  vlrServTerceiro: opt(money()),
  vlrRegistroCartorio: opt(money()),
  vlrTxAdmMensal: opt(money()),
  vlrSeguroMensal1: opt(money()),
  vlrSeguroMensal2: opt(money()),
};

/** `dto` of IncluirManualSimplificado: the interface's Proposal table. */
export const Proposal = obj({
  documentoCliente: opt(documentText()),
  documentoPromotor: opt(documentText()),
  documentoParceiroCorrespondente: opt(documentText()),
  observacoesVendedor: opt(text({ maxLength: NOTES_LENGTH_MAX })),
  codigoOperacao: opt(text({ maxLength: OPERATION_CODE_LENGTH_MAX })),
  codigoVersaoCCB: opt(integer({ minimum: 0 })),
  tipoIndiceFinan: opt(integer({ minimum: 0, maximum: 999 })),
  percIndiceFinan: opt(percent()),
  vlrSolicitado: opt(money()),
  prazo: opt(integer({ minimum: 1, maximum: INSTALLMENT_NUMBER_MAX })),
  percJurosNegociado: opt(percent('Monthly interest rate, %')),
  vlrIOF: opt(money()),
  percIOF: opt(percent()),
  percIOFAdicional: opt(percent()),
  vlrParcela: opt(money()),
  vlrTAC: opt(money()),
  vlrBoleto: opt(money()),
  dtPrimeiroVencto: opt(dateTime('First due date')),
  ...costs,
  hotMoney: opt(bool()),
  nroDiasAcrescimoHotMoney: opt(integer({ minimum: 0, maximum: 366 })),
  rotativo: opt(bool()),
  tipoContrato: opt(text({ maxLength: 50 })),
  percRetencao: opt(percent()),
  vlrRetencao: opt(money()),
  vlrBlindagem: opt(money()),
  vlrAcessorios: opt(money()),
  vlrVistoria: opt(money()),
  vlrCertiDocs: opt(money()),
  propostaContaPagamentoDTO: opt(PaymentAccount),
  propostaLancamentos: opt(arrayOf(ProposalLaunch, LAUNCHES_MAX)),
});
