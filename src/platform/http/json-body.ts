// Request bodies are parsed with lossless-json: every number keeps its exact text (a
// LosslessNumber) until the schema compiler decides, per field, whether it is money (decimal.js),
// an integer, or something that is not a number at all. JSON.parse would already have rounded
// 4999999999999999.99 to 5000000000000000.
import { isLosslessNumber, parse, type LosslessNumber } from 'lossless-json';
import { LIMITS } from '../config/limits.js';
import { DomainError } from '../errors.js';

export { isLosslessNumber };
export type { LosslessNumber };

function depthOf(value: unknown, depth: number): number {
  if (depth > LIMITS.JSON_DEPTH_MAX) return depth;
  if (Array.isArray(value)) return value.reduce<number>((m, v) => Math.max(m, depthOf(v, depth + 1)), depth);
  if (value !== null && typeof value === 'object' && !isLosslessNumber(value)) {
    return Object.values(value).reduce<number>((m, v) => Math.max(m, depthOf(v, depth + 1)), depth);
  }
  return depth;
}

export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    const reason = (error as Error).message.replace(/\s+/g, ' ').slice(0, 200);
    throw new DomainError('validation', [{ code: 'REQ001', description: `JSON inválido: ${reason}`, field: null }]);
  }
  if (depthOf(value, 0) > LIMITS.JSON_DEPTH_MAX) {
    throw new DomainError('validation', [{ code: 'REQ001', description: `JSON com aninhamento acima de ${LIMITS.JSON_DEPTH_MAX} níveis`, field: null }]);
  }
  return value;
}
