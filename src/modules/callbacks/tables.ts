import type { Generated } from 'kysely';

export interface CallbackEventsTable {
  id: string;
  partner_id: string;
  event_type: number;
  ordering_key: string;
  body: string;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  locked_until: Date | null;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
  delivered_at: Date | null;
  seq: Generated<number>;
  /** Set by `caas callbacks redeliver`: the age bound counts from here instead of created_at. */
  redelivered_at: Date | null;
  fail_reason: 'max_attempts' | 'max_age' | 'permanent' | 'undeliverable' | 'internal' | null;
}

export interface CallbacksTables {
  callback_events: CallbackEventsTable;
}
