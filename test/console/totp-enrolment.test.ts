// CAAS_CONSOLE_TOTP_ADMINS=true (issue 16): an admin without TOTP is sent to the enrolment page at
// login and can open nothing else until a code of the new secret is typed; others are not.
import assert from 'node:assert/strict';
import QRCode from 'qrcode';
import { after, before, test } from 'node:test';
import { totpCode, totpUri } from '../../src/modules/operators/index.js';
import { startTestService, type TestService } from '../support/app.js';
import { createTestOperator } from '../support/console.js';

let service: TestService;
before(async () => {
  service = await startTestService({ CAAS_CONSOLE_TOTP_ADMINS: 'true' });
});
after(() => service?.close());

async function sessionOf(email: string, password: string): Promise<string> {
  const page = await service.app.inject({ url: '/console/entrar' });
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
  const cookie = page.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const response = await service.app.inject({ method: 'POST', url: '/console/entrar', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, payload: new URLSearchParams({ _csrf: csrf, email, password }).toString() });
  return response.cookies.find((c) => c.name === 'caas_console')!.value;
}

test('an admin without TOTP must enrol before anything else; a wrong code does not enrol', async () => {
  const admin = await createTestOperator(service.database.db, 'admin', { clock: service.clock });
  const token = await sessionOf(admin.email, admin.password);
  const cookie = `caas_console=${token}`;
  const home = await service.app.inject({ url: '/console', headers: { cookie } });
  assert.equal(home.statusCode, 303);
  assert.equal(home.headers.location, '/console/totp');
  const page = await service.app.inject({ url: '/console/totp', headers: { cookie } });
  assert.equal(page.statusCode, 200);
  const secret = /name="secret" value="([A-Z2-7]{32})"/.exec(page.body)![1]!;
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
  const qr = await QRCode.toString(totpUri(secret, admin.email), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  assert.ok(page.body.includes(`<figure class="totp-qr" role="img" aria-label="QR code da chave">${qr}</figure>`), 'the page shows the otpauth address as a QR code');
  const post = (code: string) => service.app.inject({ method: 'POST', url: '/console/totp', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, payload: new URLSearchParams({ _csrf: csrf, secret, code }).toString() });
  assert.equal((await post('000000')).statusCode, 400);
  assert.equal((await service.app.inject({ url: '/console', headers: { cookie } })).statusCode, 303, 'still not enrolled');
  assert.equal((await post(totpCode(secret, service.clock.now()))).statusCode, 303);
  assert.equal((await service.app.inject({ url: '/console', headers: { cookie } })).statusCode, 200);
  const row = await service.database.db.selectFrom('operators').select('totp_secret').where('id', '=', admin.id).executeTakeFirstOrThrow();
  assert.equal(row.totp_secret, secret);
});

test('an approver is not asked for TOTP', async () => {
  const approver = await createTestOperator(service.database.db, 'approver', { clock: service.clock });
  const token = await sessionOf(approver.email, approver.password);
  assert.equal((await service.app.inject({ url: '/console', headers: { cookie: `caas_console=${token}` } })).statusCode, 200);
});
