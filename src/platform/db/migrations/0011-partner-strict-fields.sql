-- Issue 11: a partner may opt into refusing unknown request fields (`caas partner update ID
-- --strict-fields`); by default they are ignored, as the production service does.
alter table partners add column strict_fields boolean not null default false;
