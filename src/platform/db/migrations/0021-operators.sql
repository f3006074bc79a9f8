-- Issue 16: the people of the service team who use the web console (src/modules/operators).
-- Emails are unique whatever their case; a password hash is argon2id (PHC string); a TOTP secret
-- is base32. A one-time set-password link is stored as the SHA-256 of its token, never the token.
create table operators (
  id                     uuid        primary key,
  email                  text        not null,
  name                   text        not null,
  role                   text        not null check (role in ('analyst', 'approver', 'admin')),
  password_hash          text,
  totp_secret            text,
  totp_last_step         bigint,
  enabled                boolean     not null default true,
  password_token_hash    text,
  password_token_expires timestamptz,
  created_at             timestamptz not null,
  updated_at             timestamptz not null
);
create unique index operators_email on operators (lower(email));
create unique index operators_password_token on operators (password_token_hash) where password_token_hash is not null;

-- Console sessions: the cookie holds a random token, the table its SHA-256. The CSRF token of
-- the session's forms (synchronizer token) lives with it.
create table operator_sessions (
  token_hash   text        primary key,
  operator_id  uuid        not null references operators (id) on delete cascade,
  csrf_token   text        not null,
  ip           text        not null,
  created_at   timestamptz not null,
  last_seen_at timestamptz not null
);
create index operator_sessions_operator on operator_sessions (operator_id);

-- Failed logins, per account (email as typed, lower-cased) and per IP, for throttling. Rows older
-- than the throttling window are purged on each login.
create table operator_login_failures (
  id    bigserial   primary key,
  email text        not null,
  ip    text        not null,
  at    timestamptz not null
);
create index operator_login_failures_email on operator_login_failures (email, at);
create index operator_login_failures_ip on operator_login_failures (ip, at);
