-- Callbacks go through the command runner's outbox hook (issue 13): a handler enqueues its events
-- and the runner writes them after the handler, in the same transaction. A payee review names its
-- callback event, so that reference is checked at commit rather than at the review's insert.
alter table payee_reviews alter constraint payee_reviews_callback_event_id_fkey deferrable initially deferred;
