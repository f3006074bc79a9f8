-- The sandbox clock (CAAS_SANDBOX=true): one row, the offset of the service's instant from the
-- real time, shared by every instance and the CLI. It only grows (the clock only moves forward).
create table sandbox_clock (
  id smallint primary key default 1 check (id = 1),
  offset_ms bigint not null default 0 check (offset_ms >= 0),
  updated_at timestamptz not null default now()
);
insert into sandbox_clock (id, offset_ms) values (1, 0);
