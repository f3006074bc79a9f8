// The load of bench/fixed-cost.ts's socket mode (FIXED_SOCKET=1), in its own process so that the
// measured process's CPU is the server's alone: autocannon sends `amount` POSTs cycling the given
// bodies, a fresh IdempotencyKey on each, and exits non-zero on an unexpected status.
// `node --import tsx bench/fixed-load.ts <plan.json>`: { url, headers, bodies, amount, connections, status, timeout_s? }.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import autocannon from 'autocannon';

interface Plan {
  url: string;
  headers: Record<string, string>;
  bodies: string[];
  amount: number;
  connections: number;
  status: number;
  /** Seconds before a request counts as an error (autocannon's default: 10); bench/instructions.ts's server runs under valgrind. */
  timeout_s?: number;
}

const plan = JSON.parse(fs.readFileSync(process.argv[2] as string, 'utf8')) as Plan;
let i = 0;
const result = await autocannon({
  url: plan.url,
  method: 'POST',
  connections: Math.min(plan.connections, plan.amount),
  amount: plan.amount,
  timeout: plan.timeout_s ?? 10,
  headers: plan.headers,
  requests: [
    {
      setupRequest: (request) => {
        const body = plan.bodies[i % plan.bodies.length] as string;
        i += 1;
        return { ...request, body, headers: { ...request.headers, idempotencykey: randomUUID() } };
      },
    },
  ],
});
const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
const unexpected = Object.entries(stats).filter(([code]) => Number(code) !== plan.status);
if (unexpected.length > 0 || result.errors > 0) {
  console.error(`unexpected answers: ${JSON.stringify(unexpected)}, errors ${result.errors}`);
  process.exit(1);
}
