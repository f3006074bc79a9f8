// api/Favorecido ({pix_url}): request registration of a Pix payee; the service team reviews it.
import { defineSpec } from '../../platform/http/operation-spec.js';
import { DateTimeOut, Type, envelope, integer, obj, opt, text } from '../../platform/http/schema-types.js';
import { documentText, IntOut, nullable, TextOut, UuidOut } from '../../platform/http/wire-blocks.js';
import {
  ACCOUNT_DIGITS_MAX as ACCOUNT_LENGTH_MAX,
  AGENCY_TEXT_LENGTH_MAX as AGENCY_LENGTH_MAX,
  BANK_NUMBER_TEXT_LENGTH_MAX as BANK_NUMBER_LENGTH_MAX,
  CHECK_DIGIT_TEXT_LENGTH_MAX as CHECK_DIGIT_LENGTH_MAX,
  HOLDER_NAME_LENGTH_MAX as NAME_LENGTH_MAX,
  ISPB_LENGTH_MAX,
  PIX_KEY_LENGTH_MAX,
} from '../banking/index.js';


/** 1 Corrente, 2 Poupança, 3 Pagamento, 4 Salário. */
const accountType = () => opt(integer({ minimum: 1, maximum: 4 }));

const ContaDto = obj({
  agencia: opt(text({ maxLength: AGENCY_LENGTH_MAX })),
  agenciaDigito: opt(text({ maxLength: CHECK_DIGIT_LENGTH_MAX })),
  conta: opt(text({ maxLength: ACCOUNT_LENGTH_MAX })),
  contaDigito: opt(text({ maxLength: CHECK_DIGIT_LENGTH_MAX })),
  contaPgto: opt(text({ maxLength: ACCOUNT_LENGTH_MAX + CHECK_DIGIT_LENGTH_MAX, description: 'Account number followed by its check digit' })),
  tipoConta: accountType(),
  modeloConta: opt(integer({ minimum: 1, maximum: 4, description: '1 Movimento, 2 Escrow, 3 Pagamento, 4 Salário' })),
});

export const spec = defineSpec({
  path: '/api/Favorecido',
  operationId: 'Favorecido_Incluir',
  summary: 'Register a Pix payee (by key or by bank data) for review by the service team.',
  scope: 'caas.payees',
  kind: 'command',
  envelope: 'camel',
  body: obj({
    contaDto: opt(ContaDto),
    nome: opt(text({ maxLength: NAME_LENGTH_MAX })),
    documentoFederal: opt(documentText()),
    tipoChave: opt(integer({ minimum: 0, maximum: 4, description: '0 CPF, 1 CNPJ, 2 Telefone, 3 Email, 4 EVP' })),
    chave: opt(text({ maxLength: PIX_KEY_LENGTH_MAX })),
    numeroParticipanteSpi: opt(text({ maxLength: ISPB_LENGTH_MAX })),
    agencia: opt(text({ maxLength: AGENCY_LENGTH_MAX })),
    agenciaDigito: opt(text({ maxLength: CHECK_DIGIT_LENGTH_MAX })),
    conta: opt(text({ maxLength: ACCOUNT_LENGTH_MAX })),
    contaDigito: opt(text({ maxLength: CHECK_DIGIT_LENGTH_MAX })),
    contaPagamento: opt(text({ maxLength: ACCOUNT_LENGTH_MAX + CHECK_DIGIT_LENGTH_MAX })),
    tipoConta: accountType(),
    tipoCadastroPix: opt(integer({ minimum: 1, maximum: 2, description: '1 by key, 2 by bank data' })),
    numeroBanco: opt(text({ maxLength: BANK_NUMBER_LENGTH_MAX })),
  }),
  // The interface leaves the answer open (issue 7 fixes it): situacao 0 pendente, 1 aprovado,
  // 2 reprovado (docs/payees.md).
  response: envelope({ codigoFavorecido: nullable(UuidOut), situacao: IntOut, descricaoSituacao: TextOut }),
});

/** A payee as Favorecido/Consultar answers it. */
export const PayeeOut = Type.Object({
  codigoFavorecido: UuidOut,
  situacao: Type.Integer(),
  descricaoSituacao: Type.String(),
  motivoRejeicao: TextOut,
  nome: Type.String(),
  documentoFederal: Type.String(),
  tipoCadastroPix: Type.Integer(),
  tipoChave: IntOut,
  chave: TextOut,
  numeroParticipanteSpi: TextOut,
  numeroBanco: TextOut,
  agencia: TextOut,
  agenciaDigito: TextOut,
  conta: TextOut,
  contaDigito: TextOut,
  contaPagamento: TextOut,
  tipoConta: IntOut,
  modeloConta: IntOut,
  dtInclusao: Type.String({ format: 'date-time' }),
  dtSituacao: DateTimeOut,
});
