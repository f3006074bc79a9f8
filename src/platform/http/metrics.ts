// Prometheus metrics at /metrics: request counts and latencies per operation. One registry per
// app instance, so tests can build many apps in one process.
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  /** caas_ignored_fields_total{operation}: unknown request fields ignored (issue 11). */
  countIgnoredFields(operation: string, count: number): void;
}

export function installMetrics(app: FastifyInstance, options: { defaultMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'caas_http_requests_total', help: 'HTTP requests by operation and status', labelNames: ['operation', 'status'], registers: [registry] });
  const duration = new Histogram({
    name: 'caas_http_request_duration_seconds',
    help: 'HTTP request latency by operation',
    labelNames: ['operation'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const ignoredFields = new Counter({ name: 'caas_ignored_fields_total', help: 'Unknown request fields ignored, by operation', labelNames: ['operation'], registers: [registry] });
  app.addHook('onResponse', async (request, reply) => {
    const config = request.routeOptions.config as { operationId?: string } | undefined;
    const operation = config?.operationId ?? (request.routeOptions.url ? `${request.method} ${request.routeOptions.url}` : 'unmatched');
    requests.inc({ operation, status: String(reply.statusCode) });
    duration.observe({ operation }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } as never }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return { registry, countIgnoredFields: (operation, count) => ignoredFields.inc({ operation }, count) };
}
