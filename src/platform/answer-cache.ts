// The read model (issue 14): answers of read-only operations stored rendered in PostgreSQL, keyed
// by (partner, query name, normalized input, as-of date, deployment fingerprint), valid while the
// version of the scope they depend on is the one they were computed at. Versions are bumped by the
// modules' triggers (migrations 0042-0043) in the writer's own transaction. Platform knows no
// lending: a scope is an id the module names, a query a name, a body the rendered answer.
//
// Hit: ONE statement (the input's scope, its version, and the answer stored for that key, scope
// and version). Miss: that same statement has read the scope's version FIRST; the answer is then
// computed as usual and stored by one autocommitted upsert (never inside a transaction, never an error answer). Why this order is never stale:
// docs/decisions.md "Read model".
import { createHash, hash as oneShotHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompiledQuery, sql } from 'kysely';
import { LIMITS } from './config/limits.js';
import { brazilDateAt, type LocalDate } from './dates.js';
import type { Executor } from './db/pool.js';
import { stringify } from './http/serialize.js';

/** off: compute every time; on: serve hits; verify: recompute every hit and fail (500) on a difference (tests). */
export type AnswerCacheMode = 'off' | 'on' | 'verify';
export const ANSWER_CACHE_MODES: readonly AnswerCacheMode[] = ['off', 'on', 'verify'];

/**
 * A select of one column `scope` (uuid) as fixed text with its parameters ($1…$n): the hit's one
 * statement is built around it with no query building per request (issue 14).
 */
export interface ScopeSelect {
  text: string;
  parameters: readonly unknown[];
}

/** What a cached query declares: its name and the statement finding its scope (one row `scope`, or none). */
export interface CachedQuery<I> {
  name: string;
  /** The select of the scope for this input and partner; null when the input names none (the query will refuse it). */
  scope: (input: I, partnerId: string) => ScopeSelect | null;
  /**
   * The query's own refusal when the scope select finds no row, if the query refuses exactly then and
   * with nothing checked before it: the miss of an unknown id is then that one statement (issue 14).
   * Never stored: a scope created right after is found by the next request's select.
   */
  missing?: (input: I) => Error;
}

export interface AnswerKeyParts {
  partnerId: string;
  query: string;
  /** The normalized domain input, plus whatever else the rendered body depends on (echoed parametros). */
  input: unknown;
  asOf: LocalDate;
}

export interface AnswerEntry {
  key: string;
  partnerId: string;
  query: string;
  asOf: LocalDate;
  scope: string;
  version: number;
  body: string;
}

export interface ScopeRead {
  scope: string;
  version: number;
  /** The stored answer (a hit), or null. */
  body: string | null;
}

export interface AnswerCache {
  readonly mode: AnswerCacheMode;
  readonly fingerprint: string;
  keyOf(parts: AnswerKeyParts): string;
  /**
   * ONE statement: the scope the input names, its current version (0 before any write) and the
   * stored answer when it was computed at that version for that scope (null: a miss). No row:
   * the input names no scope (the query will refuse it).
   */
  read(db: Executor, key: string, scope: ScopeSelect): Promise<ScopeRead | null>;
  /** The scope's current version (0 before any write). */
  versionOf(db: Executor, scope: string): Promise<number>;
  fill(db: Executor, entry: AnswerEntry): Promise<void>;
}

/** The hit's statement around each scope select's text (a few per process: one per cached query and reference kind). */
const readTexts = new Map<string, string>();

function readText(scope: ScopeSelect): string {
  const id = `${scope.parameters.length} ${scope.text}`;
  let text = readTexts.get(id);
  if (text === undefined) {
    text = `select s.scope, coalesce(v.version, 0)::int8 as version, a.body from (${scope.text}) s
        left join answer_versions v on v.scope = s.scope
        left join answers a on a.key = $${scope.parameters.length + 1} and a.scope = s.scope and a.version = coalesce(v.version, 0)`;
    if (readTexts.size < LIMITS.ANSWER_CACHE_READ_TEXTS_MAX) readTexts.set(id, text);
  }
  return text;
}

let codeHash: string | null = null;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/** sha256 of every file of the running code (src/ or dist/), once per process. */
export function codeFingerprint(): string {
  if (codeHash === null) {
    const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    const hash = createHash('sha256');
    for (const file of filesUnder(root)) hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    codeHash = hash.digest('hex');
  }
  return codeHash;
}

/** The deployment fingerprint: the code and every setting (answers depend on some: charges, public address). */
export function deploymentFingerprint(settings: unknown): string {
  return createHash('sha256').update(codeFingerprint()).update(stringify(settings, { sortKeys: true })).digest('hex');
}

export function createAnswerCache(mode: AnswerCacheMode, fingerprint: string): AnswerCache {
  return {
    mode,
    fingerprint,
    // node:crypto's one-shot hash: the same digest without a Hash object per read (issue 14).
    keyOf: (parts) => oneShotHash('sha256', stringify([parts.partnerId, parts.query, parts.asOf, fingerprint, parts.input], { sortKeys: true }), 'base64url'),
    async read(db, key, scope) {
      const { rows } = await db.executeQuery<ScopeRead>(CompiledQuery.raw(readText(scope), [...scope.parameters, key]));
      return rows[0] ?? null;
    },
    async versionOf(db, scope) {
      const { rows } = await sql<{ version: number }>`select version from answer_versions where scope = ${scope}`.execute(db);
      return rows[0]?.version ?? 0;
    },
    async fill(db, e) {
      // A concurrent fill at an older version never replaces a newer one (it would only cause a miss).
      await sql`insert into answers (key, partner_id, query, as_of, scope, version, body) values (${e.key}, ${e.partnerId}, ${e.query}, ${e.asOf}, ${e.scope}, ${e.version}, ${e.body})
        on conflict (key) do update set scope = excluded.scope, version = excluded.version, body = excluded.body, filled_at = now() where answers.version <= excluded.version or answers.scope <> excluded.scope`.execute(db);
    },
  };
}

/** The as-of date of an answer: the São Paulo date of the service clock (the sandbox clock included). */
export const asOfDate = (now: Date): LocalDate => brazilDateAt(now);

async function deleted(db: Executor, query: ReturnType<typeof sql>): Promise<number> {
  return Number((await query.execute(db)).numAffectedRows ?? 0n);
}

/**
 * The maintenance purge (platform/workers.ts): answers of a past as-of date, then the oldest
 * beyond ANSWER_CACHE_ROWS_MAX, in bounded batches. Versions stay (one small row per scope,
 * bounded by the data itself; deleting one could let an old version number come back).
 */
export async function purgeAnswers(db: Executor, now: Date, rowsMax: number = LIMITS.ANSWER_CACHE_ROWS_MAX): Promise<number> {
  const today = asOfDate(now);
  const batch = LIMITS.ANSWER_CACHE_PURGE_BATCH_ROWS;
  let total = 0;
  for (let i = 0; i < LIMITS.ANSWER_CACHE_PURGE_BATCHES_PER_RUN_MAX; i++) {
    const past = await deleted(db, sql`delete from answers where key in (select key from answers where as_of < ${today} limit ${batch})`);
    const over = await deleted(db, sql`delete from answers where key in (select key from answers order by filled_at desc, key offset ${rowsMax} limit ${batch})`);
    total += past + over;
    if (past < batch && over < batch) break;
  }
  return total;
}
