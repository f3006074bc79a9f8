import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../config.js';
import { main } from '../../cli/main.js';

test('IOF caps: absent means the dated defaults; operator values are read as exact decimals', () => {
  assert.deepEqual(loadConfig({}).proposals.iofCaps, { PF: null, PJ: null });
  const caps = loadConfig({ CAAS_IOF_CAP_PF_PERCENT: '3.5', CAAS_IOF_CAP_PJ_PERCENT: ' 2.993 ' }).proposals.iofCaps;
  assert.deepEqual([caps.PF?.toString(), caps.PJ?.toString()], ['3.5', '2.993']);
});

test('a bad IOF cap is reported at start-up with the variable and the value', () => {
  for (const bad of ['0', '-1', '101', '1,5', 'abc', '1.1234567', '1e1', '.5']) {
    assert.throws(
      () => loadConfig({ CAAS_IOF_CAP_PJ_PERCENT: bad }),
      (error: unknown) => error instanceof ConfigError && error.message.includes(`CAAS_IOF_CAP_PJ_PERCENT must be a percentage`) && error.message.includes(`got "${bad}"`),
      bad,
    );
  }
  assert.throws(() => loadConfig({ CAAS_IOF_CAP_PF_PERCENT: '3%' }), /CAAS_IOF_CAP_PF_PERCENT must be a percentage .* got "3%"/);
});

test('caas serve refuses to start with a bad IOF cap, naming it', async () => {
  const previous = process.env.CAAS_IOF_CAP_PF_PERCENT;
  process.env.CAAS_IOF_CAP_PF_PERCENT = 'three';
  const err: string[] = [];
  try {
    const code = await main(['serve'], { out: () => {}, err: (line) => err.push(line) });
    assert.equal(code, 1);
    assert.match(err.join('\n'), /caas serve: invalid configuration:[\s\S]*CAAS_IOF_CAP_PF_PERCENT must be a percentage .* got "three"/);
  } finally {
    if (previous === undefined) delete process.env.CAAS_IOF_CAP_PF_PERCENT;
    else process.env.CAAS_IOF_CAP_PF_PERCENT = previous;
  }
});
