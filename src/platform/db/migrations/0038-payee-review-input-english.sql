-- Issue 13: the payee review commands (payee.approve, payee.reject) take an English input
-- ({ payeeId, by, reason }) instead of { codigoFavorecido, by, reason }. A four-eyes confirmation
-- (0022) stores the command's input and runs it when another operator confirms: one requested
-- before this release and confirmed after it must still name its payee. Only pending ones run
-- again; decided ones are history and keep what was stored. Running this again changes nothing.
update operator_confirmations
   set input = (input - 'codigoFavorecido') || jsonb_build_object('payeeId', input -> 'codigoFavorecido')
 where status = 'pending'
   and command in ('payee.approve', 'payee.reject')
   and input ? 'codigoFavorecido'
   and not input ? 'payeeId';
