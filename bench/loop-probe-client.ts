// The bench's side of bench/loop-probe.mjs: the node arguments that load it into a server, and
// reset/read over the server's IPC channel.
import type { ChildProcess } from 'node:child_process';

export interface GcKind {
  count: number;
  total_ms: number;
  max_ms: number;
}

export interface LoopStats {
  window_ms: number;
  /** Event-loop delay beyond the probe's 5 ms timer: how long a ready callback waited. */
  delay_p50_ms: number;
  delay_p99_ms: number;
  delay_max_ms: number;
  /** GC pauses by kind (scavenge, mark-compact, incremental, weak) during the window. */
  gc: Record<string, GcKind>;
}

export interface LoopProbe {
  reset(): Promise<void>;
  read(): Promise<LoopStats>;
}

const ANSWER_TIMEOUT_MS = 5_000;

function ask<T>(child: ChildProcess, probe: 'reset' | 'read'): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', on);
      reject(new Error(`loop probe: no answer to ${probe}`));
    }, ANSWER_TIMEOUT_MS);
    const on = (message: { probe?: string; stats?: T }) => {
      if (message?.probe !== probe) return;
      clearTimeout(timer);
      child.off('message', on);
      resolve(message.stats as T);
    };
    child.on('message', on);
    child.send({ probe });
  });
}

export function loopProbeArgs(): { args: string[]; attach(child: ChildProcess): LoopProbe } {
  return {
    args: ['--import', './bench/loop-probe.mjs'],
    attach: (child) => ({ reset: () => ask<void>(child, 'reset'), read: () => ask<LoopStats>(child, 'read') }),
  };
}

/** GC time per second of the window, and the longest pause, over every kind. */
export function gcSummary(stats: LoopStats): { gc_ms_per_s: number; gc_max_ms: number; scavenges: number; full: number } {
  const kinds = Object.values(stats.gc);
  const total = kinds.reduce((n, k) => n + k.total_ms, 0);
  return {
    gc_ms_per_s: (total * 1000) / Math.max(stats.window_ms, 1),
    gc_max_ms: Math.max(0, ...kinds.map((k) => k.max_ms)),
    scavenges: stats.gc.scavenge?.count ?? 0,
    full: stats.gc['mark-compact']?.count ?? 0,
  };
}
