// Specs of the provider wire bodies: the same shapes as the port's bodies (bureau-types.ts,
// scr-types.ts, fraud-types.ts), field for field. docs/sandbox.md documents the wire format.
import { SCR_MONEY_FIELDS } from './scr-types.js';
import { arrayOf, object, type FieldsSpec } from './wire-decode.js';

const ITEM_KEYS: FieldsSpec = { id: 'int', codigo: 'string', codigoConsulta: 'string' };

const PHONE_ITEM: FieldsSpec = { ...ITEM_KEYS, ddd: 'string', numero: 'string', qtde: 'int' };
const INQUIRY_ITEM: FieldsSpec = { ...ITEM_KEYS, nomeAssociado: 'string', dtConsulta: 'datetime', entidadeOrigem: 'string' };
const ADDRESS_ITEM: FieldsSpec = {
  ...ITEM_KEYS, cep: 'string', logradouro: 'string', nroLogradouro: 'string', bairro: 'string', complemento: 'string?', cidade: 'string', uf: 'string',
};
const RECORD_ITEM: FieldsSpec = { ...ITEM_KEYS, item: 'string', qtde: 'int', dtUltOcorrencia: 'datetime?', valor: 'money' };

function arrays(prefix: string): FieldsSpec {
  return {
    [`${prefix}Telefone`]: arrayOf(PHONE_ITEM),
    [`${prefix}ConsultaDetalhe`]: arrayOf(INQUIRY_ITEM),
    [`${prefix}Endereco`]: arrayOf(ADDRESS_ITEM),
    [`${prefix}ConsultaRealizada`]: arrayOf(RECORD_ITEM),
  };
}

const RESULT_COMMON: FieldsSpec = {
  id: 'int', codigo: 'string', documentoFederal: 'string', dtInclusao: 'datetime', protocolo: 'string', email: 'string?',
  cep: 'string?', logradouro: 'string?', nroLogradouro: 'string?', bairro: 'string?', complemento: 'string?', cidade: 'string?', uf: 'string?',
  score3Meses: 'int?', score3MesesMSG: 'string?', score12Meses: 'int?', score12MesesMSG: 'string?', xmlResult: 'string?',
};

const PERSON_RESULT: FieldsSpec = {
  ...RESULT_COMMON,
  dtNasc: 'datetime?', estadoCivil: 'string?', idade: 'int?', nome: 'string', nomeMae: 'string?', nomePai: 'string?', rg: 'string?',
  rguf: 'string?', nroTituloEleitor: 'string?', sexo: 'string?', signo: 'string?', situacao: 'string', dtSituacao: 'datetime',
  telefoneCelular: 'string?', telefoneResidencial: 'string?', telefoneComercial: 'string?', telefoneFax: 'string?',
  ...arrays('bureauMixMaisPF'),
};

const COMPANY_RESULT: FieldsSpec = {
  ...RESULT_COMMON,
  dataFundacao: 'datetime?', razaoSocial: 'string', razaoSocialAnterior: 'string?', nomeComercial: 'string?', homePage: 'string?',
  inscricaoEstadual: 'string?', numeroNIRENIRC: 'string?', valorCapitalSocial: 'string?', situacaoRFB: 'string', dtSituacaoRFB: 'datetime',
  situacaoIE: 'string?', dtSituacaoIE: 'datetime?', naturezaJuridica: 'string?', atividades: 'string?', telefone: 'string?', telefoneFax: 'string?',
  ...arrays('bureaupj'),
};

export const BUREAU_BODY: FieldsSpec = {
  possuiRestricao: 'bool',
  falha: 'bool',
  bureauMixMaisPF: object(PERSON_RESULT, true),
  bureaupj: object(COMPANY_RESULT, true),
  ...arrays('bureauMixMaisPF'),
  ...arrays('bureaupj'),
};

const MATURITY: FieldsSpec = { codigoVencimento: 'string', valorVencimento: 'money', valorVencimentoSpecified: 'bool' };

const CLIENT_SUMMARY: FieldsSpec = {
  cnpjDaIfSolicitante: 'string', codigoDoCliente: 'string', dataBaseConsultada: 'string', dataInicioRelacionamento: 'string?',
  percentualDocumentosProcessados: 'string', percentualVolumeProcessado: 'string', tipoDoCliente: 'string',
  coobrigacaoAssumida: 'money', coobrigacaoAssumidaSpecified: 'bool', coobrigacaoRecebida: 'money', coobrigacaoRecebidaSpecified: 'bool',
  quantidadeDeInstituicoes: 'int', quantidadeDeOperacoes: 'int', quantidadeOperacoesDiscordancia: 'int', quantidadeOperacoesSubJudice: 'int',
  responsabilidadeTotalDiscordancia: 'money', responsabilidadeTotalDiscordanciaSpecified: 'bool',
  responsabilidadeTotalSubJudice: 'money', responsabilidadeTotalSubJudiceSpecified: 'bool',
  riscoIndiretoVendor: 'money', riscoIndiretoVendorSpecified: 'bool',
  listaDeMensagensDeValidacao: arrayOf({ codigo: 'string', mensagem: 'string' }),
  listaDeResumoDasOperacoes: arrayOf({ modalidade: 'string', variacaoCambial: 'string', listaDeVencimentos: arrayOf(MATURITY) }),
};

const TRANSLATED_SUMMARY: FieldsSpec = {
  dtInicioRelacionamento: 'string?', qtdeInstituicoes: 'int', qtdeOperacoes: 'int', qtdeOperacoesDiscordancia: 'int', qtdeOperacoesSobJudice: 'int',
  ...Object.fromEntries(SCR_MONEY_FIELDS.map((f) => [f, 'money' as const])),
};

export const SCR_BODY: FieldsSpec = {
  erro: 'bool',
  mensagemOperador: 'string?',
  periodo: 'string',
  resumoDoCliente: object(CLIENT_SUMMARY, true),
  resumoDoClienteTraduzido: object(TRANSLATED_SUMMARY, true),
  resumoModalidade: arrayOf({ tipo: 'string', modalidade: 'string', dominio: 'string', subdominio: 'string', valorVencimento: 'money' }),
};

export const FRAUD_BODY: FieldsSpec = { falha: 'bool', json: 'json-text' };
