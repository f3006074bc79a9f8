-- The writes' other single-column rules as domains, as 0053 did for the money columns (issue 14):
-- PostgreSQL reads back and compiles every CHECK constraint of a table in each INSERT or UPDATE
-- statement (~10-15 µs each), while a domain's rule is kept compiled in the type cache. A boleto
-- paid 7 table CHECKs per statement, a charge 3, and every write inserts an audit row.
-- Same rules, same values accepted, nulls as before (the columns' NOT NULL is unchanged); a
-- violation is still SQLSTATE 23514, now naming the domain's constraint. Left as table CHECKs: the
-- rules between columns, and the columns an index predicate names (receivable_boletos.
-- registration_status, jobs.status: a type change would rebuild those indexes with a cast in
-- their predicate) and jobs.fail_reason (a view reads it).
-- As in 0053, the columns take the domains before the domains get their rules, so no table is
-- rewritten (same base type: a binary change), and adding each rule validates the existing rows.
create domain boleto_barcode as text;
create domain boleto_typeable_line as text;
create domain boleto_purpose as text;
create domain boleto_registration_mode as smallint;
create domain charge_status as text;
create domain actor_kind as text;

alter table receivable_boletos
  alter column barcode type boleto_barcode,
  alter column linha_digitavel type boleto_typeable_line,
  alter column purpose type boleto_purpose,
  alter column registration_mode type boleto_registration_mode,
  drop constraint receivable_boletos_barcode_check,
  drop constraint receivable_boletos_linha_digitavel_check,
  drop constraint receivable_boletos_purpose_check,
  drop constraint receivable_boletos_registration_mode_check;

alter table receivable_charges
  alter column status type charge_status,
  drop constraint receivable_charges_status_check;

alter table command_audit
  alter column actor_kind type actor_kind,
  drop constraint command_audit_actor_kind_check;

alter domain boleto_barcode add constraint boleto_barcode_check check (value ~ '^[0-9]{44}$');
alter domain boleto_typeable_line add constraint boleto_typeable_line_check check (value ~ '^[0-9]{47}$');
alter domain boleto_purpose add constraint boleto_purpose_check check (value in ('installments', 'refund'));
alter domain boleto_registration_mode add constraint boleto_registration_mode_check check (value in (1, 2));
alter domain charge_status add constraint charge_status_check check (value in ('active', 'cancelling', 'cancelled', 'paid'));
alter domain actor_kind add constraint actor_kind_check check (value in ('partner', 'operator', 'system'));
