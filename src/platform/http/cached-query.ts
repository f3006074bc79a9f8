// A query operation through the read model (platform/answer-cache.ts): the hit path is one
// statement and writes the stored body as it is; the miss path reads the scope's version first,
// computes as usual, then stores the rendered answer. In verify mode every hit is also computed
// and compared byte for byte: a difference is a 500 and an error log naming the query.
import type { Static, TSchema } from 'typebox';
import { asOfDate, type CachedQuery } from '../answer-cache.js';
import { RenderedBody, successBody, type Parametro } from './envelope.js';
import type { OperationSpec } from './operation-spec.js';
import { hasParametros, type OperationContext } from './operations.js';
import { partnerActor, type Query } from './route.js';

export interface QueryParts<B extends TSchema, I, D> {
  input: (body: Static<B>) => I;
  query: Query<I, D>;
  view: (result: D) => object;
  cache?: CachedQuery<I>;
}

export function cachedQueryHandler<B extends TSchema, I, D>(spec: OperationSpec<B, TSchema>, parts: QueryParts<B, I, D> & { cache: CachedQuery<I> }) {
  const echo = hasParametros(spec);
  return async (body: Static<B>, ctx: OperationContext): Promise<RenderedBody> => {
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
    const key = cache.keyOf({ partnerId, query: parts.cache.name, input: [input, parametros], asOf: asOfDate(now) });
    const hit = await cache.lookup(ctx.db, key);
    if (hit !== null && cache.mode === 'on') return new RenderedBody(hit.body);
    const scopeQuery = hit === null ? parts.cache.scope(ctx.db, input, partnerId) : null;
    const scope = scopeQuery === null ? null : await cache.scopeVersion(ctx.db, scopeQuery);
    const fresh = await compute();
    // A difference is staleness only if no write committed since the hit (the version still the
    // stored one after computing); otherwise the hit was valid when read, and the write came after.
    if (hit !== null && hit.body !== fresh && (await cache.versionOf(ctx.db, hit.scope)) === hit.version) {
      ctx.log.error({ query: parts.cache.name, key }, 'read model: the stored answer differs from the computed one');
      throw new Error(`assertion: stale stored answer of ${parts.cache.name}`);
    }
    if (scope !== null) await cache.fill(ctx.db, { key, partnerId, query: parts.cache.name, asOf: asOfDate(now), scope: scope.scope, version: scope.version, body: fresh });
    return new RenderedBody(fresh);
  };
}
