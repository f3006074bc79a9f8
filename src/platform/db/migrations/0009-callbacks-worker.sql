-- What the callbacks delivery worker and `caas callbacks` need beyond the outbox of 0003.
-- redelivered_at: set by `caas callbacks redeliver`; the retry window (max age) restarts there.
-- fail_reason: why a failed event stopped (the worker's decision; last_error keeps the detail).
alter table callback_events add column redelivered_at timestamptz;
alter table callback_events add column fail_reason text
  check (fail_reason in ('max_attempts', 'max_age', 'permanent', 'undeliverable', 'internal'));
-- `caas callbacks list --status failed` (and delivered) across partners, newest first.
create index callback_events_status on callback_events (status, created_at);
