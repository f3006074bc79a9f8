// Loaded into a bench server with `node --import ./bench/loop-probe.mjs` (BENCH_LOOP_PROBE=1):
// records the event loop's delay (perf_hooks.monitorEventLoopDelay) and every GC pause by kind, and
// answers the bench over the IPC channel: 'reset' starts a run's window, 'read' returns its figures.
// Plain JavaScript so that it loads before tsx; it never keeps the server alive.
import { monitorEventLoopDelay, PerformanceObserver, constants } from 'node:perf_hooks';

const RESOLUTION_MS = 5;
const KINDS = { [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge', [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact', [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental', [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak' };

if (process.send) {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  let started = performance.now();
  let gc = {};
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = KINDS[entry.detail?.kind] ?? 'other';
      const k = (gc[kind] ??= { count: 0, total_ms: 0, max_ms: 0 });
      k.count += 1;
      k.total_ms += entry.duration;
      k.max_ms = Math.max(k.max_ms, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  process.on('message', (message) => {
    if (message?.probe === 'reset') {
      delay.reset();
      gc = {};
      started = performance.now();
      process.send({ probe: 'reset' });
    } else if (message?.probe === 'read') {
      const ms = (ns) => ns / 1e6;
      process.send({
        probe: 'read',
        stats: { window_ms: performance.now() - started, delay_p50_ms: ms(delay.percentile(50)), delay_p99_ms: ms(delay.percentile(99)), delay_max_ms: ms(delay.max), gc },
      });
    }
  });
  process.channel?.unref();
}
