-- What 0058's foreign keys still did that its row triggers do not (review of 0058):
-- - TRUNCATE: a foreign key refused `truncate jobs` (0A000) unless callback_events was truncated by
--   the same statement; row triggers do not fire on TRUNCATE. An AFTER TRUNCATE statement trigger
--   on each referenced table raises 0A000 when its referencing table still has rows: it runs once
--   every table of the statement is truncated, so `truncate jobs, callback_events` (both together)
--   still works, `truncate jobs` alone does not while an event remains. TRUNCATE … CASCADE no
--   longer reaches the referencing table (no foreign key to follow): it is refused the same way.

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

create trigger jobs_truncated_with_callback_events after truncate on jobs
  for each statement execute function refuse_truncating_referenced('callback_events', 'job_id');
create trigger receivable_boletos_truncated_with_links after truncate on receivable_boletos
  for each statement execute function refuse_truncating_referenced('receivable_boleto_installments', 'boleto_id');
create trigger receivable_charges_truncated_with_links after truncate on receivable_charges
  for each statement execute function refuse_truncating_referenced('receivable_charge_installments', 'charge_id');
