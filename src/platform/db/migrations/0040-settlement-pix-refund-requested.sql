-- Settlement hardening (issue 17 review): a pix refund is recorded as 'requested' (no rtr_id yet)
-- in a transaction of its own before the provider is called, so a refund the provider accepted is
-- never lost when the command's commit fails, and it counts against the pix's amount meanwhile.
-- The same refund id again resumes it; then rtr_id and the provider's status are recorded.
alter table settlement_pix_refunds alter column rtr_id drop not null;
