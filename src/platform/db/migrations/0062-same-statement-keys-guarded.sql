-- What 0058's foreign keys still did that its row triggers do not (review of 0058):
-- - TRUNCATE: a foreign key refused `truncate jobs` (0A000) unless callback_events was truncated by
--   the same statement; row triggers do not fire on TRUNCATE. An AFTER TRUNCATE statement trigger
--   on each referenced table raises 0A000 when its referencing table still has rows: it runs once
--   every table of the statement is truncated, so `truncate jobs, callback_events` (both together)
--   still works, `truncate jobs` alone does not while an event remains. TRUNCATE … CASCADE no
--   longer reaches the referencing table (no foreign key to follow): it is refused the same way.
-- - Updates of the referencing column: a foreign key checked a changed job_id / boleto_id /
--   charge_id. caas never changes them: a BEFORE UPDATE OF that column row trigger refuses a
--   different key (23503); UPDATE OF and its WHEN mean no call at all for today's updates (live,
--   redelivered_at, …), which do not name the column, nor for one setting it to itself.
-- - Both functions and 0058's refuse_unlinking_referenced run with search_path pinned to the schema
--   these tables were created in (the migrations' current schema), then pg_temp, whatever the
--   session's search_path: the table names they are handed resolve to caas' tables only.
-- Locks: ACCESS EXCLUSIVE on the six tables, taken at once in the writes' own order (the row,
-- its links, then the outbox's job and event), held briefly (catalog changes only, no scan). A
-- migration waits at most lock_timeout for them (each migration runs in its own transaction,
-- migrate.ts, so `set local` lasts just this one); past it the start-up fails and can be retried
-- (docs/operations.md).
set local lock_timeout = '5s';
lock table receivable_boletos, receivable_boleto_installments, receivable_charges, receivable_charge_installments, jobs, callback_events
  in access exclusive mode;

create function refuse_truncating_referenced() returns trigger language plpgsql as $$
declare
  referenced boolean;
begin
  execute format('select exists (select 1 from %I)', tg_argv[0]) into referenced;
  if referenced then
    raise exception 'cannot truncate a table referenced by rows of another table'
      using errcode = '0A000',
        detail = format('Table "%s" references "%s" (%s).', tg_argv[0], tg_table_name, tg_argv[1]),
        hint = format('Truncate table "%s" at the same time.', tg_argv[0]);
  end if;
  return null;
end $$;

create function refuse_rekeying_unchecked() returns trigger language plpgsql as $$
begin
  raise exception 'update on table "%" changes %, a key no foreign key checks (migration 0058)', tg_table_name, tg_argv[0]
    using errcode = '23503';
end $$;

create trigger jobs_truncated_with_callback_events after truncate on jobs
  for each statement execute function refuse_truncating_referenced('callback_events', 'job_id');
create trigger receivable_boletos_truncated_with_links after truncate on receivable_boletos
  for each statement execute function refuse_truncating_referenced('receivable_boleto_installments', 'boleto_id');
create trigger receivable_charges_truncated_with_links after truncate on receivable_charges
  for each statement execute function refuse_truncating_referenced('receivable_charge_installments', 'charge_id');

create trigger callback_events_job_id_fixed before update of job_id on callback_events
  for each row when (new.job_id is distinct from old.job_id) execute function refuse_rekeying_unchecked('job_id');
create trigger receivable_boleto_installments_boleto_id_fixed before update of boleto_id on receivable_boleto_installments
  for each row when (new.boleto_id is distinct from old.boleto_id) execute function refuse_rekeying_unchecked('boleto_id');
create trigger receivable_charge_installments_charge_id_fixed before update of charge_id on receivable_charge_installments
  for each row when (new.charge_id is distinct from old.charge_id) execute function refuse_rekeying_unchecked('charge_id');

do $$
begin
  execute format('alter function refuse_unlinking_referenced() set search_path = %I, pg_temp', current_schema());
  execute format('alter function refuse_truncating_referenced() set search_path = %I, pg_temp', current_schema());
  execute format('alter function refuse_rekeying_unchecked() set search_path = %I, pg_temp', current_schema());
end $$;
