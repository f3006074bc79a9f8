// The demo partner's callback receiver: a real HTTP server on 127.0.0.1 (a free port) that keeps
// every delivery and checks its signature with the partner's secret, as a partner's system would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '../../modules/callbacks/signing.js';
import { DEMO_RECEIVER_BODY_BYTES_MAX } from '../limits.js';

export interface Delivery {
  eventType: number | null;
  eventName: string | null;
  verified: boolean;
  body: string;
}

export interface DemoReceiver {
  url: string;
  deliveries: Delivery[];
  /** Resolves when every one of `types` has arrived, or rejects after `timeoutMs`. */
  waitForTypes(types: readonly number[], timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}


function eventOf(body: string): { eventType: number | null; eventName: string | null } {
  try {
    const parsed = JSON.parse(body) as { TipoEvento?: unknown; NomeEvento?: unknown };
    return { eventType: typeof parsed.TipoEvento === 'number' ? parsed.TipoEvento : null, eventName: typeof parsed.NomeEvento === 'string' ? parsed.NomeEvento : null };
  } catch {
    return { eventType: null, eventName: null };
  }
}

export async function startDemoReceiver(secret: () => string | null): Promise<DemoReceiver> {
  const deliveries: Delivery[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= DEMO_RECEIVER_BODY_BYTES_MAX) chunks.push(c);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const key = secret();
      const verified = key !== null && verifyWebhook({ headers: req.headers, body, secrets: [key], now: new Date() }).ok;
      deliveries.push({ ...eventOf(body), verified, body });
      res.writeHead(verified ? 204 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/caas-callbacks`;
  return {
    url,
    deliveries,
    async waitForTypes(types, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const done = () => types.every((t) => deliveries.some((d) => d.verified && d.eventType === t));
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`no callback ${types.filter((t) => !deliveries.some((d) => d.verified && d.eventType === t)).join(', ')} within ${timeoutMs / 1000} s: are the server's workers on (CAAS_WORKERS)?`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
