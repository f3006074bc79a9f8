-- The daily write-off of expired boletos (issue 17): live boletos by dtExpiracao.
create index receivable_boletos_live_expiry on receivable_boletos (expires_on) where registration_status in (0, 1, 3);
