-- The read model's version bumps (0043, 0047), cheaper for the writes on a schedule (issue 14).
-- A boleto, a charge or a launch locks its schedule first (receivables' requireOpenSchedule); that
-- statement now also bumps the schedule's scope (its proposal) and lists the schedule's id and the
-- scope in caas.answer_scopes, as 0047's row functions do after their first bump; the boleto's and
-- the charge's insert lists the row's own id before inserting its installment links, as the row's
-- function did (row-with-links.ts), when its schedule is listed. Each row trigger of these tables
-- gets a WHEN clause with the very test its function starts with (is the row's key listed: its
-- schedule, or for a link its boleto or charge), so a listed row no longer calls PL/pgSQL at all.
-- Measured (bench/pg-profile.ts): the first row function of a write cost 200-650 µs of PostgreSQL.
-- Equivalence: for these tables (no update_sql in 0047) the function did nothing for a row whose
-- key was listed but list the row's own id, which the insert now lists itself. A row whose key is
-- not listed (any other writer, or past the list's cap) fires the function exactly as before. A
-- rolled-back savepoint undoes a listing together with the bump and the rows written under it.
-- The opening's multi-row insert into receivable_installments keeps its statement trigger (0047).
-- Triggers only (catalog changes, no table scan): the strong lock is held for an instant.
create function answer_keyed_triggers(tbl text, key_column text, with_insert boolean) returns void language plpgsql as $$
declare
  unlisted constant text := $w$strpos(coalesce(current_setting('caas.answer_scopes', true), ''), %s.%I::text) = 0$w$;
begin
  execute format('drop trigger %I on %I', tbl || '_answers_row', tbl);
  if with_insert then
    execute format('create trigger %I after insert on %I for each row when (%s) execute function %I()', tbl || '_answers_ins', tbl, format(unlisted, 'new', key_column), tbl || '_answers_row');
  end if;
  execute format('create trigger %I after update on %I for each row when (%s) execute function %I()', tbl || '_answers_upd', tbl, format(unlisted, 'new', key_column), tbl || '_answers_row');
  execute format('create trigger %I after delete on %I for each row when (%s) execute function %I()', tbl || '_answers_del', tbl, format(unlisted, 'old', key_column), tbl || '_answers_row');
end $$;

select answer_keyed_triggers('receivable_boletos', 'schedule_id', true);
select answer_keyed_triggers('receivable_charges', 'schedule_id', true);
select answer_keyed_triggers('receivable_launches', 'schedule_id', true);
select answer_keyed_triggers('receivable_installments', 'schedule_id', false);
select answer_keyed_triggers('receivable_boleto_installments', 'boleto_id', true);
select answer_keyed_triggers('receivable_charge_installments', 'charge_id', true);

drop function answer_keyed_triggers(text, text, boolean);
