// /metrics gauges of the callback outbox, read at scrape time in one query: the backlog (pending
// events and the age of the oldest) and the events that failed for good.
import { sql } from 'kysely';
import type { MetricSource } from '../../platform/http/metrics.js';

export const callbackMetrics: MetricSource = {
  name: 'callbacks',
  gauges: [
    { name: 'caas_callbacks_pending', help: 'Callback events not yet delivered (the backlog)' },
    { name: 'caas_callbacks_oldest_pending_age_seconds', help: 'Age of the oldest undelivered callback event' },
    { name: 'caas_callbacks_failed', help: 'Callback events that failed for good (retry window over or refused); caas callbacks redeliver sends them again' },
  ],
  async read(db, now) {
    const { rows } = await sql<{ pending: number; failed: number; oldest: Date | null }>`
      select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'failed')::int as failed,
             min(created_at) filter (where status = 'pending') as oldest
      from callback_deliveries where status in ('pending', 'failed')`.execute(db);
    const row = rows[0] ?? { pending: 0, failed: 0, oldest: null };
    const age_ms = row.oldest ? now.getTime() - new Date(row.oldest).getTime() : 0;
    return [
      { gauge: 'caas_callbacks_pending', value: row.pending },
      { gauge: 'caas_callbacks_oldest_pending_age_seconds', value: Math.max(0, age_ms / 1000) },
      { gauge: 'caas_callbacks_failed', value: row.failed },
    ];
  },
};
