// What the service team does to partners (through `caas partner …`): register, list, keys,
// disable, update. Use cases take the database and clock as arguments.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import { inTransaction, type Db, type Executor } from '../../platform/db/pool.js';
import { DomainError } from '../../platform/errors.js';
import { generateSecret, parseCallbackUrl, parsePartnerHeader } from '../callbacks/index.js';
import { parsePartnerPublicKey } from './keys.js';
import { canonicalScope, DEFAULT_SCOPE_CONFIG, type ScopeConfig } from '../auth/index.js';

export const CLIENT_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export interface PartnerFlags {
  scopes?: string[] | null;
  callbackUrl?: string | null;
  callbackHeader?: string | null;
  canRefuse?: boolean;
  autoApprovePayees?: boolean;
  /** Refuse unknown request fields (REQ002) instead of ignoring them. */
  strictFields?: boolean;
}

export interface CreatePartnerInput extends PartnerFlags {
  name: string;
  publicKeyPem: string;
  clientId?: string;
}

export interface CreatedPartner {
  partnerId: string;
  clientId: string;
  kid: string;
  /** The webhook signing secret, shown once. */
  callbackSecret: string;
}

const invalid = (description: string, field: string) => new DomainError('validation', [{ code: 'ADM001', description, field }]);

function slug(name: string): string {
  return name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'partner';
}

function checkScopes(scopes: string[] | null | undefined, config: ScopeConfig): string[] | null | undefined {
  if (scopes === undefined || scopes === null) return scopes;
  return scopes.map((s) => canonicalScope(s, config) ?? (() => { throw invalid(`unknown scope "${s}"`, 'scopes'); })());
}

// The same rules the delivery worker applies (callbacks module), so what onboarding accepts is
// what can be sent: a reserved header or a URL with credentials would only fail every event later.
function checkCallback(flags: PartnerFlags): { url?: string | null; headerName?: string | null; headerValue?: string | null } {
  const out: { url?: string | null; headerName?: string | null; headerValue?: string | null } = {};
  if (flags.callbackUrl !== undefined) {
    if (flags.callbackUrl !== null && !parseCallbackUrl(flags.callbackUrl).ok) throw invalid('callback URL must be an http(s):// URL without user:password@', 'callbackUrl');
    out.url = flags.callbackUrl;
  }
  if (flags.callbackHeader !== undefined) {
    if (flags.callbackHeader === null) return { ...out, headerName: null, headerValue: null };
    const header = parsePartnerHeader(flags.callbackHeader);
    if (!header.ok || header.value.value === '') throw invalid(`callback header must look like "Name: value" (${header.ok ? 'empty value' : header.problem})`, 'callbackHeader');
    out.headerName = header.value.name;
    out.headerValue = header.value.value;
  }
  return out;
}

async function keyOrThrow(pem: string) {
  try {
    return await parsePartnerPublicKey(pem);
  } catch (error) {
    throw invalid((error as Error).message, 'publicKey');
  }
}

export async function createPartner(db: Db, clock: Clock, input: CreatePartnerInput, config: ScopeConfig = DEFAULT_SCOPE_CONFIG): Promise<CreatedPartner> {
  const key = await keyOrThrow(input.publicKeyPem);
  const clientId = input.clientId ?? `caas.${slug(input.name)}`;
  if (!CLIENT_ID_RE.test(clientId)) throw invalid('client id must be 1–200 characters of letters, digits, ".", "_" or "-"', 'clientId');
  if (input.name.trim() === '' || input.name.length > 200) throw invalid('name must have 1 to 200 characters', 'name');
  const scopes = checkScopes(input.scopes, config) ?? null;
  const callback = checkCallback(input);
  const now = clock.now();
  const partnerId = randomUUID();
  const callbackSecret = generateSecret();
  await inTransaction(db, async (tx) => {
    const taken = await tx.selectFrom('partners').select('id').where('client_id', '=', clientId).executeTakeFirst();
    if (taken) throw invalid(`client id "${clientId}" is already registered`, 'clientId');
    await tx
      .insertInto('partners')
      .values({
        id: partnerId,
        client_id: clientId,
        name: input.name.trim(),
        scopes,
        can_refuse: input.canRefuse ?? false,
        auto_approve_payees: input.autoApprovePayees ?? false,
        strict_fields: input.strictFields ?? false,
        callback_url: callback.url ?? null,
        callback_header_name: callback.headerName ?? null,
        callback_header_value: callback.headerValue ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await tx.insertInto('partner_keys').values({ kid: key.kid, partner_id: partnerId, public_key_pem: key.publicKeyPem, created_at: now }).execute();
    await tx.insertInto('partner_callback_secrets').values({ partner_id: partnerId, secret: callbackSecret, created_at: now }).execute();
  });
  return { partnerId, clientId, kid: key.kid, callbackSecret };
}

export async function partnerByClientId(db: Executor, clientId: string) {
  const partner = await db.selectFrom('partners').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  if (!partner) throw invalid(`no partner with client id "${clientId}"`, 'clientId');
  return partner;
}

export async function listPartners(db: Db) {
  const partners = await db.selectFrom('partners').selectAll().orderBy('created_at').execute();
  const keys = await db.selectFrom('partner_keys').select(['partner_id', 'kid', 'created_at', 'revoked_at']).execute();
  return partners.map((p) => ({
    partnerId: p.id,
    clientId: p.client_id,
    name: p.name,
    enabled: p.enabled,
    scopes: p.scopes,
    canRefuse: p.can_refuse,
    autoApprovePayees: p.auto_approve_payees,
    strictFields: p.strict_fields,
    callbackUrl: p.callback_url,
    callbackHeaderName: p.callback_header_name,
    keys: keys.filter((k) => k.partner_id === p.id).map((k) => ({ kid: k.kid, createdAt: k.created_at, revokedAt: k.revoked_at })),
  }));
}

export async function addPartnerKey(db: Db, clock: Clock, clientId: string, publicKeyPem: string): Promise<string> {
  const partner = await partnerByClientId(db, clientId);
  const key = await keyOrThrow(publicKeyPem);
  const inserted = await db
    .insertInto('partner_keys')
    .values({ kid: key.kid, partner_id: partner.id, public_key_pem: key.publicKeyPem, created_at: clock.now() })
    .onConflict((oc) => oc.columns(['partner_id', 'kid']).doNothing())
    .returning('kid')
    .executeTakeFirst();
  if (!inserted) throw invalid(`key ${key.kid} is already registered for this partner`, 'publicKey');
  return key.kid;
}

export async function revokePartnerKey(db: Db, clock: Clock, clientId: string, kid: string): Promise<void> {
  const partner = await partnerByClientId(db, clientId);
  const result = await db.updateTable('partner_keys').set({ revoked_at: clock.now() }).where('partner_id', '=', partner.id).where('kid', '=', kid).where('revoked_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw invalid(`no active key ${kid} for ${clientId}`, 'kid');
}

export async function setPartnerEnabled(db: Db, clock: Clock, clientId: string, enabled: boolean): Promise<void> {
  const partner = await partnerByClientId(db, clientId);
  await db.updateTable('partners').set({ enabled, updated_at: clock.now() }).where('id', '=', partner.id).execute();
}

export async function updatePartner(db: Db, clock: Clock, clientId: string, flags: PartnerFlags, config: ScopeConfig = DEFAULT_SCOPE_CONFIG): Promise<void> {
  const partner = await partnerByClientId(db, clientId);
  const scopes = checkScopes(flags.scopes, config);
  const callback = checkCallback(flags);
  await db
    .updateTable('partners')
    .set({
      ...(scopes !== undefined ? { scopes } : {}),
      ...(flags.canRefuse !== undefined ? { can_refuse: flags.canRefuse } : {}),
      ...(flags.autoApprovePayees !== undefined ? { auto_approve_payees: flags.autoApprovePayees } : {}),
      ...(flags.strictFields !== undefined ? { strict_fields: flags.strictFields } : {}),
      ...(callback.url !== undefined ? { callback_url: callback.url } : {}),
      ...(callback.headerName !== undefined ? { callback_header_name: callback.headerName, callback_header_value: callback.headerValue ?? null } : {}),
      updated_at: clock.now(),
    })
    .where('id', '=', partner.id)
    .execute();
}

/** Starts a secret rotation: the new secret signs beside the old ones until they are retired. */
export async function rotateCallbackSecret(db: Db, clock: Clock, clientId: string, retireOld: boolean): Promise<string> {
  const partner = await partnerByClientId(db, clientId);
  const secret = generateSecret();
  await inTransaction(db, async (tx) => {
    if (retireOld) await tx.updateTable('partner_callback_secrets').set({ retired_at: clock.now() }).where('partner_id', '=', partner.id).where('retired_at', 'is', null).execute();
    await tx.insertInto('partner_callback_secrets').values({ partner_id: partner.id, secret, created_at: clock.now() }).execute();
  });
  return secret;
}
