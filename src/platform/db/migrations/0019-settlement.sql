-- Settlement (issue 17): files exchanged with banks, what each remittance asked, every event a
-- bank or Pix provider reported (the history, with its actor), and money that matched nothing.

-- One row per CNAB file written or read. A return file is applied once: its SHA-256 is unique.
create table settlement_files (
  id             uuid          primary key,
  direction      text          not null check (direction in ('remittance', 'return')),
  bank_code      text          not null,
  name           text          not null,
  sha256         text          not null,
  file_sequence  integer       not null,
  entries        integer       not null,
  created_at     timestamptz   not null,
  unique (direction, sha256)
);
create index settlement_files_bank on settlement_files (bank_code, direction, file_sequence);

-- A boleto sent to the bank in a remittance: to register it, or to write it off. Sent once each.
create table settlement_remittance_items (
  boleto_id   uuid          not null references receivable_boletos (id),
  kind        text          not null check (kind in ('register', 'writeOff')),
  file_id     uuid          not null references settlement_files (id),
  created_at  timestamptz   not null,
  primary key (boleto_id, kind)
);

-- Every event reported by a bank (a CNAB return line) or a Pix provider (a confirmed pix),
-- applied once: source_key is 'cnab:<sha256>:<line>' or 'pix:<endToEndId>'.
create table settlement_events (
  id               uuid          primary key,
  source_key       text          not null unique,
  channel          text          not null check (channel in ('boleto', 'pix')),
  actor            text          not null,
  kind             text          not null check (kind in ('registered', 'rejected', 'settled', 'writtenOff', 'informational', 'unmatched')),
  file_id          uuid          references settlement_files (id),
  partner_id       uuid,
  boleto_id        uuid,
  charge_id        uuid,
  reference        text          not null,
  amount_paid      numeric(18,2),
  charges          numeric(18,2),
  discount         numeric(18,2),
  amount_due       numeric(18,2),
  excess           numeric(18,2),
  outcome          text          check (outcome in ('full', 'partial', 'overpaid')),
  late             boolean,
  paid_on          date,
  credited_on      date,
  reasons          text,
  created_at       timestamptz   not null
);
create index settlement_events_paid_on on settlement_events (channel, paid_on);
create index settlement_events_boleto on settlement_events (boleto_id);

-- Money that could not be applied: unknown nosso número or txid, a cancelled charge, an
-- installment already settled. Never lost: listed by `caas reconcile` until resolved.
create table settlement_unmatched (
  id           uuid          primary key,
  source_key   text          not null unique,
  channel      text          not null check (channel in ('boleto', 'pix')),
  actor        text          not null,
  reference    text          not null,
  amount       numeric(18,2) not null,
  paid_on      date          not null,
  reason       text          not null,
  detail       text          not null,
  created_at   timestamptz   not null,
  resolved_at  timestamptz
);
create index settlement_unmatched_paid_on on settlement_unmatched (paid_on);

-- Boletos are matched to return lines by (bank, nosso número sequence).
create index receivable_boletos_nosso_numero_seq on receivable_boletos (bank_code, nosso_numero_seq);

-- Pix notifications received by the webhook, settled only once confirmed with GET /pix/{e2eid}.
create table settlement_pix_notifications (
  end_to_end_id  text          primary key,
  txid           text,
  amount         numeric(18,2) not null,
  paid_at        text          not null,
  received_at    timestamptz   not null,
  confirmed_at   timestamptz,
  attempts       integer       not null default 0,
  last_error     text
);
create index settlement_pix_notifications_pending on settlement_pix_notifications (received_at) where confirmed_at is null;
