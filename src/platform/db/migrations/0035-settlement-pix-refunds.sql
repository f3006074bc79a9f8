-- Refunds of received pix (issue 17): what the provider accepted for each endToEndId, so the
-- refunds of one pix never add up to more than it brought. The refund id is the operator's: the
-- same id is the same refund (a retry), counted once.
create table settlement_pix_refunds (
  end_to_end_id  text          not null references settlement_pix_notifications (end_to_end_id),
  refund_id      text          not null,
  amount         numeric(18,2) not null check (amount > 0),
  rtr_id         text          not null,
  status         text          not null,
  created_at     timestamptz   not null,
  primary key (end_to_end_id, refund_id)
);
