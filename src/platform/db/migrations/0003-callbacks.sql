-- The callbacks outbox: every event is inserted in the same transaction as the change that
-- causes it, then delivered by the callbacks worker (at least once, in order per ordering_key).
create table callback_events (
  id               uuid        primary key,               -- the webhook-id: stable across retries
  partner_id       uuid        not null references partners (id),
  event_type       integer     not null,
  ordering_key     text        not null,                  -- 'proposta:<uuid>' or 'favorecido:<uuid>'
  body             text        not null,                  -- exact JSON (PascalCase, numbers exact)
  status           text        not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts         integer     not null default 0,
  next_attempt_at  timestamptz not null,
  locked_until     timestamptz,
  last_status      integer,
  last_error       text,
  created_at       timestamptz not null,
  delivered_at     timestamptz,
  seq              bigserial   not null                    -- creation order within an ordering_key
);
create index callback_events_due on callback_events (next_attempt_at) where status = 'pending';
create index callback_events_ordering on callback_events (ordering_key, seq) where status = 'pending';
create index callback_events_partner on callback_events (partner_id, created_at);
