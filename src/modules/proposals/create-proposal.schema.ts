// Proposta/IncluirManualSimplificado: create a person or company proposal.
import { defineSpec } from '../../platform/http/operation-spec.js';
import { DecimalOut, MoneyOut, Parametros, ParametrosOut, Type, envelope, obj } from '../../platform/http/schema-types.js';
import { IntOut, nullable, UuidOut } from '../../platform/http/wire-blocks.js';
import { Proposal } from './proposal-blocks.js';

const MoneyOrNull = nullable(MoneyOut);

export const spec = defineSpec({
  path: '/Proposta/IncluirManualSimplificado',
  operationId: 'Proposta_IncluirManualSimplificado',
  summary: 'Create a loan proposal; returns its code, number, installment, IOF, financed amount and CET.',
  scope: 'caas.proposals',
  kind: 'command',
  envelope: 'camel',
  body: obj({ dto: Proposal, parametros: Parametros }),
  response: envelope({
    parametros: ParametrosOut,
    codigo: nullable(UuidOut),
    numero: IntOut,
    // Extras the interface does not list (issue 4): what the engine computed or accepted.
    vlrParcela: MoneyOrNull,
    vlrIOF: MoneyOrNull,
    vlrFinanciado: MoneyOrNull,
    percCETAnual: nullable(DecimalOut({ description: 'Annual CET, % (Res. CMN 4.881)' })),
    percCETMensal: nullable(DecimalOut({ description: 'Monthly CET, %' })),
  }),
});
