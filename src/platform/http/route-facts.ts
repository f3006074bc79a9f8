// What the request path reads of the matched route, read once per request (issue 14): Fastify's
// `request.routeOptions` getter builds a new object of 13 fields on every read, and the log line,
// the metrics and the error envelope read it up to 8 times per request.
import type { FastifyContextConfig, FastifyRequest } from 'fastify';

export interface RouteFacts {
  config: FastifyContextConfig | undefined;
  /** The route's pattern (undefined: no route matched). */
  url: string | undefined;
  /** The operation id, else `METHOD /pattern`, else `unmatched`: the log line's and metrics' name. */
  operation: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Memo of routeFactsOf (buildApp decorates it as null). */
    routeFacts: RouteFacts | null;
  }
}

/** The matched route's config, pattern and operation name, computed on the first read. */
export function routeFactsOf(request: FastifyRequest): RouteFacts {
  let facts = request.routeFacts;
  if (facts === null || facts === undefined) {
    const { config, url } = request.routeOptions;
    const operationId = (config as { operationId?: string } | undefined)?.operationId;
    facts = { config, url, operation: operationId ?? (url ? `${request.method} ${url}` : 'unmatched') };
    request.routeFacts = facts;
  }
  return facts;
}
