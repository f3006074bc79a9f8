import type { Generated } from 'kysely';

/** The event itself; its delivery state is its job's (`job_id`, kind 'callback.deliver', migration 0024). */
export interface CallbackEventsTable {
  id: string;
  partner_id: string;
  event_type: number;
  ordering_key: string;
  body: string;
  created_at: Date;
  seq: Generated<number>;
  /** Set by `caas callbacks redeliver`: the age bound counts from here instead of created_at. */
  redelivered_at: Date | null;
  job_id: number;
}

/** The view callback_deliveries: an event with its delivery state (read-only). */
export interface CallbackDeliveriesView {
  id: string;
  partner_id: string;
  event_type: number;
  ordering_key: string;
  body: string;
  seq: number;
  created_at: Date;
  redelivered_at: Date | null;
  job_id: number;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  locked_until: Date | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  fail_reason: 'max_attempts' | 'max_age' | 'permanent' | 'undeliverable' | 'internal' | null;
}

export interface CallbacksTables {
  callback_events: CallbackEventsTable;
  callback_deliveries: CallbackDeliveriesView;
}

// Registers these tables in the one Database type (platform/db/schema.ts): platform imports no module.
declare module '../../platform/db/schema.js' {
  interface Database extends CallbacksTables {}
}
