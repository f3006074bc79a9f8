// Test fixture: the field names of the bureau answers exactly as the interface document
// ("Bureau consultation results") lists them, copied from its text rather than from the code,
// so the tests catch a field the implementation forgot or misspelt.

export const ENVELOPE_FREE_BUREAU_TOP = ['possuiRestricao', 'falha'] as const;

export const PF_FIELDS = [
  'id', 'codigo', 'documentoFederal', 'dtInclusao', 'protocolo', 'dtNasc', 'email', 'estadoCivil', 'idade', 'nome', 'nomeMae', 'nomePai',
  'rg', 'rguf', 'nroTituloEleitor', 'sexo', 'signo', 'situacao', 'dtSituacao', 'telefoneCelular', 'telefoneResidencial', 'telefoneComercial',
  'telefoneFax', 'cep', 'logradouro', 'nroLogradouro', 'bairro', 'complemento', 'cidade', 'uf', 'score3Meses', 'score3MesesMSG',
  'score12Meses', 'score12MesesMSG', 'xmlResult',
] as const;

export const PF_ARRAYS = ['bureauMixMaisPFTelefone', 'bureauMixMaisPFConsultaDetalhe', 'bureauMixMaisPFEndereco', 'bureauMixMaisPFConsultaRealizada'] as const;

export const PJ_FIELDS = [
  'id', 'codigo', 'documentoFederal', 'dtInclusao', 'protocolo', 'dataFundacao', 'razaoSocial', 'razaoSocialAnterior', 'nomeComercial',
  'homePage', 'email', 'inscricaoEstadual', 'numeroNIRENIRC', 'valorCapitalSocial', 'situacaoRFB', 'dtSituacaoRFB', 'situacaoIE',
  'dtSituacaoIE', 'naturezaJuridica', 'atividades', 'telefone', 'telefoneFax', 'cep', 'logradouro', 'nroLogradouro', 'bairro',
  'complemento', 'cidade', 'uf', 'score12Meses', 'score12MesesMSG', 'score3Meses', 'score3MesesMSG', 'xmlResult',
] as const;

export const PJ_ARRAYS = ['bureaupjTelefone', 'bureaupjConsultaDetalhe', 'bureaupjEndereco', 'bureaupjConsultaRealizada'] as const;

export const ITEM_FIELDS = {
  Telefone: ['id', 'codigo', 'codigoConsulta', 'ddd', 'numero', 'qtde'],
  ConsultaDetalhe: ['id', 'codigo', 'codigoConsulta', 'nomeAssociado', 'dtConsulta', 'entidadeOrigem'],
  Endereco: ['id', 'codigo', 'codigoConsulta', 'cep', 'logradouro', 'nroLogradouro', 'bairro', 'complemento', 'cidade', 'uf'],
  ConsultaRealizada: ['id', 'codigo', 'codigoConsulta', 'item', 'qtde', 'dtUltOcorrencia', 'valor'],
} as const;

export const SCR_TOP = ['erro', 'mensagemOperador', 'periodo', 'resumoDoCliente', 'resumoDoClienteTraduzido', 'resumoModalidade'] as const;

export const SCR_CLIENT_FIELDS = [
  'cnpjDaIfSolicitante', 'codigoDoCliente', 'dataBaseConsultada', 'dataInicioRelacionamento', 'percentualDocumentosProcessados',
  'percentualVolumeProcessado', 'tipoDoCliente', 'coobrigacaoAssumida', 'coobrigacaoRecebida', 'quantidadeDeInstituicoes',
  'quantidadeDeOperacoes', 'quantidadeOperacoesDiscordancia', 'quantidadeOperacoesSubJudice', 'responsabilidadeTotalDiscordancia',
  'responsabilidadeTotalSubJudice', 'riscoIndiretoVendor',
  'coobrigacaoAssumidaSpecified', 'coobrigacaoRecebidaSpecified', 'responsabilidadeTotalDiscordanciaSpecified',
  'responsabilidadeTotalSubJudiceSpecified', 'riscoIndiretoVendorSpecified',
  'listaDeMensagensDeValidacao', 'listaDeResumoDasOperacoes',
] as const;

export const SCR_VALIDATION_MESSAGE_FIELDS = ['codigo', 'mensagem'] as const;
export const SCR_OPERATION_FIELDS = ['modalidade', 'variacaoCambial', 'listaDeVencimentos'] as const;
export const SCR_MATURITY_FIELDS = ['codigoVencimento', 'valorVencimento', 'valorVencimentoSpecified'] as const;

export const SCR_TRANSLATED_FIELDS = [
  'dtInicioRelacionamento', 'qtdeInstituicoes', 'qtdeOperacoes', 'qtdeOperacoesDiscordancia', 'vlrOperacoesDiscordancia',
  'qtdeOperacoesSobJudice', 'vlrOperacoesSobJudice', 'carteiraVencer', 'carteiraVencerAte30diasVencidosAte14dias', 'carteiraVencer31a60dias',
  'carteiraVencer61a90dias', 'carteiraVencer91a180dias', 'carteiraVencer181a360dias', 'carteiraVencerAcima360dias',
  'carteiraVencerPrazoIndeterminado', 'moedaEstrangeiraValor', 'moedaEstrangeiraValor15a30dias', 'moedaEstrangeiraValor31a60dias',
  'moedaEstrangeiraValor61a90dias', 'moedaEstrangeiraValor91a180dias', 'moedaEstrangeiraValor181a360dias',
  'moedaEstrangeiraValorAcima360dias', 'carteiraVencido', 'carteiraVencido15a30dias', 'carteiraVencido31a60dias',
  'carteiraVencido61a90dias', 'carteiraVencido91a180dias', 'carteiraVencido181a360dias', 'carteiraVencidoAcima360dias', 'prejuizo',
  'prejuizoAte12meses', 'prejuizoAcima12meses', 'carteiradeCredito', 'repasses', 'coobrigacoes', 'responsabilidadeTotal',
  'creditosaLiberar', 'limitesdeCredito', 'limitesdeCreditoAte360dias', 'limitesdeCreditoAcima360dias', 'riscoIndiretoVendor', 'riscoTotal',
] as const;

export const SCR_MODALITY_FIELDS = ['tipo', 'modalidade', 'dominio', 'subdominio', 'valorVencimento'] as const;

export const FRAUD_FIELDS = ['falha', 'json'] as const;

/** Asserts `obj` has every listed key (extra keys are reported too: the answer is the interface's). */
export function missingAndExtra(obj: object, expected: readonly string[]): { missing: string[]; extra: string[] } {
  const keys = Object.keys(obj);
  return { missing: expected.filter((k) => !keys.includes(k)), extra: keys.filter((k) => !expected.includes(k)) };
}
