import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db.js';
import { fixedClock } from '../../platform/clock.js';
import { DomainError } from '../../platform/errors.js';
import { decodeSecret } from '../callbacks/signing.js';
import { generatePartnerKeyPair } from './keys.js';
import { createPartner, updatePartner } from './partner-admin.js';

let database: TestDatabase;
let publicKeyPem: string;
const clock = fixedClock('2026-11-23T15:00:00.000Z');
before(async () => {
  database = await createTestDatabase();
  publicKeyPem = (await generatePartnerKeyPair()).publicKeyPem;
});
after(() => database.drop());

async function refused(promise: Promise<unknown>, field: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof DomainError, `expected a clear DomainError, got ${String(error)}`);
    assert.equal(error.messages[0]?.field, field);
    return true;
  });
}

test('the callback secret shown at onboarding is one the delivery worker can sign with', async () => {
  const created = await createPartner(database.db, clock, { name: 'Secret', publicKeyPem });
  assert.equal(decodeSecret(created.callbackSecret).length, 32);
});

test('onboarding refuses the callback settings the delivery would refuse, with a clear message', async () => {
  const { clientId } = await createPartner(database.db, clock, { name: 'Callbacks', publicKeyPem });
  for (const callbackUrl of ['http://', 'ftp://partner.example/hook', 'https://user:pw@partner.example/hook']) {
    await refused(updatePartner(database.db, clock, clientId, { callbackUrl }), 'callbackUrl');
  }
  for (const callbackHeader of ['no colon', 'Content-Type: text/plain', 'webhook-signature: v1,forged', 'Api-Key:', 'Api-Key: caf\u00e9']) {
    await refused(updatePartner(database.db, clock, clientId, { callbackHeader }), 'callbackHeader');
  }
  await updatePartner(database.db, clock, clientId, { callbackUrl: 'https://partner.example/hook', callbackHeader: 'Api-Key: abc' });
  const row = await database.db.selectFrom('partners').selectAll().where('client_id', '=', clientId).executeTakeFirstOrThrow();
  assert.deepEqual([row.callback_url, row.callback_header_name, row.callback_header_value], ['https://partner.example/hook', 'Api-Key', 'abc']);
});
