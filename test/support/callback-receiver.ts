// A partner's callback receiver for tests: a real HTTP server on 127.0.0.1 (random port) that
// records every request, verifies its signature as a partner would (verifyWebhook), and answers
// as the test says (status, delay). It tracks requests in flight per webhook-id, so a test can
// prove one event is never sent twice at once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, type VerifyResult } from '../../src/modules/callbacks/signing.js';

export interface Receipt {
  webhookId: string;
  timestamp: string;
  signature: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  verified: VerifyResult;
  /** 0 for the first request of this webhook-id, 1 for the second... */
  nth: number;
}

export interface Reply {
  status: number;
  delay_ms?: number;
  headers?: Record<string, string>;
}

export interface CallbackReceiver {
  url: string;
  receipts: Receipt[];
  /** Decides each answer; the default answers 200 at once. */
  reply: (receipt: Receipt) => Reply;
  /** Secrets the receiver verifies with (the partner's configuration). */
  secrets: string[];
  /** The most requests of one webhook-id ever in flight at the same time. */
  maxInFlightPerId(): number;
  byId(webhookId: string): Receipt[];
  waitFor(predicate: () => boolean, timeout_ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(options: { secrets?: string[]; now?: () => Date; path?: string } = {}): Promise<CallbackReceiver> {
  const inFlight = new Map<string, number>();
  let maxInFlight = 0;
  const now = options.now ?? (() => new Date());
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const webhookId = String(req.headers['webhook-id'] ?? '');
      const receipt: Receipt = {
        webhookId,
        timestamp: String(req.headers['webhook-timestamp'] ?? ''),
        signature: String(req.headers['webhook-signature'] ?? ''),
        headers: req.headers,
        body,
        verified: verifyWebhook({ headers: req.headers, body, secrets: receiver.secrets, now: now() }),
        nth: receiver.receipts.filter((r) => r.webhookId === webhookId).length,
      };
      receiver.receipts.push(receipt);
      const current = (inFlight.get(webhookId) ?? 0) + 1;
      inFlight.set(webhookId, current);
      maxInFlight = Math.max(maxInFlight, current);
      const answer = receiver.reply(receipt);
      const finish = () => {
        inFlight.set(webhookId, (inFlight.get(webhookId) ?? 1) - 1);
        if (!res.destroyed) res.writeHead(answer.status, answer.headers).end();
      };
      if (answer.delay_ms) setTimeout(finish, answer.delay_ms).unref();
      else finish();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: CallbackReceiver = {
    url: `http://127.0.0.1:${port}${options.path ?? '/callbacks'}`,
    receipts: [],
    reply: () => ({ status: 200 }),
    secrets: options.secrets ?? [],
    maxInFlightPerId: () => maxInFlight,
    byId: (id) => receiver.receipts.filter((r) => r.webhookId === id),
    async waitFor(predicate, timeout_ms) {
      const deadline = Date.now() + timeout_ms;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met within ${timeout_ms} ms (${receiver.receipts.length} receipts)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}
