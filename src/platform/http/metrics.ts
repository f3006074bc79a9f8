// Prometheus metrics at /metrics: request counts and latencies per operation, plus gauges read at
// scrape time: each source runs one cheap query against PostgreSQL (bounded by the pool's
// statement timeout) and sets its gauges. The platform reads the job queue and the pool; modules
// bring their own sources (callbacks, boletos, proposals). One registry per app instance, so tests
// can build many apps in one process.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Clock } from '../clock.js';
import { poolStats, type Db } from '../db/pool.js';
import { routeFactsOf } from './route-facts.js';

export interface GaugeSpec {
  name: string;
  help: string;
  labelNames?: readonly string[];
}

export interface Sample {
  gauge: string;
  labels?: Record<string, string>;
  value: number;
}

/** Gauges filled at scrape time from one query. */
export interface MetricSource {
  name: string;
  gauges: readonly GaugeSpec[];
  read(db: Db, now: Date): Promise<Sample[]>;
}

const seconds = (ms: number) => Math.max(0, Math.round(ms / 100) / 10);

/** The job queue: pending jobs by kind, how many are due, and how long the oldest due one waits. */
export const jobQueueSource: MetricSource = {
  name: 'jobs',
  gauges: [
    { name: 'caas_jobs_pending', help: 'Background jobs waiting (due or scheduled later), by kind', labelNames: ['kind'] },
    { name: 'caas_jobs_due', help: 'Background jobs due now and not yet done, by kind', labelNames: ['kind'] },
    { name: 'caas_jobs_oldest_due_age_seconds', help: 'How long the oldest due job has waited since its run time, by kind', labelNames: ['kind'] },
  ],
  async read(db, now) {
    const { rows } = await sql<{ kind: string; pending: number; due: number; oldest_due: Date | null }>`
      select kind, count(*)::int as pending, count(*) filter (where run_at <= ${now})::int as due, min(run_at) filter (where run_at <= ${now}) as oldest_due
      from jobs where status = 'pending' group by kind`.execute(db);
    return rows.flatMap((r) => [
      { gauge: 'caas_jobs_pending', labels: { kind: r.kind }, value: r.pending },
      { gauge: 'caas_jobs_due', labels: { kind: r.kind }, value: r.due },
      { gauge: 'caas_jobs_oldest_due_age_seconds', labels: { kind: r.kind }, value: r.oldest_due ? seconds(now.getTime() - new Date(r.oldest_due).getTime()) : 0 },
    ]);
  },
};

/** The connection pool of this process (no query). */
export const poolSource: MetricSource = {
  name: 'pool',
  gauges: [
    { name: 'caas_db_pool_connections', help: 'PostgreSQL connections of this process by state (in_use, idle)', labelNames: ['state'] },
    { name: 'caas_db_pool_waiting', help: 'Requests waiting for a PostgreSQL connection in this process' },
    { name: 'caas_db_statements', help: 'Statements this process sent to PostgreSQL since it started (a running count)' },
  ],
  async read(db) {
    const stats = poolStats(db);
    if (!stats) return [];
    return [
      { gauge: 'caas_db_pool_connections', labels: { state: 'in_use' }, value: stats.total - stats.idle },
      { gauge: 'caas_db_pool_connections', labels: { state: 'idle' }, value: stats.idle },
      { gauge: 'caas_db_pool_waiting', value: stats.waiting },
      { gauge: 'caas_db_statements', value: stats.statements },
    ];
  },
};

export interface MetricsOptions {
  defaultMetrics: boolean;
  db: Db;
  clock: Clock;
  /** Module sources, besides the job queue and the pool. */
  sources?: readonly MetricSource[];
}

function sourceGauges(registry: Registry, sources: readonly MetricSource[]): Map<string, Gauge> {
  const gauges = new Map<string, Gauge>();
  for (const gauge of sources.flatMap((s) => s.gauges)) {
    if (gauges.has(gauge.name)) throw new Error(`assertion: metric ${gauge.name} declared twice`);
    gauges.set(gauge.name, new Gauge({ name: gauge.name, help: gauge.help, labelNames: [...(gauge.labelNames ?? [])], registers: [registry] }));
  }
  return gauges;
}

export interface Metrics {
  registry: Registry;
  /** caas_ignored_fields_total{operation}: unknown request fields ignored (issue 11). */
  countIgnoredFields(operation: string, count: number): void;
}

export function installMetrics(app: FastifyInstance, options: MetricsOptions): Metrics {
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
  // The pool first: its numbers are read before the scrape's own queries take connections.
  const sources = [poolSource, jobQueueSource, ...(options.sources ?? [])];
  const gauges = sourceGauges(registry, sources);
  const readFailures = new Counter({ name: 'caas_metrics_read_failures_total', help: 'Scrape-time metric reads that failed (database down or slow), by source', labelNames: ['source'], registers: [registry] });
  const readAll = async () => {
    const now = options.clock.now();
    await Promise.all(
      sources.map(async (source) => {
        for (const gauge of source.gauges) gauges.get(gauge.name)?.reset();
        try {
          for (const sample of await source.read(options.db, now)) gauges.get(sample.gauge)?.set(sample.labels ?? {}, sample.value);
        } catch (error) {
          readFailures.inc({ source: source.name });
          app.log.warn({ err: error, source: source.name }, 'metrics read failed');
        }
      }),
    );
  };
  const ignoredFields = new Counter({ name: 'caas_ignored_fields_total', help: 'Unknown request fields ignored, by operation', labelNames: ['operation'], registers: [registry] });
  // Synchronous (no promise per request); the label objects are made once per operation and status
  // (operations are routes, or `unmatched`: a bounded set), found by the operation's own string and
  // the status number (issue 14: a key built per request was a concatenation and a hash of it).
  const labels = new Map<string, Map<number, { request: { operation: string; status: string }; duration: { operation: string } }>>();
  app.addHook('onResponse', (request, reply, done) => {
    const operation = routeFactsOf(request).operation;
    const status = reply.statusCode;
    let byStatus = labels.get(operation);
    if (byStatus === undefined) labels.set(operation, (byStatus = new Map()));
    let these = byStatus.get(status);
    if (these === undefined) {
      these = { request: { operation, status: String(status) }, duration: { operation } };
      byStatus.set(status, these);
    }
    requests.inc(these.request);
    duration.observe(these.duration, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { schema: { hide: true } as never }, async (_request, reply) => {
    await readAll();
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return { registry, countIgnoredFields: (operation, count) => ignoredFields.inc({ operation }, count) };
}
