-- The e-mail change: a code to the new address ('change-email') and, for an account without a bound wallet, one to
-- its current address ('change-email-owner'); the change is a security change with its hold, like a password change.
ALTER TABLE email_codes DROP CONSTRAINT email_codes_purpose_check;
ALTER TABLE email_codes ADD CONSTRAINT email_codes_purpose_check
  CHECK (purpose IN ('login', 'bind-address', 'address-book', 'change-email', 'change-email-owner'));

ALTER TABLE security_changes DROP CONSTRAINT security_changes_kind_check;
ALTER TABLE security_changes ADD CONSTRAINT security_changes_kind_check
  CHECK (kind IN ('bind-address', 'unbind-address', 'password', 'email'));
