// A partner's strict model of the callback bodies (compatibility-notes, "Observed in a public
// partner client"): for each event 0–12 the exact top-level keys, every production sub-object key
// present (the event's own filled with exactly the listed fields, the others null), DtEvento a
// 'yyyy-MM-dd' date (absent on event 0, which is flat), and every amount a JSON number written
// with two decimals. Tests decode built and delivered bodies with it. Written as TypeBox schemas
// checked by Ajv (both already dependencies) with additionalProperties false everywhere.
import { Ajv, type ValidateFunction } from 'ajv';
import { Type, type TSchema } from 'typebox';
import { isLosslessNumber, parse } from 'lossless-json';

const Int = Type.Integer();
const Str = Type.String({ minLength: 1 });
const Uuid = Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' });
const Bool = Type.Boolean();
const Amount = Type.Number();
const WireDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T00:00:00Z$' });
const EventDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Null = Type.Null();
const orNull = (schema: TSchema) => Type.Union([schema, Null]);
const strict = (properties: Record<string, TSchema>) => Type.Object(properties, { additionalProperties: false });
const IntList = Type.Array(Int, { minItems: 1 });

/** The production sub-objects with exactly the fields the notes list. */
export const SUB_OBJECT_MODELS = {
  AcrescimoAbatimento: strict({ NroParcela: Int, VlrSaldo: Amount, VlrAcrescimo: Amount, VlrAbatimento: Amount, VlrSaldoAtual: Amount }),
  LancamentoParcela: strict({
    NroParcela: Int,
    VlrOriginalParcela: Amount,
    VlrSaldo: Amount,
    ParcelaLiquidada: Bool,
    VlrEncargos: Amount,
    VlrAbatimento: Amount,
    VlrPagamento: Amount,
    VlrDesconto: Amount,
    VlrSaldoAtual: Amount,
    VlrExcedente: Amount,
    DtVencimento: WireDate,
    DtVencimentoAtual: WireDate,
    Boleto: orNull(strict({ NroBoleto: Int, Liquidacao: Bool })),
  }),
  ProrrogacaoVencimento: strict({ NroParcela: Int, DtVencimentoAnterior: WireDate, DtVencimentoAtual: WireDate }),
  GeracaoBoleto: strict({ CodigoBoleto: Uuid, NroBoleto: Int, VlrBoleto: Amount, DtVencimento: WireDate, Liquidacao: Bool }),
  CancelamentoBoleto: strict({ CodigoBoleto: Uuid, NroBoleto: Int, Parcelas: IntList }),
  GeracaoCobranca: strict({ CodigoLiquidacao: Uuid, CodigoBoleto: orNull(Uuid), NroBoleto: orNull(Int), Emv: orNull(Str), Imagem: orNull(Str), Parcelas: IntList }),
  CancelamentoCobranca: strict({ CodigoLiquidacao: Uuid, CodigoBoleto: orNull(Uuid), NroBoleto: orNull(Int), Emv: orNull(Str), Parcelas: IntList, EstornoLancamento: Bool }),
  EstornoLancamento: strict({
    NroParcela: Int,
    LancamentosEstornados: Type.Array(strict({ Codigo: Uuid, DtInclusao: WireDate, DtEstorno: WireDate, Tipo: Str, Valor: Amount, Motivo: orNull(Str) }), { minItems: 1 }),
  }),
} as const;

type SubObjectName = keyof typeof SUB_OBJECT_MODELS;
const SUB_OBJECT_NAMES = Object.keys(SUB_OBJECT_MODELS) as SubObjectName[];

/** Event 0's flat fields. */
const SCHEDULE_CREATED_FIELDS = {
  QtdeParcelas: Int,
  VlrTotalDivida: Amount,
  DtFinanciado: WireDate,
  Credito: strict({ DtCredito: WireDate }),
  Conta: strict({ CodigoBanco: Int, NomeBanco: orNull(Str), Agencia: Str, Conta: Str, ContaDigito: Str }),
  Parcelas: Type.Array(strict({ NroParcela: Int, VlrParcela: Amount, VlrPrincipal: Amount, VlrDespesas: Amount, VlrSaldoDevedor: Amount, DtVencimento: WireDate }), { minItems: 1 }),
};

/** Which sub-object each event fills (null: none). */
export const FILLED_SUB_OBJECT: Readonly<Record<number, SubObjectName | null>> = {
  0: null,
  1: null,
  2: 'AcrescimoAbatimento',
  3: 'LancamentoParcela',
  4: 'ProrrogacaoVencimento',
  5: 'GeracaoBoleto',
  6: 'CancelamentoBoleto',
  7: null,
  8: 'GeracaoCobranca',
  9: 'CancelamentoCobranca',
  10: 'EstornoLancamento',
  11: null,
  12: null,
};

function subObjects(filled: SubObjectName | null): Record<string, TSchema> {
  return Object.fromEntries(SUB_OBJECT_NAMES.map((name) => [name, name === filled ? SUB_OBJECT_MODELS[name] : Null]));
}

function modelOf(type: number): TSchema {
  const head = { TipoEvento: Type.Literal(type), NomeEvento: Str };
  if (type === 11 || type === 12) {
    const favorecido = strict({ CodigoFavorecido: Uuid, Situacao: Type.Literal(type === 11 ? 'aprovado' : 'reprovado'), Motivo: type === 11 ? Null : Str });
    return strict({ ...head, NroProposta: Null, CodigoProposta: Null, CodigoOperacao: Null, DtEvento: EventDate, ...subObjects(null), Favorecido: favorecido });
  }
  const proposal = { ...head, NroProposta: Int, CodigoProposta: Uuid, CodigoOperacao: orNull(Str) };
  if (type === 0) return strict({ ...proposal, ...SCHEDULE_CREATED_FIELDS, ...subObjects(null) });
  return strict({ ...proposal, DtEvento: EventDate, ...subObjects(FILLED_SUB_OBJECT[type]!) });
}

const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
const validators = new Map<number, ValidateFunction>(Object.keys(FILLED_SUB_OBJECT).map((t) => [Number(t), ajv.compile(modelOf(Number(t)))]));

/** Money keys: their JSON text must carry exactly two decimals (written from decimal digits). */
const AMOUNT_KEY = /^(Vlr|Valor$)/;

function amountProblems(value: unknown, path: string, out: string[]): void {
  if (Array.isArray(value)) value.forEach((v, i) => amountProblems(v, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object' && !isLosslessNumber(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (AMOUNT_KEY.test(key) && !(isLosslessNumber(v) && /^-?\d+\.\d{2}$/.test(v.value))) out.push(`${path}.${key} is not an amount with two decimals: ${String(v)}`);
      amountProblems(v, `${path}.${key}`, out);
    }
  }
}

export interface DecodedEvent {
  TipoEvento: number;
  NomeEvento: string;
  [key: string]: unknown;
}

/**
 * Decodes a callback body's text as a strict partner client would: throws, listing every problem,
 * when a key is missing, an extra key or sub-object appears, a type or date format is wrong, or an
 * amount is not written with two decimals.
 */
export function decodeCallbackBody(text: string): DecodedEvent {
  const body = JSON.parse(text) as DecodedEvent;
  const validate = validators.get(body?.TipoEvento);
  if (validate === undefined) throw new Error(`callback model: unknown TipoEvento ${String(body?.TipoEvento)}`);
  const problems: string[] = [];
  if (!validate(body)) problems.push(...(validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`));
  amountProblems(parse(text), '$', problems);
  if (problems.length > 0) throw new Error(`callback model: event ${body.TipoEvento} does not decode:\n  ${problems.join('\n  ')}`);
  return body;
}
