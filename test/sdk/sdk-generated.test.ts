// The SDK's generated types and its committed build are never stale: the types are regenerated
// from the running service's GET /openapi.json and the package is rebuilt into a temporary folder,
// and both must equal what is committed (fix: npm run sdk:types && npm run sdk:build).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SDK_TYPES_FILE, sdkTypesFrom } from '../../scripts/sdk-types.js';
import { OPERATIONS } from '../../packages/sdk/src/operations.js';
import { TOKEN_PATH } from '../../packages/sdk/src/token.js';
import { startTestService, type TestService } from '../support/app.js';

const SDK_DIR = path.resolve(path.dirname(SDK_TYPES_FILE), '../..');
let service: TestService;
type Answer = { headers?: Record<string, unknown> };
let doc: { paths: Record<string, Record<string, { responses?: Record<string, Answer> }>>; components: { responses: Record<string, Answer> } };

before(async () => {
  service = await startTestService();
  doc = (await service.app.inject({ method: 'GET', url: '/openapi.json' })).json();
});
after(() => service.close());

function filesUnder(dir: string, base = dir): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(out, filesUnder(full, base));
    else out[path.relative(base, full)] = fs.readFileSync(full, 'utf8');
  }
  return out;
}

describe('SDK freshness', () => {
  test('packages/sdk/src/generated/openapi.ts is what /openapi.json generates', async () => {
    const expected = await sdkTypesFrom(doc as unknown as Record<string, unknown>);
    assert.ok(expected === fs.readFileSync(SDK_TYPES_FILE, 'utf8'), 'generated SDK types are stale: run `npm run sdk:types` (then `npm run sdk:build`)');
  });

  test('every operation of /openapi.json has its SDK method', () => {
    const posts = Object.entries(doc.paths).filter(([, methods]) => methods.post !== undefined).map(([p]) => p);
    // The token endpoint (documented since issue 15) is the SDK's token module, not an operation method.
    const covered = new Set<string>([...Object.values(OPERATIONS), TOKEN_PATH]);
    assert.deepEqual(posts.filter((p) => !covered.has(p)), []);
  });

  test('every answer documents the Caas-Clock header', () => {
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const operation of Object.values(methods)) {
        for (const answer of Object.values(operation.responses ?? {})) {
          // Shared answers (the error envelopes, since issue 15) are $refs to components.responses.
          const ref = (answer as { $ref?: string }).$ref;
          const response = ref ? doc.components.responses[ref.replace('#/components/responses/', '')] : answer;
          assert.deepEqual(response?.headers?.['Caas-Clock'], { $ref: '#/components/headers/Caas-Clock' }, p);
        }
      }
    }
  });

  test('the committed dist/ is the build of src/', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-sdk-build-'));
    try {
      execFileSync(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), '-p', path.join(SDK_DIR, 'tsconfig.json'), '--outDir', out], { stdio: 'pipe' });
      assert.ok(JSON.stringify(filesUnder(out)) === JSON.stringify(filesUnder(path.join(SDK_DIR, 'dist'))), 'packages/sdk/dist is stale: run `npm run sdk:build`');
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
