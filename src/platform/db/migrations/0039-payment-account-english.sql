-- Issue 13: banking's validated PaymentAccount is stored under English names
-- ({ bankCode, bankNumber, ispb, accountType, branch, branchDigit, account, accountDigit,
-- holderDocument, holderName }) instead of the interface's ({ codigoBanco, numeroBanco, ispb,
-- tipoConta, agencia, agenciaDig, conta, contaDig, documento, nomePagamento }). It is kept as JSON
-- in proposals.payment_account, in the `account` of each transfer of proposals.launches, and in the
-- `anterior`/`nova` accounts of the history of Proposta/AtualizarContaPagamento (kept, never read).
-- The faces show the interface's names as before. Only objects still holding `numeroBanco` are
-- renamed (numeroBanco is required): running this again changes nothing.
create or replace function pg_temp.account_in_english(a jsonb) returns jsonb language sql immutable as $$
  select case
    when a is null or jsonb_typeof(a) <> 'object' or not (a ? 'numeroBanco') then a
    else (a - array['codigoBanco', 'numeroBanco', 'tipoConta', 'agencia', 'agenciaDig', 'conta', 'contaDig', 'documento', 'nomePagamento'])
      || jsonb_build_object(
        'bankCode', coalesce(a -> 'codigoBanco', 'null'::jsonb),
        'bankNumber', a -> 'numeroBanco',
        'accountType', coalesce(a -> 'tipoConta', 'null'::jsonb),
        'branch', coalesce(a -> 'agencia', 'null'::jsonb),
        'branchDigit', coalesce(a -> 'agenciaDig', 'null'::jsonb),
        'account', coalesce(a -> 'conta', 'null'::jsonb),
        'accountDigit', coalesce(a -> 'contaDig', 'null'::jsonb),
        'holderDocument', coalesce(a -> 'documento', 'null'::jsonb),
        'holderName', coalesce(a -> 'nomePagamento', 'null'::jsonb))
  end
$$;

update proposals
   set payment_account = pg_temp.account_in_english(payment_account)
 where payment_account ? 'numeroBanco';

update proposals
   set launches = (select jsonb_agg(case when jsonb_typeof(l) = 'object' and l -> 'account' ? 'numeroBanco'
                                         then jsonb_set(l, '{account}', pg_temp.account_in_english(l -> 'account'))
                                         else l end order by n)
                     from jsonb_array_elements(launches) with ordinality as e(l, n))
 where jsonb_typeof(launches) = 'array'
   and exists (select 1 from jsonb_array_elements(launches) as e(l) where jsonb_typeof(l) = 'object' and l -> 'account' ? 'numeroBanco');

update proposal_history
   set details = jsonb_build_object('anterior', pg_temp.account_in_english(details -> 'anterior'), 'nova', pg_temp.account_in_english(details -> 'nova'))
                 || (details - array['anterior', 'nova'])
 where event = 'updatePaymentAccount'
   and jsonb_typeof(details) = 'object'
   and (details -> 'anterior' ? 'numeroBanco' or details -> 'nova' ? 'numeroBanco');

drop function pg_temp.account_in_english(jsonb);
