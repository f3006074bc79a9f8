// AgendaRecebivel/ConsultarParcelas: installment values recalculated to dtCalculo.
import { defineSpec } from '../../../platform/http/operation-spec.js';
import { DateTimeOut, MoneyOut, Type, bool, dateTime, envelope, obj, opt } from '../../../platform/http/schema-types.js';
import { ScheduleInstallmentsRef } from '../../../platform/http/wire-blocks.js';

const Calculated = Type.Object({
  vlrMulta: MoneyOut,
  vlrMora: MoneyOut,
  vlrJurosContrato: MoneyOut,
  vlrEncargos: MoneyOut,
  vlrAbatimento: MoneyOut,
  vlrSaldoAtualizado: MoneyOut,
});

export const spec = defineSpec({
  path: '/AgendaRecebivel/ConsultarParcelas',
  operationId: 'AgendaRecebivel_ConsultarParcelas',
  summary: 'Read installment values updated to a calculation date.',
  scope: 'caas.receivables',
  kind: 'query',
  envelope: 'camel',
  body: obj({
    dto: ScheduleInstallmentsRef,
    dtoConsultaParcelas: opt(obj({ dtCalculo: opt(dateTime()), permiteDescapitalizacao: opt(bool()) })),
  }),
  response: envelope({
    dtCalculo: DateTimeOut,
    parcelas: Type.Array(Type.Object({ nroParcela: Type.Integer(), dtVencimentoAtual: DateTimeOut, calculado: Calculated })),
  }),
});
