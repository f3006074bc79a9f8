// Measurements that are not HTTP operations: callback delivery throughput (events/s to a local
// receiver, through the real worker).
import { benchCallbacks } from './callbacks.js';

export async function runExtras(): Promise<Record<string, unknown>> {
  const callbacks = await benchCallbacks();
  console.log(`\ncallback delivery: ${callbacks.events} events at ${callbacks.events_per_s.toFixed(0)} events/s (worker → loopback receiver)`);
  return { callbacks };
}
