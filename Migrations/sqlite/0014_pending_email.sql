-- The address an email-verification code proves (issue 21): the account's own address, or the one
-- it asked to change to. A change keeps the old address until the new one is verified, so the new
-- one lives here, beside its code, and moves to users only in the transaction that uses the code.
ALTER TABLE one_time_codes ADD COLUMN email TEXT;
