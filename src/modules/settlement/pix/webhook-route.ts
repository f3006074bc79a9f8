// POST {PUBLIC_URL}/webhooks/pix/<CAAS_PIX_WEBHOOK_SECRET>/pix: the URL registered at the provider
// (the provider appends /pix). A wrong secret is a 404 (the route does not exist for a guesser);
// a malformed body a 400; otherwise 200 once every notification is stored (each is confirmed with
// GET /pix before it settles; one that cannot be confirmed yet stays pending, never lost).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PIX_WEBHOOK_BODY_BYTES_MAX } from '../limits.js';
import { receivePixNotifications, WebhookBodyError, type PixDeps } from './webhook.js';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function pixWebhookPlugin(d: PixDeps, secret: string): (app: FastifyInstance) => Promise<void> {
  return async (app) => {
    // capabilityUrl: the path carries the secret; the request log writes the route pattern instead.
    app.post<{ Params: { secret: string } }>('/webhooks/pix/:secret/pix', { bodyLimit: PIX_WEBHOOK_BODY_BYTES_MAX, config: { capabilityUrl: true } }, async (request, reply) => {
      if (!sameSecret(request.params.secret, secret)) return reply.code(404).send({ title: 'Not Found' });
      try {
        const results = await receivePixNotifications(d, request.body);
        return reply.code(200).send({ recebidos: results.length });
      } catch (error) {
        if (error instanceof WebhookBodyError) return reply.code(400).send({ title: 'Bad Request', detail: error.message });
        throw error;
      }
    });
  };
}
