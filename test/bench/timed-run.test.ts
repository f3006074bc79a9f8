// The bench's req/s of a run by amount (the one-time-body operations: token, boleto, charge,
// cancellation) is timed to the last answer, not to autocannon's finish, which waits for its next
// 1 s sample tick (bench/harness.ts timedRun): 100 requests answered at once take well under 1 s.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { timedRun } from '../../bench/harness.js';

test('a run by amount is timed to its last answer, not rounded up to autocannon\'s 1 s tick', async () => {
  const server = http.createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const { result, elapsed_ms } = await timedRun({ url: `http://127.0.0.1:${port}/`, amount: 100, connections: 5 });
    assert.equal(result.requests.total, 100);
    const autocannonMs = new Date(result.finish).getTime() - new Date(result.start).getTime();
    assert.ok(autocannonMs >= 900, `autocannon's own finish waits for its tick (${autocannonMs} ms)`);
    assert.ok(elapsed_ms > 0 && elapsed_ms < autocannonMs / 2, `timed to the last answer: ${elapsed_ms} ms`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
