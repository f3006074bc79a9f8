import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { ConfigError, loadConfigOf } from './env.js';

/** Platform's own settings (no module's: their descriptors' parsers are tested in each module). */
const loadConfig = (env: Record<string, string | undefined>, cwd?: string) => loadConfigOf([], env, cwd);

test('defaults: 127.0.0.1:8080, PUBLIC_URL derived, embedded data under ./.caas', () => {
  const config = loadConfig({}, '/srv/caas');
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.port, 8080);
  assert.equal(config.publicUrl, 'http://127.0.0.1:8080');
  assert.equal(config.databaseUrl, null);
  assert.equal(config.dataDir, path.resolve('/srv/caas/.caas'));
  assert.equal(config.idempotencyRetentionMs, 24 * 3_600_000);
});

test('explicit settings are honoured; PUBLIC_URL loses its trailing slash', () => {
  const config = loadConfig({ HOST: '0.0.0.0', PORT: '9000', PUBLIC_URL: 'https://api.example.com/', DATABASE_URL: 'postgres://u:p@db:5432/caas', CAAS_DATA_DIR: 'data', LOG_LEVEL: 'DEBUG' }, '/srv');
  assert.equal(config.publicUrl, 'https://api.example.com');
  assert.equal(config.databaseUrl, 'postgres://u:p@db:5432/caas');
  assert.equal(config.dataDir, '/srv/data');
  assert.equal(config.logLevel, 'debug');
});

test('every bad setting is reported at once, clearly, without leaking a password', () => {
  assert.throws(
    () => loadConfig({ PORT: '80000', PUBLIC_URL: 'ftp://x', DATABASE_URL: 'mysql://root:secret@h/db', LOG_LEVEL: 'loud', CAAS_IDEMPOTENCY_RETENTION_HOURS: '1', CAAS_RATE_LIMIT_PER_SECOND: '0', CAAS_WORKERS: 'maybe' }),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      const text = error.message;
      for (const name of ['PORT', 'PUBLIC_URL', 'DATABASE_URL', 'LOG_LEVEL', 'CAAS_IDEMPOTENCY_RETENTION_HOURS', 'CAAS_RATE_LIMIT_PER_SECOND', 'CAAS_WORKERS']) assert.match(text, new RegExp(name));
      assert.doesNotMatch(text, /secret/);
      return true;
    },
  );
});

test('CAAS_TRUST_PROXY: none by default; true, a hop count, or addresses and CIDRs; anything else named', () => {
  assert.equal(loadConfig({}).trustProxy, false);
  assert.equal(loadConfig({ CAAS_TRUST_PROXY: 'true' }).trustProxy, true);
  assert.equal(loadConfig({ CAAS_TRUST_PROXY: '2' }).trustProxy, 2);
  assert.deepEqual(loadConfig({ CAAS_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy, ['10.0.0.0/8', '127.0.0.1', '::1']);
  for (const bad of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/1', 'yes please']) {
    assert.throws(() => loadConfig({ CAAS_TRUST_PROXY: bad }), /CAAS_TRUST_PROXY/);
  }
});
