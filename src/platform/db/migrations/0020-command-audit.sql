-- Issue 13: the audit trail of the command runner (src/platform/commands.ts). One row per command
-- that ran (a replay of an idempotent command writes none), with who asked for it.
create table command_audit (
  id              bigserial   primary key,
  command         text        not null,
  actor_kind      text        not null check (actor_kind in ('partner', 'operator', 'system')),
  actor_id        text        not null,
  idempotency_key text,
  summary         text        not null,
  created_at      timestamptz not null
);
create index command_audit_created_at on command_audit (created_at);
