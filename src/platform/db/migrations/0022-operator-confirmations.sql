-- Issue 16: four-eyes confirmations (CAAS_FOUR_EYES). A console action of a listed kind is kept
-- here, pending, instead of running; another operator confirms it (the command then runs with the
-- confirming operator as actor) or rejects it. Confirming needs the permission the action needs.
create table operator_confirmations (
  id              uuid        primary key,
  kind            text        not null,
  command         text        not null,
  permission      text        not null,
  input           jsonb       not null,
  summary         text        not null,
  idempotency_key text        not null,
  requested_by    uuid        not null references operators (id),
  requested_at    timestamptz not null,
  status          text        not null check (status in ('pending', 'confirmed', 'rejected', 'failed')),
  decided_by      uuid        references operators (id),
  decided_at      timestamptz,
  outcome         text
);
create unique index operator_confirmations_key on operator_confirmations (command, idempotency_key);
create index operator_confirmations_pending on operator_confirmations (requested_at) where status = 'pending';
