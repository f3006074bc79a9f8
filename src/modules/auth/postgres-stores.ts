// The auth ports on PostgreSQL: assertion replay records (shared by every instance, so a jti
// accepted anywhere is refused everywhere) and the service's signing keys. The partner directory
// is the partners module's read interface, bound in compose.ts.
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/pool.js';
import { GroupCommit, type GroupCommitLimits } from './group-commit.js';
import { JTI_COPIES_PER_KEY_MAX, JTI_ROWS_PER_STATEMENT_MAX, JTI_STATEMENTS_IN_FLIGHT_MAX } from './limits.js';
import { generateServiceSigningKey } from './service-key.js';
import type { KeyLike, ReplayStore, ServiceSigningAlg, ServiceSigningKeys } from './ports.js';

// Fixed texts, run without query building (issue 14: building them cost more than the round trip).
const REMEMBER_JTI = `insert into assertion_jtis (client_id, jti, expires_at) values ($1, $2, $3)
  on conflict (client_id, jti) do nothing returning jti`;
/** The partner's version read and the jti inserted only at that version, in one statement (one snapshot). */
function rememberJtiAtVersion(versionOf: (param: string) => string): string {
  return `with p as (select ${versionOf('$1::text')} as version),
  ins as (insert into assertion_jtis (client_id, jti, expires_at) select $1::text, $2::text, $3::timestamptz from p where p.version = $4::int8
    on conflict (client_id, jti) do nothing returning jti)
  select (select version from p) as version, exists (select 1 from ins) as inserted`;
}

/**
 * Many jtis in one statement (the group commit's batch): arrays in, one row out per jti in order.
 * A row with a version is inserted only if that is still the partner's version (read in the same
 * statement, one snapshot); a row without, unconditionally. The batch's keys are distinct and
 * sorted (group-commit.ts), and the insert consumes its rows in that order (`order by r.n`): two
 * batches, here or in another process, lock their common keys in the same order and cannot
 * deadlock on each other's uncommitted rows.
 */
function rememberJtis(versionOf: ((param: string) => string) | null): string {
  const current = versionOf === null ? 'r.version is null' : `r.version is null or r.version = ${versionOf('r.client_id')}`;
  return `with r as (select * from unnest($1::text[], $2::text[], $3::timestamptz[], $4::int8[]) with ordinality as r(client_id, jti, expires_at, version, n)),
  v as (select r.client_id, r.jti, r.expires_at, r.n, coalesce(${current}, false) as current from r),
  ins as (insert into assertion_jtis (client_id, jti, expires_at) select v.client_id, v.jti, v.expires_at from v where v.current order by v.n
    on conflict (client_id, jti) do nothing returning client_id, jti)
  select v.current, exists (select 1 from ins where ins.client_id = v.client_id and ins.jti = v.jti) as inserted from v order by v.n`;
}

type JtiOutcome = 'fresh' | 'replayed' | 'stale';

/**
 * SQLSTATE classes one row of a batch can cause: 22 data exception, 23 integrity constraint
 * violation, 54 program limit exceeded (an index entry too large). A batch failing so is retried
 * row by row; any other error (pool timeout, connection lost, database down) is the statement's.
 */
const ROW_ERROR_CLASSES: ReadonlySet<string> = new Set(['22', '23', '54']);

export function isRowError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.length === 5 && ROW_ERROR_CLASSES.has(code.slice(0, 2));
}

export interface ReplayStoreOptions {
  /** A batch's statement failed (`size` jtis; a row's error or the statement's: `isRowError`): log and count it. */
  onBatchError?: (error: unknown, size: number, rowError: boolean) => void;
  /** A test knob (tests force batches with one statement in flight); production passes none and gets limits.ts's. */
  limits?: Partial<GroupCommitLimits>;
}

interface JtiRow {
  clientId: string;
  jti: string;
  expiresAt: Date;
  version: number | undefined;
}

export class PgReplayStore implements ReplayStore {
  private readonly atVersion: string | null;
  private readonly many: string;
  private readonly batches: GroupCommit<JtiRow, JtiOutcome>;

  /** `credentialsVersionOf`: the partners module's subquery (PartnerReader); absent, a version given to `remember` is refused as 'stale'. */
  constructor(private readonly db: Db, credentialsVersionOf?: (param: string) => string, options: ReplayStoreOptions = {}) {
    this.atVersion = credentialsVersionOf === undefined ? null : rememberJtiAtVersion(credentialsVersionOf);
    this.many = rememberJtis(credentialsVersionOf ?? null);
    this.batches = new GroupCommit<JtiRow, JtiOutcome>(
      {
        keyOf: (row) => JSON.stringify([row.clientId, row.jti]),
        runBatch: (rows) => this.rememberMany(rows),
        runOne: (row) => this.rememberOne(row),
        // Another copy of this (client, jti) is already going: at most one is granted.
        surplusCopy: () => 'replayed',
        isRowError,
        onBatchError: options.onBatchError ?? (() => undefined),
      },
      { rowsMax: JTI_ROWS_PER_STATEMENT_MAX, statementsMax: JTI_STATEMENTS_IN_FLIGHT_MAX, copiesPerKeyMax: JTI_COPIES_PER_KEY_MAX, ...options.limits },
    );
  }

  /** jtis waiting for a statement (the group commit's queue; caas_token_jtis_waiting). */
  get jtisWaiting(): number {
    return this.batches.itemsWaiting;
  }

  /**
   * Atomic: the primary key decides which of two concurrent calls is 'fresh'. Answered once the
   * jti's row committed, possibly in one statement with other requests' jtis (group-commit.ts).
   */
  async remember(clientId: string, jti: string, expiresAt: Date, version?: number): Promise<JtiOutcome> {
    if (version !== undefined && this.atVersion === null) return 'stale';
    return this.batches.submit({ clientId, jti, expiresAt, version });
  }

  private async rememberOne({ clientId, jti, expiresAt, version }: JtiRow): Promise<JtiOutcome> {
    if (version === undefined) {
      const { rows } = await this.db.executeQuery(CompiledQuery.raw(REMEMBER_JTI, [clientId, jti, expiresAt]));
      return rows.length > 0 ? 'fresh' : 'replayed';
    }
    if (this.atVersion === null) throw new Error('assertion: a versioned jti reached the store without the partners module\'s version subquery (remember answers stale first)');
    const { rows } = await this.db.executeQuery(CompiledQuery.raw(this.atVersion, [clientId, jti, expiresAt, version]));
    const row = rows[0] as { version: number | null; inserted: boolean } | undefined;
    if (row?.version !== version) return 'stale';
    return row.inserted ? 'fresh' : 'replayed';
  }

  private async rememberMany(batch: readonly JtiRow[]): Promise<JtiOutcome[]> {
    const params = [batch.map((r) => r.clientId), batch.map((r) => r.jti), batch.map((r) => r.expiresAt), batch.map((r) => r.version ?? null)];
    const { rows } = await this.db.executeQuery(CompiledQuery.raw(this.many, params));
    return (rows as { current: boolean; inserted: boolean }[]).map((row) => (!row.current ? 'stale' : row.inserted ? 'fresh' : 'replayed'));
  }
}

export async function purgeExpiredJtis(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('assertion_jtis').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

interface LoadedKey {
  kid: string;
  alg: ServiceSigningAlg;
  privateKey: KeyLike;
  publicKey: KeyLike;
}

/**
 * How often an instance re-reads the keys, so a rotation made elsewhere (`caas signing-key
 * rotate`, another instance) becomes current here too. Retired keys verify for 2 h: longer than
 * this interval plus a token's hour.
 */
export const SIGNING_KEYS_RELOAD_MS = 5 * 60_000;

/**
 * An unknown kid reloads the keys (a key made by another instance), but at most this often: the
 * kid comes from an unauthenticated header, and a reload per forged token would let anyone turn
 * requests into database queries.
 */
export const SIGNING_KEYS_UNKNOWN_KID_RELOAD_MS = 1_000;

/**
 * The service's token-signing keys, created at first start and kept in the database so every
 * instance signs and verifies with the same keys. `rotate` adds a new current key; retired keys
 * still verify until every token they signed has expired.
 */
export class PgServiceSigningKeys implements ServiceSigningKeys {
  private loaded = new Map<string, LoadedKey>();
  private currentKid: string | null = null;
  private loadedAt_ms = Number.NEGATIVE_INFINITY;
  /** The load in progress: concurrent callers share it instead of each querying. */
  private loading: Promise<void> | null = null;

  constructor(private readonly db: Db, private readonly now: () => Date) {}

  async current(): Promise<{ kid: string; privateKey: KeyLike; alg: ServiceSigningAlg }> {
    if (this.currentKid === null || this.now().getTime() - this.loadedAt_ms > SIGNING_KEYS_RELOAD_MS) await this.load();
    const key = this.loaded.get(this.currentKid as string);
    if (!key) throw new Error('assertion: no current signing key after load');
    return key;
  }

  async byKid(kid: string): Promise<{ publicKey: KeyLike } | null> {
    if (!this.loaded.has(kid) && this.now().getTime() - this.loadedAt_ms >= SIGNING_KEYS_UNKNOWN_KID_RELOAD_MS) await this.load();
    return this.loaded.get(kid) ?? null;
  }

  async publicJwks(): Promise<unknown[]> {
    const rows = await this.db.selectFrom('signing_keys').select(['public_jwk']).orderBy('created_at', 'desc').execute();
    return rows.map((r) => r.public_jwk);
  }

  /** Creates a key when none exists (first start); two instances racing create one each, both valid. */
  async ensureKey(): Promise<void> {
    const existing = await this.db.selectFrom('signing_keys').select('kid').where('retired_at', 'is', null).executeTakeFirst();
    if (!existing) await this.rotate();
  }

  async rotate(): Promise<string> {
    const now = this.now();
    const kid = await this.db.transaction().execute((tx) => storeNewSigningKey(tx, now));
    this.currentKid = null;
    return kid;
  }

  private load(): Promise<void> {
    this.loading ??= this.read().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async read(): Promise<void> {
    await this.ensureKey();
    const rows = await this.db
      .selectFrom('signing_keys')
      .select(['kid', 'alg', 'private_jwk', 'retired_at', 'created_at'])
      .where(sql<boolean>`retired_at is null or retired_at > now() - interval '2 hours'`)
      .orderBy('created_at', 'desc')
      .execute();
    this.loaded = new Map(
      rows.map((r) => {
        const privateKey = createPrivateKey((r.private_jwk as { pem: string }).pem);
        return [r.kid, { kid: r.kid, alg: r.alg as ServiceSigningAlg, privateKey, publicKey: createPublicKey(privateKey) }];
      }),
    );
    this.currentKid = rows.find((r) => r.retired_at === null)?.kid ?? null;
    this.loadedAt_ms = this.now().getTime();
  }
}

/**
 * Makes a new signing key current and retires the others (they keep verifying for two hours), in
 * the caller's transaction: first start (PgServiceSigningKeys.ensureKey) and `caas signing-key rotate`.
 */
export async function storeNewSigningKey(db: Executor, now: Date): Promise<string> {
  const material = await generateServiceSigningKey();
  await db.updateTable('signing_keys').set({ retired_at: now }).where('retired_at', 'is', null).execute();
  await db
    .insertInto('signing_keys')
    .values({ kid: material.kid, alg: material.alg, private_jwk: JSON.stringify({ pem: material.privateKeyPem }), public_jwk: JSON.stringify(material.publicJwk), created_at: now })
    .execute();
  return material.kid;
}
