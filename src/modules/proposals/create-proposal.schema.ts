// Proposta/IncluirManualSimplificado: create a person or company proposal.
import { defineSpec } from '../../platform/http/operation-spec.js';
import { MoneyOut, Parametros, ParametrosOut, Type, envelope, obj } from '../../platform/http/schema-types.js';
import { IntOut, nullable, UuidOut } from '../../platform/http/wire-blocks.js';
import { Proposal } from './proposal-blocks.js';

const MoneyOrNull = nullable(MoneyOut);

export const spec = defineSpec({
  example: { dto: { documentoCliente: '529.982.247-25', codigoOperacao: 'OP-2026-000123', vlrSolicitado: 10000, prazo: 12, percJurosNegociado: 1.99, dtPrimeiroVencto: '2027-01-10', propostaContaPagamentoDTO: { codigoBanco: 341, tipoConta: 1, agencia: '1234', agenciaDig: '5', conta: '567890', contaDig: '1', documentoFederalPagamento: '529.982.247-25', nomePagamento: 'Maria da Silva' } }, parametros: [{ nome: 'canal', valor: 'app' }] },
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
    percCETAnual: nullable(Type.Number({ description: 'Annual CET, % (Res. CMN 4.881)' })),
    percCETMensal: nullable(Type.Number({ description: 'Monthly CET, %' })),
  }),
});
