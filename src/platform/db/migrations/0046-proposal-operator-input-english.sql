-- Issue 13: the service team's proposal commands (proposal.approve, proposal.request-payment,
-- proposal.disburse, proposal.assign, proposal.refuse, proposal.cancel) take an English input
-- ({ proposalNumber, at, reason, by }) instead of { numero, at, reason, by }. A four-eyes
-- confirmation (0022; CAAS_FOUR_EYES=disbursements) stores the command's input and runs it when
-- another operator confirms: one requested before this release and confirmed after it must still
-- name its proposal. Only pending ones run again; decided ones are history and keep what was
-- stored. Running this again changes nothing.
update operator_confirmations
   set input = (input - 'numero') || jsonb_build_object('proposalNumber', input -> 'numero')
 where status = 'pending'
   and command in ('proposal.approve', 'proposal.request-payment', 'proposal.disburse', 'proposal.assign', 'proposal.refuse', 'proposal.cancel')
   and input ? 'numero'
   and not input ? 'proposalNumber';
