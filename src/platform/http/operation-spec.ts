// What an operation of the interface is, independent of how it is handled: its path, the scope
// that releases it, whether it changes state (commands are idempotent by IdempotencyKey, queries
// run fresh), and its request/response schemas. Each module exports one spec per operation from
// `<verb>-<noun>.schema.ts`; the route file pairs the spec with its use case.
import type { TSchema } from 'typebox';

export type ScopeName = 'caas.proposals' | 'caas.receivables' | 'caas.bureau' | 'caas.payees' | 'caas.customers';

/** camel: the interface's envelope; pascal: CancelarProposta's PascalCase envelope. */
export type EnvelopeCasing = 'camel' | 'pascal';

export interface OperationSpec<B extends TSchema = TSchema, R extends TSchema = TSchema> {
  /** Path exactly as the interface writes it, e.g. '/Proposta/Recusar'. */
  path: string;
  /**
   * Other paths clients call for this same operation (same body, handler, idempotency scope and
   * metrics label); each is listed in /openapi.json with an operationId derived from its path.
   */
  aliases?: readonly string[];
  operationId: string;
  summary: string;
  scope: ScopeName;
  kind: 'command' | 'query';
  envelope: EnvelopeCasing;
  body: B;
  response: R;
}

export function defineSpec<B extends TSchema, R extends TSchema>(spec: OperationSpec<B, R>): OperationSpec<B, R> {
  for (const path of [spec.path, ...(spec.aliases ?? [])]) if (!path.startsWith('/')) throw new Error(`assertion: operation path must start with '/': ${path}`);
  return spec;
}

/** An alias path's operationId in /openapi.json: '/AgendaRecebivel/CancelarCobrancas' → 'AgendaRecebivel_CancelarCobrancas'. */
export function aliasOperationId(path: string): string {
  return path.slice(1).replace(/\//g, '_');
}
