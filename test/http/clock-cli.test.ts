// `caas clock advance|set` (issue 13: one command path): a move is audited as the command
// `clock.move` with the operator as actor, as the console's Relógio page records it; a move
// refused (not forward) records nothing. In-process CLI against a test database in sandbox mode.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import { startTestService, type TestService } from '../support/app.js';

let service: TestService;
const saved = { url: process.env.DATABASE_URL, sandbox: process.env.CAAS_SANDBOX, operator: process.env.CAAS_OPERATOR };

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (l) => (out += `${l}\n`), err: (l) => (err += `${l}\n`) });
  return { code, out, err };
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

before(async () => {
  service = await startTestService();
  process.env.DATABASE_URL = service.database.url;
  process.env.CAAS_SANDBOX = 'true';
  process.env.CAAS_OPERATOR = 'maria';
});
after(async () => {
  restore('DATABASE_URL', saved.url);
  restore('CAAS_SANDBOX', saved.sandbox);
  restore('CAAS_OPERATOR', saved.operator);
  await service.close();
});

test('a CLI clock move is audited as clock.move with the operator; a refused move records nothing', async () => {
  const audits = () => service.database.db.selectFrom('command_audit').select(['command', 'actor_kind', 'actor_id', 'source', 'summary']).where('command', '=', 'clock.move').execute();
  const moved = await cli(['clock', 'advance', '--days', '1', '--json']);
  assert.equal(moved.code, 0, moved.err);
  const { from, now } = JSON.parse(moved.out) as { from: string; now: string };
  assert.deepEqual(await audits(), [{ command: 'clock.move', actor_kind: 'operator', actor_id: 'maria', source: 'cli', summary: `sandbox clock moved from ${from} to ${now}` }]);
  const refused = await cli(['clock', 'set', from]);
  assert.equal(refused.code, 2, refused.err);
  assert.equal((await audits()).length, 1);
});
