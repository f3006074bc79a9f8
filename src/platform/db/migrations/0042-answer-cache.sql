-- The read model (issue 14): answers of read-only operations, stored rendered, and the versions of
-- the scopes they depend on. Platform knows no lending: a scope is an id the owning module names
-- (the proposal's id for the proposals and receivables reads), a query is its name.
--
-- answer_versions: one row per scope, bumped by the modules' statement-level triggers (0043) in
-- the same transaction as the change, so no writer can forget it.
create table answer_versions (
  scope    uuid    primary key,
  version  bigint  not null
);

-- answers: `key` is a hash of (partner, query name, normalized input, echoed parametros, as-of
-- date, deployment fingerprint); the columns beside it are for the purge and the operators.
-- A hit is `answers join answer_versions on (scope, version)`: an entry whose scope moved on is
-- simply never read again (the purge removes it).
create table answers (
  key         text         primary key,
  partner_id  uuid         not null,
  query       text         not null,
  as_of       date         not null,
  scope       uuid         not null,
  version     bigint       not null,
  body        text         not null,
  filled_at   timestamptz  not null default now()
);
create index answers_as_of on answers (as_of);
create index answers_filled_at on answers (filled_at);
