// One Portuguese message per schema problem, with a stable code (docs/errors.md lists them).
import type { ErrorObject } from 'ajv';
import type { MessageInput } from '../errors.js';

const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  number: 'número',
  integer: 'número inteiro',
  boolean: 'booleano (true/false)',
  object: 'objeto',
  array: 'lista',
  null: 'nulo',
};

const FORMAT_NAMES: Record<string, string> = {
  uuid: 'UUID (8-4-4-4-12 hexadecimais, não nulo)',
  'caas-date-time': 'data yyyy-MM-dd ou data-hora ISO 8601',
  'date-time': 'data-hora ISO 8601',
  email: 'e-mail',
};

function join(path: string, child: string): string {
  return path === '' ? child : `${path}.${child}`;
}

const typeProblems = new Map<string, string>();

/** "Tipo inválido: esperado número inteiro" for ajv's `integer,null`; one per type list (a refused body is the no-op of issue 14). */
function typeProblem(types: string): string {
  let text = typeProblems.get(types);
  if (text === undefined) {
    const expected = types
      .split(',')
      .filter((t) => t !== 'null')
      .map((t) => TYPE_NAMES[t] ?? t)
      .join(' ou ');
    text = `Tipo inválido: esperado ${expected}`;
    if (typeProblems.size < 256) typeProblems.set(types, text);
  }
  return text;
}

export function describeAjvError(error: ErrorObject, path: string): MessageInput {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { code: 'REQ003', description: 'Campo obrigatório não informado', field: join(path, String(p.missingProperty)) };
    case 'additionalProperties':
      return { code: 'REQ002', description: 'Campo desconhecido para esta operação', field: join(path, String(p.additionalProperty)) };
    case 'type':
      return { code: 'REQ004', description: typeProblem(String(p.type)), field: path || null };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { code: 'REQ005', description: `Valor fora do intervalo permitido (${error.keyword === 'minimum' || error.keyword === 'exclusiveMinimum' ? 'mínimo' : 'máximo'} ${String(p.limit)})`, field: path || null };
    case 'x-decimal':
      return { code: 'REQ005', description: `Valor numérico inválido: ${error.message ?? ''}`.trim(), field: path || null };
    case 'minLength':
      return { code: 'REQ006', description: `Tamanho mínimo de ${String(p.limit)} caractere(s)`, field: path || null };
    case 'maxLength':
      return { code: 'REQ006', description: `Tamanho máximo de ${String(p.limit)} caracteres`, field: path || null };
    case 'format':
    case 'pattern':
      return { code: 'REQ007', description: `Formato inválido: esperado ${FORMAT_NAMES[String(p.format)] ?? String(p.format ?? p.pattern)}`, field: path || null };
    case 'maxItems':
      return { code: 'REQ009', description: `Lista com itens demais (máximo ${String(p.limit)})`, field: path || null };
    case 'minItems':
      return { code: 'REQ009', description: `Lista deve ter ao menos ${String(p.limit)} item(ns)`, field: path || null };
    case 'enum':
    case 'const':
      return { code: 'REQ005', description: 'Valor não permitido para este campo', field: path || null };
    default:
      return { code: 'REQ004', description: `Valor inválido (${error.keyword})`, field: path || null };
  }
}
