// One valid request body per operation of the catalogue (ALL_SPECS, src/descriptors.ts), keyed by
// operationId: what the interface's tables describe, filled with plausible values. Tests start
// from them (the hostile-input fuzz mutates them; test/http/hostile-fuzz.test.ts checks that each
// one passes its schema and that the operations accept them), and docs can quote them.
// `refs` points the examples at real records (a proposal, a payee, a guarantee asset).

export interface ExampleRefs {
  codigoProposta: string;
  numeroProposta: number;
  codigoOperacao: string;
  codigoFavorecido: string;
  codigoPropostaGarantiaBem: string;
}

export const EXAMPLE_REFS: ExampleRefs = {
  codigoProposta: '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b',
  numeroProposta: 1,
  codigoOperacao: 'OP-2026-0001',
  codigoFavorecido: '7d9e0f1a-2b3c-4d5e-8f6a-7b8c9d0e1f2a',
  codigoPropostaGarantiaBem: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
};

const CPF = '123.456.789-09';
const DUE_DATE = '2026-12-23';

const account = {
  codigoBanco: 341,
  tipoConta: 1,
  agencia: '0001',
  conta: '123456',
  contaDig: '7',
  numeroBanco: '341',
  documentoFederalPagamento: CPF,
  nomePagamento: 'Maria da Silva',
};

const parametros = [{ nome: 'canal', valor: 'app' }];

export function operationExamples(refs: ExampleRefs = EXAMPLE_REFS): Readonly<Record<string, Record<string, unknown>>> {
  const proposal = { codigoProposta: refs.codigoProposta };
  const schedule = { codigoProposta: refs.codigoProposta };
  return {
    Proposta_IncluirManualSimplificado: {
      dto: { documentoCliente: CPF, codigoOperacao: refs.codigoOperacao, vlrSolicitado: 10000, prazo: 12, percJurosNegociado: 2, dtPrimeiroVencto: DUE_DATE, propostaContaPagamentoDTO: account },
      parametros,
    },
    Proposta_Recusar: { dto: proposal, propostaRecusaDTO: { motivoRejeicao: 1, textoMotivoRecusa: 'Cliente desistiu' }, parametros },
    Proposta_AtualizarContaPagamento: { dto: proposal, propostaContaPagamentoDTO: { ...account, conta: '654321', contaDig: '0' }, parametros },
    FGTS_CancelarProposta: { dto: proposal, documentoCliente: CPF, motivoCancelamento: 'Arrependimento' },
    Proposta_Consultar: { dto: { numeroProposta: refs.numeroProposta } },
    Proposta_Finalizar: { dto: proposal, parametros },
    Proposta_SalvarPropostaGarantiaBemDocumento: {
      dto: { codigoPropostaGarantiaBem: refs.codigoPropostaGarantiaBem, tipoDocumento: 1, nomeArquivo: 'crlv.pdf', extensao: 'pdf', dtValidade: '2027-11-23', conferido: false },
      parametros,
    },
    Pessoa_SalvarEnderecos: {
      param: { documentoCliente: CPF },
      dtos: [{ cep: '01310-100', logradouro: 'Avenida Paulista', nroLogradouro: '1000', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', tipoEndereco: 1, tipoResidencia: 1, enderecoDesde: '2020-01-01', enderecoPrincipal: true, enderecoCorrespondencia: true }],
    },
    FGTS_CancelarCobrancas: { dto: schedule, dtoCancelarCobrancas: { codigosLiquidacoes: ['9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'] } },
    AgendaRecebivel_GerarUnicoBoleto: {
      dto: { ...schedule, nroParcelas: [1] },
      dtoGerarUnicoBoleto: { dtVencimento: DUE_DATE, liquidacao: true, descricaoBoleto: 'Parcela 1 do empréstimo', tipoRegistro: 1 },
      parametros,
    },
    AgendaRecebivel_GerarMultiplosBoletos: {
      dto: schedule,
      dtoGerarMultiplosBoletos: { descricaoBoleto: 'Parcelas do empréstimo', notificarCliente: false, tipoRegistro: 1, parcelas: [{ nroParcela: 2, dtVencimento: '2027-01-23' }] },
      parametros,
    },
    AgendaRecebivel_GerarUnicaCobranca: {
      dto: { ...schedule, nroParcelas: [3] },
      dtoGerarUnicaLiquidacao: { dtVencimento: '2027-02-23', liquidacao: true, pagamentoViaBoleto: true, pagamentoViaPIX: true, descricaoLiquidacao: 'Parcela 3', tipoRegistro: 1 },
    },
    AgendaRecebivel_GerarMultiplasCobrancas: {
      dto: schedule,
      dtoGerarMultiplasLiquidacoes: { descricaoLiquidacao: 'Parcelas 4 e 5', pagamentoViaBoleto: true, pagamentoViaPIX: false, tipoRegistro: 1, parcelas: [{ nroParcela: 4 }, { nroParcela: 5 }] },
    },
    AgendaRecebivel_ConsultarDetalhes: { dto: { ...schedule, nroParcelas: [] }, dtoConsultaDetalhes: { trazerBoleto: true, trazerAgendaDetalhada: true } },
    AgendaRecebivel_IncluirLancamentoMultiplasParcelas: {
      dto: schedule,
      dtoLancamentoParcelas: [{ nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: 100.5, descricaoLancamento: 'Pagamento parcial' }],
      parametros,
    },
    AgendaRecebivel_IncluirLancamentoParcela: {
      dto: { ...schedule, nroParcela: 1 },
      dtoLancamentoParcela: { dtPagamento: '2026-11-23', vlrPagamento: 100.5, vlrDesconto: 0, permiteDescapitalizacao: false, descricaoLancamento: 'Pagamento parcial', parametros },
    },
    AgendaRecebivel_ConsultarParcelas: { dto: { ...schedule, nroParcelas: [1, 2] }, dtoConsultaParcelas: { dtCalculo: '2026-11-23', permiteDescapitalizacao: true } },
    AgendaRecebivel_ConsultarBoletos: { dto: schedule, dtoConsultaBoletos: { numerosBoletos: [], trazerBoletosCancelados: true } },
    Bureau_ConsultarBureau: { consulta: { documento: '529.982.247-25', codigoProduto: '1', consultaCompleta: true } },
    Bureau_ConsultarSCR: { consulta: { documento: '529.982.247-25', dataBaseMes: '09', dataBaseAno: '2026', dtAceiteCliente: '2026-11-23T14:00:00Z' } },
    Bureau_ConsultaFraudeBureauBase: { consulta: { documento: '529.982.247-25', chavePix: 'maria@example.com', email: 'maria@example.com', celularUsuario: { codigoPais: '55', ddd: '11', numero: '987654321' } } },
    Favorecido_Incluir: { nome: 'Maria da Silva', documentoFederal: CPF, tipoCadastroPix: 1, tipoChave: 0, chave: '12345678909' },
    Favorecido_Consultar: { codigoFavorecido: refs.codigoFavorecido },
  };
}
