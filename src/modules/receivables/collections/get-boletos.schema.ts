// AgendaRecebivel/ConsultarBoletos: the boletos of a schedule.
import { defineSpec } from '../../../platform/http/operation-spec.js';
import { DateTimeOut, MoneyOut, Type, arrayOf, bool, envelope, integer, obj, opt } from '../../../platform/http/schema-types.js';
import { BATCH_ITEMS_MAX, ScheduleRef, TextOut } from '../../../platform/http/wire-blocks.js';
import { QrCodeOut } from '../receivables-blocks.js';

const BoletoListEntry = Type.Object({
  numeroBoleto: Type.Integer(),
  numeroProposta: Type.Integer(),
  liquidacao: Type.Boolean(),
  parcelas: Type.String({ description: "Installment numbers, e.g. '1,2'" }),
  descricao: TextOut,
  dtInclusao: DateTimeOut,
  dtVencimento: DateTimeOut,
  dtCancelamento: DateTimeOut,
  dtExpiracao: DateTimeOut,
  dtCredito: DateTimeOut,
  valorBoleto: MoneyOut,
  vlrPago: MoneyOut,
  impressao: TextOut,
  linhaDigitavel: TextOut,
  documentoFederalCliente: TextOut,
  cliente: TextOut,
  parceiro: TextOut,
  qrCode: QrCodeOut,
});

export const spec = defineSpec({
  path: '/AgendaRecebivel/ConsultarBoletos',
  operationId: 'AgendaRecebivel_ConsultarBoletos',
  summary: 'List the boletos of a schedule (optionally by number, optionally with cancelled ones).',
  scope: 'caas.receivables',
  kind: 'query',
  envelope: 'camel',
  body: obj({
    dto: ScheduleRef,
    dtoConsultaBoletos: opt(obj({
      numerosBoletos: opt(arrayOf(integer({ minimum: 1 }), BATCH_ITEMS_MAX)),
      trazerBoletosCancelados: opt(bool()),
    })),
  }),
  response: envelope({ boletos: Type.Array(BoletoListEntry) }),
});
