// The body of a Bureau/ConsultarBureau answer without the envelope (msg, messages, hasError).
// Field names and casing are the interface's. Every field is always present: a field the product
// or a summary consultation does not fill is null (arrays: empty).
import type { Decimal } from '../../../platform/money.js';

interface ItemBase {
  readonly id: number;
  readonly codigo: string;
  /** The `codigo` of the person/company result the item belongs to. */
  readonly codigoConsulta: string;
}

export interface PhoneItem extends ItemBase {
  readonly ddd: string;
  readonly numero: string;
  /** How many sources reported this number. */
  readonly qtde: number;
}

export interface InquiryDetailItem extends ItemBase {
  readonly nomeAssociado: string;
  /** ISO 8601 date-time (UTC). */
  readonly dtConsulta: string;
  readonly entidadeOrigem: string;
}

export interface AddressItem extends ItemBase {
  readonly cep: string;
  readonly logradouro: string;
  readonly nroLogradouro: string;
  readonly bairro: string;
  readonly complemento: string | null;
  readonly cidade: string;
  readonly uf: string;
}

export interface RecordSummaryItem extends ItemBase {
  readonly item: string;
  readonly qtde: number;
  /** ISO 8601 date-time of the latest occurrence; null when qtde is 0. */
  readonly dtUltOcorrencia: string | null;
  readonly valor: Decimal;
}

interface ResultBase {
  readonly id: number;
  readonly codigo: string;
  readonly documentoFederal: string;
  readonly dtInclusao: string;
  readonly protocolo: string;
  readonly email: string | null;
  readonly cep: string | null;
  readonly logradouro: string | null;
  readonly nroLogradouro: string | null;
  readonly bairro: string | null;
  readonly complemento: string | null;
  readonly cidade: string | null;
  readonly uf: string | null;
  readonly score3Meses: number | null;
  readonly score3MesesMSG: string | null;
  readonly score12Meses: number | null;
  readonly score12MesesMSG: string | null;
  readonly xmlResult: string | null;
}

export interface PersonResult extends ResultBase {
  readonly dtNasc: string | null;
  readonly estadoCivil: string | null;
  readonly idade: number | null;
  readonly nome: string;
  readonly nomeMae: string | null;
  readonly nomePai: string | null;
  readonly rg: string | null;
  readonly rguf: string | null;
  readonly nroTituloEleitor: string | null;
  readonly sexo: string | null;
  readonly signo: string | null;
  readonly situacao: string;
  readonly dtSituacao: string;
  readonly telefoneCelular: string | null;
  readonly telefoneResidencial: string | null;
  readonly telefoneComercial: string | null;
  readonly telefoneFax: string | null;
  readonly bureauMixMaisPFTelefone: readonly PhoneItem[];
  readonly bureauMixMaisPFConsultaDetalhe: readonly InquiryDetailItem[];
  readonly bureauMixMaisPFEndereco: readonly AddressItem[];
  readonly bureauMixMaisPFConsultaRealizada: readonly RecordSummaryItem[];
}

export interface CompanyResult extends ResultBase {
  readonly dataFundacao: string | null;
  readonly razaoSocial: string;
  readonly razaoSocialAnterior: string | null;
  readonly nomeComercial: string | null;
  readonly homePage: string | null;
  readonly inscricaoEstadual: string | null;
  readonly numeroNIRENIRC: string | null;
  readonly valorCapitalSocial: string | null;
  readonly situacaoRFB: string;
  readonly dtSituacaoRFB: string;
  readonly situacaoIE: string | null;
  readonly dtSituacaoIE: string | null;
  readonly naturezaJuridica: string | null;
  readonly atividades: string | null;
  readonly telefone: string | null;
  readonly telefoneFax: string | null;
  readonly bureaupjTelefone: readonly PhoneItem[];
  readonly bureaupjConsultaDetalhe: readonly InquiryDetailItem[];
  readonly bureaupjEndereco: readonly AddressItem[];
  readonly bureaupjConsultaRealizada: readonly RecordSummaryItem[];
}

/** The four arrays of one variant, as they are repeated at the top level of the answer. */
export interface PersonArrays {
  readonly bureauMixMaisPFTelefone: readonly PhoneItem[];
  readonly bureauMixMaisPFConsultaDetalhe: readonly InquiryDetailItem[];
  readonly bureauMixMaisPFEndereco: readonly AddressItem[];
  readonly bureauMixMaisPFConsultaRealizada: readonly RecordSummaryItem[];
}

export interface CompanyArrays {
  readonly bureaupjTelefone: readonly PhoneItem[];
  readonly bureaupjConsultaDetalhe: readonly InquiryDetailItem[];
  readonly bureaupjEndereco: readonly AddressItem[];
  readonly bureaupjConsultaRealizada: readonly RecordSummaryItem[];
}

export interface BureauBody extends PersonArrays, CompanyArrays {
  readonly possuiRestricao: boolean;
  readonly falha: boolean;
  /** Filled for a CPF; null for a CNPJ or when there is no record. */
  readonly bureauMixMaisPF: PersonResult | null;
  /** Filled for a CNPJ; null for a CPF or when there is no record. */
  readonly bureaupj: CompanyResult | null;
}

export const EMPTY_PERSON_ARRAYS: PersonArrays = {
  bureauMixMaisPFTelefone: [],
  bureauMixMaisPFConsultaDetalhe: [],
  bureauMixMaisPFEndereco: [],
  bureauMixMaisPFConsultaRealizada: [],
};

export const EMPTY_COMPANY_ARRAYS: CompanyArrays = {
  bureaupjTelefone: [],
  bureaupjConsultaDetalhe: [],
  bureaupjEndereco: [],
  bureaupjConsultaRealizada: [],
};
