-- One foreign key per row instead of two on the receivables' rows (issue 14). Each foreign key is
-- an RI trigger that runs a query per inserted row (`select 1 … for key share`, ~45 µs of
-- PostgreSQL's CPU): a boleto, a charge and each launch checked both their schedule and their
-- partner, and the opening of a schedule checked both for each of its installments. A row's
-- partner is its schedule's partner, so one composite key (schedule_id, partner_id) to the
-- schedule's (id, partner_id) says both at once, and more: the schedule exists AND belongs to the
-- row's partner (tenant isolation, which the code kept alone). The partner exists because the
-- schedule's own key to partners says so, and a partner still cannot be deleted while a schedule
-- (hence any of these rows) refers to it. Violations are still SQLSTATE 23503.
-- The check locks the schedule row (for key share) that the writes already hold `for update`.
alter table receivable_schedules add constraint receivable_schedules_id_partner_key unique (id, partner_id);

alter table receivable_installments
  drop constraint receivable_installments_schedule_id_fkey,
  drop constraint receivable_installments_partner_id_fkey,
  add constraint receivable_installments_schedule_partner_fkey foreign key (schedule_id, partner_id) references receivable_schedules (id, partner_id);

alter table receivable_charges
  drop constraint receivable_charges_schedule_id_fkey,
  drop constraint receivable_charges_partner_id_fkey,
  add constraint receivable_charges_schedule_partner_fkey foreign key (schedule_id, partner_id) references receivable_schedules (id, partner_id);

alter table receivable_boletos
  drop constraint receivable_boletos_schedule_id_fkey,
  drop constraint receivable_boletos_partner_id_fkey,
  add constraint receivable_boletos_schedule_partner_fkey foreign key (schedule_id, partner_id) references receivable_schedules (id, partner_id);

alter table receivable_launches
  drop constraint receivable_launches_schedule_id_fkey,
  drop constraint receivable_launches_partner_id_fkey,
  add constraint receivable_launches_schedule_partner_fkey foreign key (schedule_id, partner_id) references receivable_schedules (id, partner_id);
