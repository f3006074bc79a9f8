-- Platform tables: idempotency records and the background job queue.

-- The first outcome of a state-changing request, stored in the same transaction as its effect.
create table idempotency_records (
  partner_id   uuid        not null,
  operation    text        not null,
  key          text        not null check (char_length(key) between 1 and 255),
  request_hash text        not null,
  status_code  integer     not null,
  body         text        not null,
  created_at   timestamptz not null,
  expires_at   timestamptz not null,
  primary key (partner_id, operation, key)
);
create index idempotency_records_expires_at on idempotency_records (expires_at);

-- Durable background work (offline boleto registration, charge cancellation, …). Workers claim
-- rows with FOR UPDATE SKIP LOCKED, so several instances never run one job at once.
create table jobs (
  id            bigserial   primary key,
  kind          text        not null,
  payload       jsonb       not null,
  status        text        not null default 'pending' check (status in ('pending', 'done', 'failed')),
  run_at        timestamptz not null,
  attempts      integer     not null default 0,
  max_attempts  integer     not null,
  locked_until  timestamptz,
  last_error    text,
  created_at    timestamptz not null,
  finished_at   timestamptz
);
create index jobs_due on jobs (run_at) where status = 'pending';
