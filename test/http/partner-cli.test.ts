// The service team's partner commands (issue #3): add-key (rotation), revoke-key, disable/enable,
// update (scopes, callback, flags), rotate-secret, signing-key rotate — and their effect on tokens.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import { generatePartnerKeyPair } from '../../src/modules/partners/index.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';

let service: TestService;
let partner: TestPartner;
let dir: string;

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (l) => (out += `${l}\n`), err: (l) => (err += `${l}\n`) });
  return { code, out, err };
}

/** Runs `argv` twice under `key`: both succeed, the second prints the same and says it replayed. The first run. */
async function runTwice(argv: string[], key: string): Promise<{ code: number; out: string; err: string }> {
  const first = await cli([...argv, '--idempotency-key', key]);
  const again = await cli([...argv, '--idempotency-key', key]);
  assert.equal(first.code, 0, first.err);
  assert.equal(again.code, 0, again.err);
  assert.equal(again.out, first.out);
  assert.ok(again.err.includes(`idempotency-key: ${key} (replayed: nothing changed)`), again.err);
  return first;
}

async function tokenStatus(p: TestPartner): Promise<number> {
  try {
    await service.token(p);
    return 200;
  } catch (error) {
    return Number(/token request failed: (\d+)/.exec((error as Error).message)?.[1]);
  }
}

before(async () => {
  service = await startTestService();
  process.env.DATABASE_URL = service.database.url;
  partner = await service.onboard({ clientId: 'caas.cli-test' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-cli-'));
});
after(async () => {
  delete process.env.DATABASE_URL;
  fs.rmSync(dir, { recursive: true, force: true });
  await service.close();
});

describe('caas partner …', () => {
  test('add-key lets a second key sign (rotation); revoke-key stops the first', async () => {
    const second = await generatePartnerKeyPair();
    fs.writeFileSync(path.join(dir, 'second.pem'), second.publicKeyPem);
    const added = await cli(['partner', 'add-key', partner.clientId, '--public-key', path.join(dir, 'second.pem')]);
    assert.equal(added.code, 0, added.err);
    const newKid = /added key (\S+)/.exec(added.out)?.[1] as string;
    assert.equal(await tokenStatus({ ...partner, keys: second }), 200);
    assert.equal(await tokenStatus(partner), 200);
    const listed = JSON.parse((await cli(['partner', 'list', '--json'])).out) as { clientId: string; keys: { kid: string }[] }[];
    const oldKid = listed.find((p) => p.clientId === partner.clientId)!.keys.find((k) => k.kid !== newKid)!.kid;
    const revoked = await cli(['partner', 'revoke-key', partner.clientId, `--kid=${oldKid}`]);
    assert.equal(revoked.code, 0, revoked.err);
    // The CLI stamps the revocation with the real clock; the service's frozen clock catches up.
    service.clock.set(new Date(Date.now() + 1_000));
    assert.equal(await tokenStatus(partner), 401);
    assert.equal(await tokenStatus({ ...partner, keys: second }), 200);
    partner = { ...partner, keys: second };
  });

  test('disable refuses new tokens; enable restores them', async () => {
    assert.equal((await cli(['partner', 'disable', partner.clientId])).code, 0);
    assert.equal(await tokenStatus(partner), 401);
    assert.equal((await cli(['partner', 'enable', partner.clientId])).code, 0);
    assert.equal(await tokenStatus(partner), 200);
  });

  test('update changes scopes, callback and flags; bad values are refused clearly', async () => {
    const updated = await cli(['partner', 'update', partner.clientId, '--scopes', 'caas.bureau', '--callback-url', 'http://127.0.0.1:9/hook', '--callback-header', 'Api-Key: abc', '--no-can-refuse', '--auto-approve-payees']);
    assert.equal(updated.code, 0, updated.err);
    const row = await service.database.db.selectFrom('partners').selectAll().where('client_id', '=', partner.clientId).executeTakeFirstOrThrow();
    assert.deepEqual(row.scopes, ['caas.bureau']);
    assert.equal(row.callback_url, 'http://127.0.0.1:9/hook');
    assert.equal(row.callback_header_name, 'Api-Key');
    assert.equal(row.can_refuse, false);
    assert.equal(row.auto_approve_payees, true);
    const bad = await cli(['partner', 'update', partner.clientId, '--scopes', 'everything']);
    assert.notEqual(bad.code, 0);
    assert.match(bad.err, /unknown scope/);
    const badHeader = await cli(['partner', 'update', partner.clientId, '--callback-header', 'no colon']);
    assert.notEqual(badHeader.code, 0);
  });

  test('rotate-secret adds a signing secret; --retire-old leaves only the new one', async () => {
    const rotated = await cli(['partner', 'rotate-secret', partner.clientId]);
    assert.equal(rotated.code, 0, rotated.err);
    const active = () => service.database.db.selectFrom('partner_callback_secrets').select('secret').where('partner_id', '=', partner.partnerId).where('retired_at', 'is', null).execute();
    assert.equal((await active()).length, 2);
    const retired = await cli(['partner', 'rotate-secret', partner.clientId, '--retire-old']);
    assert.equal(retired.code, 0);
    const remaining = await active();
    assert.equal(remaining.length, 1);
    assert.ok(retired.out.includes(remaining[0]!.secret));
  });

  test('signing-key rotate makes a new current key; tokens of the old key still verify', async () => {
    const token = await service.token(partner);
    const rotated = await cli(['signing-key', 'rotate']);
    assert.equal(rotated.code, 0, rotated.err);
    const keys = JSON.parse((await cli(['signing-key', 'list', '--json'])).out) as { kid: string; retired_at: string | null }[];
    assert.equal(keys.filter((k) => k.retired_at === null).length, 1);
    assert.ok(keys.length >= 2);
    const response = await service.call('/Bureau/ConsultarBureau', { consulta: { documento: '52998224725', codigoProduto: '1' } }, { token });
    assert.notEqual(response.statusCode, 401);
  });

  test('--idempotency-key: signing-key rotate replayed makes no second key and prints the same kid; the rotation is audited', async () => {
    const kids = async () => (await service.database.db.selectFrom('signing_keys').select('kid').execute()).map((k) => k.kid);
    const before = await kids();
    const first = await runTwice(['signing-key', 'rotate'], 'signing-1');
    const added = (await kids()).filter((kid) => !before.includes(kid));
    assert.equal(added.length, 1);
    assert.equal(first.out, `new current signing key: ${added[0]}\n`);
    const audit = await service.database.db.selectFrom('command_audit').select(['command', 'actor_kind', 'summary']).where('idempotency_key', '=', 'signing-1').execute();
    assert.deepEqual(audit, [{ command: 'signing-key.rotate', actor_kind: 'operator', summary: `signing key ${added[0]} made current` }]);
  });

  test('unknown commands and partners: clear errors, non-zero exits, --help lists the commands', async () => {
    const help = await cli(['--help']);
    assert.equal(help.code, 0);
    for (const name of ['serve', 'migrate', 'keygen', 'partner', 'signing-key', 'proposal', 'payee', 'callbacks']) assert.match(help.out, new RegExp(`\\b${name}\\b`));
    assert.equal((await cli(['nonsense'])).code, 2);
    const missing = await cli(['partner', 'disable', 'caas.nobody']);
    assert.notEqual(missing.code, 0);
    assert.match(missing.err, /no partner/);
  });

  test('--idempotency-key: rotate-secret replayed adds no second secret and prints the same; another input under the key is refused (IDEM422)', async () => {
    const other = await service.onboard();
    const active = () => service.database.db.selectFrom('partner_callback_secrets').select('secret').where('partner_id', '=', other.partnerId).where('retired_at', 'is', null).execute();
    const argv = ['partner', 'rotate-secret', other.clientId, '--idempotency-key', 'rotate-1'];
    await runTwice(argv.slice(0, -2), 'rotate-1');
    assert.equal((await active()).length, 2);
    const audit = await service.database.db.selectFrom('command_audit').select(['command', 'actor_kind']).where('idempotency_key', '=', 'rotate-1').execute();
    assert.deepEqual(audit, [{ command: 'partner.rotate-secret', actor_kind: 'operator' }]);
    const refused = await cli([...argv, '--retire-old']);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /IDEM422/);
    assert.equal((await active()).length, 2);
  });
});

