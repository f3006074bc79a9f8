// Success bodies for the response-contract test: each operation's reference example
// (src/reference/operation-examples.ts) pointed at real records reached through the service's own
// faces (the partner API and the operator CLI), so each one answers 200. A body is used once:
// commands that change a state (refuse, cancel, finalize) get a proposal of their own.
import { EXAMPLE_REFS, operationExamples } from '../../src/reference/operation-examples.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface ContractRefs {
  /** A partner call that must answer 200; its parsed body. */
  call(path: string, body: unknown): Promise<Json>;
  /** An operator command (`caas …`) that must succeed; its standard output. */
  operator(...argv: string[]): Promise<string>;
}

const KEEP_DRAFT = { nome: 'SITUACAOPROPOSTAEMDIGITACAO', valor: 'true' };

export async function contractBodies(refs: ContractRefs, now: Date): Promise<Record<string, Json>> {
  const base = operationExamples();
  const today = now.toISOString().slice(0, 10);
  const create = async (extraParametros: Json[] = []) => {
    const example = base.Proposta_IncluirManualSimplificado as Json;
    const body = { ...example, dto: { ...example.dto, codigoOperacao: `contract-${Math.random().toString(36).slice(2)}` }, parametros: [...example.parametros, ...extraParametros] };
    return (await refs.call('/Proposta/IncluirManualSimplificado', body)) as { codigo: string; numero: number };
  };
  const disbursed = async () => {
    const p = await create();
    await refs.operator('proposal', 'approve', String(p.numero), '--at', today);
    await refs.operator('proposal', 'disburse', String(p.numero), '--at', today);
    return p;
  };
  const examplesOf = (p: { codigo: string; numero: number }, extra: Partial<typeof EXAMPLE_REFS> = {}) =>
    operationExamples({ ...EXAMPLE_REFS, codigoProposta: p.codigo, numeroProposta: p.numero, codigoOperacao: `op-${p.numero}`, ...extra }) as Record<string, Json>;

  const kept = await create();
  const toRefuse = await create();
  const draft = await create([KEEP_DRAFT]);
  const toCancel = await disbursed();
  const schedule = await disbursed();
  const payee = await refs.call('/api/Favorecido', base.Favorecido_Incluir);
  const onKept = examplesOf(kept, { codigoFavorecido: String(payee.codigoFavorecido ?? payee.codigo) });
  const onSchedule = examplesOf(schedule);
  // Charges to cancel, one per path of FGTS/CancelarCobrancas (installments 6 and 7).
  const chargeOn = async (installment: number) => {
    const generated = await refs.call('/AgendaRecebivel/GerarUnicaCobranca', { ...onSchedule.AgendaRecebivel_GerarUnicaCobranca, dto: { codigoProposta: schedule.codigo, nroParcelas: [installment] } });
    return (generated.cobrancas as { codigoLiquidacao: string }[])[0]!.codigoLiquidacao;
  };
  const cancelCharge = async (installment: number) => ({ dto: { codigoProposta: schedule.codigo }, dtoCancelarCobrancas: { codigosLiquidacoes: [await chargeOn(installment)] } });
  const launchOn = (installment: number) => ({ ...onSchedule.AgendaRecebivel_IncluirLancamentoMultiplasParcelas, dtoLancamentoParcelas: [{ nroParcela: installment, dtPagamento: today, vlrPagamento: 100.5, descricaoLancamento: 'Pagamento parcial' }] });
  const single = onSchedule.AgendaRecebivel_IncluirLancamentoParcela as Json;

  return {
    Proposta_IncluirManualSimplificado: { ...base.Proposta_IncluirManualSimplificado, dto: { ...(base.Proposta_IncluirManualSimplificado as Json).dto, codigoOperacao: 'contract-created' } },
    Proposta_Recusar: examplesOf(toRefuse).Proposta_Recusar as Json,
    Proposta_AtualizarContaPagamento: onKept.Proposta_AtualizarContaPagamento as Json,
    FGTS_CancelarProposta: examplesOf(toCancel).FGTS_CancelarProposta as Json,
    Proposta_Consultar: onKept.Proposta_Consultar as Json,
    Proposta_Finalizar: examplesOf(draft).Proposta_Finalizar as Json,
    Proposta_SalvarPropostaGarantiaBemDocumento: onKept.Proposta_SalvarPropostaGarantiaBemDocumento as Json,
    Pessoa_SalvarEnderecos: onKept.Pessoa_SalvarEnderecos as Json,
    'FGTS_CancelarCobrancas#0': await cancelCharge(6),
    'FGTS_CancelarCobrancas#1': await cancelCharge(7),
    AgendaRecebivel_GerarUnicoBoleto: onSchedule.AgendaRecebivel_GerarUnicoBoleto as Json,
    AgendaRecebivel_GerarMultiplosBoletos: onSchedule.AgendaRecebivel_GerarMultiplosBoletos as Json,
    AgendaRecebivel_GerarUnicaCobranca: onSchedule.AgendaRecebivel_GerarUnicaCobranca as Json,
    AgendaRecebivel_GerarMultiplasCobrancas: onSchedule.AgendaRecebivel_GerarMultiplasCobrancas as Json,
    AgendaRecebivel_ConsultarDetalhes: onSchedule.AgendaRecebivel_ConsultarDetalhes as Json,
    AgendaRecebivel_IncluirLancamentoMultiplasParcelas: launchOn(8),
    AgendaRecebivel_IncluirLancamentoParcela: { ...single, dto: { codigoProposta: schedule.codigo, nroParcela: 9 }, dtoLancamentoParcela: { ...single.dtoLancamentoParcela, dtPagamento: today } },
    AgendaRecebivel_ConsultarParcelas: { ...onSchedule.AgendaRecebivel_ConsultarParcelas, dtoConsultaParcelas: { dtCalculo: today, permiteDescapitalizacao: true } },
    AgendaRecebivel_ConsultarBoletos: onSchedule.AgendaRecebivel_ConsultarBoletos as Json,
    Bureau_ConsultarBureau: base.Bureau_ConsultarBureau as Json,
    Bureau_ConsultarSCR: base.Bureau_ConsultarSCR as Json,
    Bureau_ConsultaFraudeBureauBase: base.Bureau_ConsultaFraudeBureauBase as Json,
    Favorecido_Incluir: { ...base.Favorecido_Incluir, chave: 'contrato@example.com', tipoChave: 3 },
    Favorecido_Consultar: onKept.Favorecido_Consultar as Json,
  };
}
