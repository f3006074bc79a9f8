// Issue 14: the bench's loop probe reports a server's event-loop stalls and GC pauses over IPC.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { gcSummary, loopProbeArgs } from '../../bench/loop-probe-client.js';

test('the loop probe sees a stalled event loop and the collections of a window', async () => {
  const probe = loopProbeArgs();
  // A stand-in server: stalls its loop for 60 ms every 100 ms and allocates, until its stdin closes.
  const script = `setInterval(() => { const until = Date.now() + 60; const junk = []; while (Date.now() < until) junk.push({ a: [1, 2, 3] }); }, 100); process.stdin.on('end', () => process.exit(0)); process.stdin.resume();`;
  const child = spawn(process.execPath, [...probe.args, '--max-semi-space-size=1', '-e', script], { cwd: new URL('../..', import.meta.url).pathname, stdio: ['pipe', 'ignore', 'inherit', 'ipc'] });
  try {
    const loop = probe.attach(child);
    await new Promise((r) => setTimeout(r, 300));
    await loop.reset();
    await new Promise((r) => setTimeout(r, 500));
    const stats = await loop.read();
    assert.ok(stats.window_ms >= 400, `window ${stats.window_ms}`);
    assert.ok(stats.delay_max_ms >= 30, `loop delay max ${stats.delay_max_ms} ms`);
    const gc = gcSummary(stats);
    assert.ok(gc.scavenges > 0, 'scavenges seen');
    assert.ok(gc.gc_ms_per_s > 0 && gc.gc_max_ms > 0);
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.stdin?.end();
    await exited;
  }
});
