-- Issue 16: where a command came from (the face and, for the console, the operator's IP address),
-- shown on the console's Auditoria page with who, when and what. Null for rows written before.
alter table command_audit add column source text;
create index command_audit_actor on command_audit (actor_kind, actor_id, created_at);
