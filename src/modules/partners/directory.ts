// The partners read interface: what the other modules may know of a partner. They never read the
// partner tables themselves (test/architecture/partner-tables.test.ts). Point reads take an
// Executor, so they run inside the caller's transaction when it has one; listings embed the
// scalar subqueries below, so each listing stays one statement.
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { Db, Executor } from '../../platform/db/pool.js';

export interface PartnerKeyRecord {
  /** RFC 7638 thumbprint of the public key (keys.ts), unique per partner. */
  kid: string;
  /** SPKI PEM, as accepted by parsePartnerPublicKey. */
  publicKeyPem: string;
  /** Set by `caas partner revoke-key`; a key revoked at or before "now" is never tried. */
  revokedAt: Date | null;
}

/** What the token endpoint checks a client assertion against. */
export interface PartnerCredentials {
  partnerId: string;
  clientId: string;
  enabled: boolean;
  /** Scopes the partner may ask for; null means every scope of the catalogue. */
  scopes: string[] | null;
  keys: PartnerKeyRecord[];
  /** Bumped by any change of the partner or its keys (migration 0050): a copy of this version is current while it matches. */
  version: number;
}

/** A partner's identity and flags. */
export interface PartnerProfile {
  partnerId: string;
  clientId: string;
  name: string;
  enabled: boolean;
  /** Refuse unknown request fields (REQ002) instead of ignoring them. */
  strictFields: boolean;
  /** May refuse its own proposals (Recusar). */
  canRefuse: boolean;
  /** Its Pix payees are approved without the service team's review. */
  autoApprovePayees: boolean;
}

interface StoredKey {
  kid: string;
  pem: string;
  /** timestamptz as JSON text (ISO 8601 with offset). */
  revokedAt: string | null;
}

export class PgPartnerDirectory {
  constructor(private readonly db: Db) {}

  /**
   * One statement: the partner and all its keys (revoked ones included, so the refusal log can say
   * how many were skipped; the check itself decides which are active, on the app's clock), and its
   * credentials version. Its text is fixed (no query building per call: issue 14).
   */
  async findByClientId(clientId: string): Promise<PartnerCredentials | null> {
    const { rows } = await this.db.executeQuery(CompiledQuery.raw(FIND_BY_CLIENT_ID, [clientId]));
    const row = rows[0] as CredentialsRow | undefined;
    if (!row) return null;
    return {
      partnerId: row.id,
      clientId: row.client_id,
      enabled: row.enabled,
      scopes: row.scopes,
      keys: row.keys.map((k) => ({ kid: k.kid, publicKeyPem: k.pem, revokedAt: k.revokedAt === null ? null : new Date(k.revokedAt) })),
      version: row.credentials_version,
    };
  }
}

interface CredentialsRow {
  id: string;
  client_id: string;
  enabled: boolean;
  scopes: string[] | null;
  credentials_version: number;
  keys: StoredKey[];
}

const FIND_BY_CLIENT_ID = `select p.id, p.client_id, p.enabled, p.scopes, p.credentials_version,
  coalesce((select json_agg(json_build_object('kid', k.kid, 'pem', k.public_key_pem, 'revokedAt', k.revoked_at)) from partner_keys k where k.partner_id = p.id), '[]'::json) as keys
  from partners p where p.client_id = $1`;

/**
 * For a statement of fixed text (the token endpoint's jti insert): the credentials version of the
 * partner whose client id is the statement's parameter `param` (e.g. `$1::text`), as a scalar
 * subquery; null when there is no such partner.
 */
export function credentialsVersionOfClient(param: string): string {
  return `(select pa.credentials_version from partners pa where pa.client_id = ${param})`;
}

/** The partner with this id, or null. */
export async function partnerProfile(db: Executor, partnerId: string): Promise<PartnerProfile | null> {
  const row = await db
    .selectFrom('partners')
    .select(['id', 'client_id', 'name', 'enabled', 'strict_fields', 'can_refuse', 'auto_approve_payees'])
    .where('id', '=', partnerId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    partnerId: row.id,
    clientId: row.client_id,
    name: row.name,
    enabled: row.enabled,
    strictFields: row.strict_fields,
    canRefuse: row.can_refuse,
    autoApprovePayees: row.auto_approve_payees,
  };
}

/** For listings: the client id of the partner whose id is in `partnerIdColumn` ("alias.column"). */
export function clientIdOf(partnerIdColumn: string): RawBuilder<string> {
  return sql<string>`(select pa.client_id from partners pa where pa.id = ${sql.ref(partnerIdColumn)})`;
}

/** For listings: the name of the partner whose id is in `partnerIdColumn` ("alias.column"). */
export function partnerNameOf(partnerIdColumn: string): RawBuilder<string> {
  return sql<string>`(select pa.name from partners pa where pa.id = ${sql.ref(partnerIdColumn)})`;
}

/** The name of the partner with this id, as a column of another statement (evaluated once: it names no outer column). */
export function partnerNameById(partnerId: string): RawBuilder<string | null> {
  return sql<string | null>`(select pa.name from partners pa where pa.id = ${partnerId})`;
}

/** For filters: the id of the partner with this client id (null when there is none: matches nothing). */
export function partnerIdOfClient(clientId: string): RawBuilder<string> {
  return sql<string>`(select pa.id from partners pa where pa.client_id = ${clientId})`;
}

/** What a callback delivery needs of a partner (callbacks' delivery queries), one row per partner. */
export interface CallbackTarget {
  partner_id: string;
  callback_url: string | null;
  callback_header_name: string | null;
  callback_header_value: string | null;
  /** Active webhook secrets, newest first, at most the `secretsMax` asked for. */
  secrets: string[];
  /** Why nothing can be sent to it now ("code: text"), or null when it can receive: enabled, with a URL and an active secret. */
  undeliverable: string | null;
}

/**
 * For the callback delivery queries, which claim and fail jobs in one statement each: the partners
 * as a derived table of CallbackTarget rows, to join on `partner_id` (`join ${callbackTargets(n)} t on …`).
 */
export function callbackTargets(secretsMax: number): RawBuilder<CallbackTarget> {
  return sql<CallbackTarget>`(
    select p.id as partner_id, p.callback_url, p.callback_header_name, p.callback_header_value,
      array(select s.secret from partner_callback_secrets s
            where s.partner_id = p.id and s.retired_at is null
            order by s.created_at desc, s.id desc
            limit ${secretsMax}) as secrets,
      case when not p.enabled then 'partner_disabled: the partner is disabled'
           when p.callback_url is null then 'no_callback_url: the partner has no callback URL'
           when not exists (select 1 from partner_callback_secrets s where s.partner_id = p.id and s.retired_at is null) then 'no_secret: the partner has no active webhook secret'
      end as undeliverable
    from partners p)`;
}
