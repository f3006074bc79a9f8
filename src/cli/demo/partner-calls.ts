// What the demo partner does over HTTP, as any partner would: a signed client assertion for a
// token (RS256, jose), then JSON operations with the bearer token and a fresh IdempotencyKey.
import { randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';

export interface DemoPartner {
  clientId: string;
  privateKeyPem: string;
}

const ASSERTION_LIFETIME_S = 120;
const AUDIENCE_HINT_RE = /aud deve ser (\S+)/;

async function assertion(partner: DemoPartner, audience: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const key = await importPKCS8(partner.privateKeyPem, 'RS256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setJti(randomUUID())
    .setIssuer(partner.clientId)
    .setSubject(partner.clientId)
    .setAudience(audience)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + ASSERTION_LIFETIME_S)
    .sign(key);
}

async function tokenRequest(baseUrl: string, partner: DemoPartner, audience: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: partner.clientId,
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: await assertion(partner, audience),
  });
  const response = await fetch(`${baseUrl}/connect/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'cache-control': 'no-cache' }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * The access token. The assertion's audience is the server's PUBLIC_URL + /connect/token; when the
 * server says it expects another one (a PUBLIC_URL other than the address we reach it at), we
 * sign again for that one.
 */
export async function fetchToken(baseUrl: string, partner: DemoPartner): Promise<{ token: string; expiresIn: number; audience: string }> {
  let audience = `${baseUrl}/connect/token`;
  let answer = await tokenRequest(baseUrl, partner, audience);
  const hint = AUDIENCE_HINT_RE.exec(JSON.stringify(answer.body))?.[1]?.replace(/[".,]+$/, '');
  if (answer.status !== 200 && hint !== undefined && hint !== audience) {
    audience = hint;
    answer = await tokenRequest(baseUrl, partner, audience);
  }
  if (answer.status !== 200 || typeof answer.body.access_token !== 'string') throw new Error(`token refused (${answer.status}): ${JSON.stringify(answer.body)}`);
  return { token: answer.body.access_token, expiresIn: Number(answer.body.expires_in), audience };
}

export async function callOperation(baseUrl: string, token: string, operation: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${operation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, idempotencykey: randomUUID() },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200 || answer.hasError === true) throw new Error(`${operation} refused (${response.status}): ${JSON.stringify(answer.messages ?? answer)}`);
  return answer;
}
