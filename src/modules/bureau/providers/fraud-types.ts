// The body of a Bureau/ConsultaFraudeBureauBase answer without the envelope, and the content of
// its `json` string (the interface leaves it open; docs/sandbox.md documents it).

export interface FraudBody {
  readonly falha: boolean;
  /** JSON text of a FraudReport. */
  readonly json: string;
}

export type FraudRiskLevel = 'BAIXO' | 'MEDIO' | 'ALTO';

export interface FraudMarking {
  /** What was marked: the document itself or one of the optional identifiers sent. */
  readonly alvo: 'DOCUMENTO' | 'CHAVE_PIX' | 'EMAIL' | 'CELULAR';
  readonly categoria: string;
  readonly descricao: string;
  /** Kind of participant that reported it (bank, payment institution …). */
  readonly origem: string;
  /** ISO 8601 date-time (UTC). */
  readonly dtMarcacao: string;
}

export interface FraudIdentifierCheck {
  /** The identifier with most characters hidden (the answer must not echo personal data whole). */
  readonly valorMascarado: string;
  readonly marcado: boolean;
  /** Whether the base links the identifier to the document. */
  readonly vinculadoAoDocumento: boolean;
  /** ISO 8601 date (YYYY-MM-DD) when the base first saw the identifier; null if never. */
  readonly primeiraOcorrencia: string | null;
}

export interface FraudReport {
  readonly documento: string;
  readonly encontrado: boolean;
  readonly nivelRisco: FraudRiskLevel;
  /** 0 (no sign of fraud) to 100. */
  readonly pontuacaoRisco: number;
  readonly possuiMarcacao: boolean;
  readonly marcacoes: readonly FraudMarking[];
  readonly verificacoes: {
    readonly chavePix: FraudIdentifierCheck | null;
    readonly email: FraudIdentifierCheck | null;
    readonly celular: FraudIdentifierCheck | null;
  };
  /** ISO 8601 date-time of the consultation. */
  readonly dtConsulta: string;
}
