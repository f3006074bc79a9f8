-- Issue 14: the token endpoint keeps each partner's credentials (flags, scopes, keys) in memory and
-- checks them in the statement that records the assertion's jti: the jti is stored only while the
-- partner's credentials_version is still the one the checks ran against. Any change of the partner
-- row, and any insert, update or delete of one of its keys, bumps the version in the writer's own
-- transaction, so a revocation or a disabled partner applies at the next token request, on every
-- instance.
alter table partners add column credentials_version bigint not null default 0;

create function partners_credentials_bump() returns trigger language plpgsql as $$
begin
  if new.credentials_version = old.credentials_version then
    new.credentials_version := old.credentials_version + 1;
  end if;
  return new;
end $$;
create trigger partners_credentials_bump before update on partners
  for each row execute function partners_credentials_bump();

create function partner_keys_credentials_bump() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    update partners set credentials_version = credentials_version + 1 where id = old.partner_id;
  end if;
  if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.partner_id <> old.partner_id) then
    update partners set credentials_version = credentials_version + 1 where id = new.partner_id;
  end if;
  return null;
end $$;
create trigger partner_keys_credentials_bump after insert or update or delete on partner_keys
  for each row execute function partner_keys_credentials_bump();
