// The four arrays of a bureau result, shared by the person (bureauMixMaisPF) and company
// (bureaupj) variants and repeated at the top level of the response (interface).
import { DateTimeOut, MoneyOut, Type } from '../../platform/http/schema-types.js';
import { IntOut, nullable, TextOut, UuidOut } from '../../platform/http/wire-blocks.js';

const itemKeys = { id: Type.Integer(), codigo: UuidOut, codigoConsulta: UuidOut };

const Telefone = Type.Object({ ...itemKeys, ddd: TextOut, numero: TextOut, qtde: IntOut });
const ConsultaDetalhe = Type.Object({ ...itemKeys, nomeAssociado: TextOut, dtConsulta: DateTimeOut, entidadeOrigem: TextOut });
const Endereco = Type.Object({
  ...itemKeys,
  cep: TextOut,
  logradouro: TextOut,
  nroLogradouro: TextOut,
  bairro: TextOut,
  complemento: TextOut,
  cidade: TextOut,
  uf: TextOut,
});
const ConsultaRealizada = Type.Object({ ...itemKeys, item: TextOut, qtde: IntOut, dtUltOcorrencia: DateTimeOut, valor: nullable(MoneyOut) });

const lists = {
  Telefone: nullable(Type.Array(Telefone)),
  ConsultaDetalhe: nullable(Type.Array(ConsultaDetalhe)),
  Endereco: nullable(Type.Array(Endereco)),
  ConsultaRealizada: nullable(Type.Array(ConsultaRealizada)),
};

type Lists<P extends string> = {
  [K in keyof typeof lists as `${P}${K & string}`]: (typeof lists)[K];
};

/** `{prefix}Telefone`, `{prefix}ConsultaDetalhe`, `{prefix}Endereco`, `{prefix}ConsultaRealizada`. */
export function bureauArrays<P extends string>(prefix: P): Lists<P> {
  const entries = Object.entries(lists).map(([suffix, schema]) => [`${prefix}${suffix}`, schema]);
  return Object.fromEntries(entries) as Lists<P>;
}
