-- Foreign keys whose referencing row takes its key from the row inserted by the SAME statement
-- (issue 14: each was a referential check per row, an SPI query at the end of the write's statement):
-- - callback_events.job_id: the outbox statement (callbacks/outbox.ts CALLBACK_CTES) inserts the
--   delivery job and the event together, the event's job_id read from the job insert's RETURNING;
-- - receivable_boleto_installments.boleto_id and receivable_charge_installments.charge_id: the
--   row-with-links statement (receivables/collections/row-with-links.ts) inserts the boleto or
--   charge and its links together, each link's key being "row"."id" from the row insert's RETURNING.
-- No other statement inserts into these tables (test/architecture/same-statement-keys.test.ts),
-- so a referenced row always exists when its referencing row is written. The other half of each
-- key, the referenced row's removal, keeps its guarantee: a row trigger refuses to delete (or
-- re-key) a job, boleto or charge still referenced, with the foreign key's own SQLSTATE (23503).
-- caas deletes none of these rows; the triggers cost nothing on inserts and on updates of other
-- columns. Catalog changes only (no table scan).
create function refuse_unlinking_referenced() returns trigger language plpgsql as $$
declare
  referenced boolean;
begin
  if tg_op = 'UPDATE' and new.id = old.id then
    return new;
  end if;
  execute format('select exists (select 1 from %I where %I = $1)', tg_argv[0], tg_argv[1]) into referenced using old.id;
  if referenced then
    raise exception '% row % is still referenced from %', tg_table_name, old.id, tg_argv[0]
      using errcode = '23503';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end $$;

alter table callback_events drop constraint callback_events_job_id_fkey;
create trigger jobs_referenced_by_callback_events before delete or update of id on jobs
  for each row execute function refuse_unlinking_referenced('callback_events', 'job_id');

alter table receivable_boleto_installments drop constraint receivable_boleto_installments_boleto_id_fkey;
create trigger receivable_boletos_referenced_by_links before delete or update of id on receivable_boletos
  for each row execute function refuse_unlinking_referenced('receivable_boleto_installments', 'boleto_id');

alter table receivable_charge_installments drop constraint receivable_charge_installments_charge_id_fkey;
create trigger receivable_charges_referenced_by_links before delete or update of id on receivable_charges
  for each row execute function refuse_unlinking_referenced('receivable_charge_installments', 'charge_id');
