// A query operation through the read model (platform/answer-cache.ts): the hit path is one
// statement (scope, version and stored answer together) and writes the stored body as it is; on a
// miss that statement has read the scope's version first, then the answer is computed as usual
// and stored. In verify mode every hit is also computed
// and compared byte for byte: a difference is a 500 and an error log naming the query.
import type { Static, TSchema } from 'typebox';
import { asOfDate, type AnswerCache, type CachedQuery, type ScopeRead } from '../answer-cache.js';
import { DomainError } from '../errors.js';
import { Refusal, RenderedBody, successBody, type Parametro } from './envelope.js';
import type { OperationSpec } from './operation-spec.js';
import { hasParametros, type OperationContext } from './operations.js';
import { partnerActor, type Query } from './route.js';

export interface QueryParts<B extends TSchema, I, D> {
  input: (body: Static<B>) => I;
  query: Query<I, D>;
  view: (result: D) => object;
  cache?: CachedQuery<I>;
}

/**
 * Verify mode: a hit that differs from the fresh answer is staleness only if no write committed
 * since the hit (the version still the stored one after computing); otherwise the hit was valid
 * when read, and the write came after it.
 */
async function verifyHit(cache: AnswerCache, ctx: OperationContext, hit: ScopeRead & { body: string }, fresh: string, query: string): Promise<void> {
  if (hit.body === fresh || (await cache.versionOf(ctx.db, hit.scope)) !== hit.version) return;
  ctx.log.error({ query, scope: hit.scope, version: hit.version }, 'read model: the stored answer differs from the computed one');
  throw new Error(`assertion: stale stored answer of ${query}`);
}

/** The declared refusal of an input naming no scope; in verify mode the query must refuse the same way. */
async function refusalOfMissing(cache: AnswerCache, refusal: Error, compute: () => Promise<string>, query: string): Promise<Error> {
  if (cache.mode !== 'verify') return refusal;
  const fresh = await compute().then(
    () => null,
    (error: unknown) => error,
  );
  if (fresh instanceof Error && fresh.message === refusal.message) return refusal;
  throw new Error(`assertion: ${query}'s declared refusal of a missing scope differs from the query's answer`);
}

export function cachedQueryHandler<B extends TSchema, I, D>(spec: OperationSpec<B, TSchema>, parts: QueryParts<B, I, D> & { cache: CachedQuery<I> }) {
  const echo = hasParametros(spec);
  return async (body: Static<B>, ctx: OperationContext): Promise<RenderedBody | Refusal> => {
    const input = parts.input(body);
    const now = ctx.clock.now(); // one instant for the key's date and the query's "today"
    const parametros = echo ? ((body as { parametros?: Parametro[] | null }).parametros ?? []) : null;
    const compute = async () => {
      const result = await parts.query(ctx.db, input, partnerActor(ctx.auth), { clock: { now: () => new Date(now.getTime()) }, requestId: ctx.requestId, log: ctx.log });
      return successBody(spec.envelope, parts.view(result) as Record<string, unknown>, parametros, echo);
    };
    const cache = ctx.answers;
    if (cache === undefined || cache.mode === 'off') return new RenderedBody(await compute());
    const partnerId = ctx.auth.partnerId;
    const scopeQuery = parts.cache.scope(input, partnerId);
    if (scopeQuery === null) return new RenderedBody(await compute());
    const key = cache.keyOf({ partnerId, query: parts.cache.name, input: [input, parametros], asOf: asOfDate(now) });
    const read = await cache.read(ctx.db, key, scopeQuery);
    if (read === null && parts.cache.missing !== undefined) {
      const refusal = await refusalOfMissing(cache, parts.cache.missing(input), compute, parts.cache.name);
      if (refusal instanceof DomainError) return new Refusal(refusal);
      throw refusal;
    }
    if (read?.body != null && cache.mode === 'on') return new RenderedBody(read.body);
    const fresh = await compute();
    if (read === null) return new RenderedBody(fresh); // names no scope: an error answer, never stored (reached only if the query answered)
    if (read.body !== null) {
      await verifyHit(cache, ctx, { ...read, body: read.body }, fresh, parts.cache.name);
      return new RenderedBody(fresh);
    }
    await cache.fill(ctx.db, { key, partnerId, query: parts.cache.name, asOf: asOfDate(now), scope: read.scope, version: read.version, body: fresh });
    return new RenderedBody(fresh);
  };
}
