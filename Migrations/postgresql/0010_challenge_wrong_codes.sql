-- Wrong codes answered to a sign-in challenge: at the throttle's limit the challenge is deleted, so
-- one right password cannot keep a challenge open for guessing past the lock.
ALTER TABLE login_challenges ADD COLUMN wrong_codes BIGINT NOT NULL DEFAULT 0;
