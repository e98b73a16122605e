-- An operator may revoke an invitation that has not been used: from then on its code opens nothing,
-- exactly as a code never issued. The row stays, so the list of every invitation can say so.
ALTER TABLE invitations ADD COLUMN revoked_at INTEGER;
