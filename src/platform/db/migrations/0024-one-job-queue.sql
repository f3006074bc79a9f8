-- One job queue (issue 13). The jobs table gains what the callbacks outbox had: an ordering key
-- (a key's jobs run one at a time, in creation order), the last HTTP status and why a job stopped.
-- Callback delivery becomes a job (kind 'callback.deliver'): callback_events keeps the event
-- itself (partner, type, body, webhook-id), its delivery state moves to its job.
-- Data migration: every event, whatever its state, gets its job here, in the events' order, so
-- pending deliveries go on and delivered/failed ones stay listable and redeliverable.
alter table jobs add column ordering_key text;
alter table jobs add column seq bigserial not null;
alter table jobs add column last_status integer;
alter table jobs add column fail_reason text
  check (fail_reason in ('max_attempts', 'max_age', 'permanent', 'undeliverable', 'internal'));
create index jobs_ordering on jobs (ordering_key, seq) where status = 'pending' and ordering_key is not null;
create index jobs_status on jobs (kind, status, created_at);

alter table callback_events add column job_id bigint references jobs (id);
insert into jobs (kind, payload, status, run_at, attempts, max_attempts, locked_until, last_error, created_at, finished_at, ordering_key, last_status, fail_reason)
select 'callback.deliver', jsonb_build_object('event_id', e.id),
       case e.status when 'delivered' then 'done' else e.status end,
       e.next_attempt_at, e.attempts, 50, e.locked_until, e.last_error, e.created_at, e.delivered_at,
       e.ordering_key, e.last_status, e.fail_reason
from callback_events e
order by e.seq;
update callback_events e set job_id = j.id
from jobs j
where j.kind = 'callback.deliver' and j.payload ->> 'event_id' = e.id::text;
alter table callback_events alter column job_id set not null;
create unique index callback_events_job on callback_events (job_id);

drop index callback_events_due;
drop index callback_events_ordering;
drop index callback_events_status;
alter table callback_events
  drop column status, drop column attempts, drop column next_attempt_at, drop column locked_until,
  drop column last_status, drop column last_error, drop column delivered_at, drop column fail_reason;

-- The event with its delivery state, as `caas callbacks list`, the metrics and the tests read it.
create view callback_deliveries as
select e.id, e.partner_id, e.event_type, e.ordering_key, e.body, e.seq, e.created_at, e.redelivered_at, e.job_id,
       case j.status when 'done' then 'delivered' else j.status end as status,
       j.attempts, j.run_at as next_attempt_at, j.locked_until, j.last_status, j.last_error,
       case when j.status = 'done' then j.finished_at end as delivered_at, j.fail_reason
from callback_events e
join jobs j on j.id = e.job_id;
