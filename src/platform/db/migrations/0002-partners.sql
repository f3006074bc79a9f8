-- Partners (tenants), their public keys, client-assertion replay records and the service's own
-- token-signing keys.
create table partners (
  id                     uuid        primary key,
  client_id              text        not null unique check (char_length(client_id) between 1 and 200),
  name                   text        not null,
  enabled                boolean     not null default true,
  scopes                 text[],
  can_refuse             boolean     not null default false,
  auto_approve_payees    boolean     not null default false,
  callback_url           text,
  callback_header_name   text,
  callback_header_value  text,
  created_at             timestamptz not null,
  updated_at             timestamptz not null
);

create table partner_keys (
  kid             text        not null,
  partner_id      uuid        not null references partners (id),
  public_key_pem  text        not null,
  created_at      timestamptz not null,
  revoked_at      timestamptz,
  primary key (partner_id, kid)
);

-- Webhook signing secrets: during rotation both the old and the new one sign.
create table partner_callback_secrets (
  id          bigserial   primary key,
  partner_id  uuid        not null references partners (id),
  secret      text        not null,
  created_at  timestamptz not null,
  retired_at  timestamptz
);
create index partner_callback_secrets_active on partner_callback_secrets (partner_id) where retired_at is null;

-- A client assertion's jti, kept until the assertion expires: a replay is refused everywhere.
create table assertion_jtis (
  client_id   text        not null,
  jti         text        not null,
  expires_at  timestamptz not null,
  primary key (client_id, jti)
);
create index assertion_jtis_expires_at on assertion_jtis (expires_at);

create table signing_keys (
  kid              text        primary key,
  alg              text        not null,
  private_jwk      jsonb       not null,
  public_jwk       jsonb       not null,
  created_at       timestamptz not null,
  retired_at       timestamptz
);
