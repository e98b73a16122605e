-- The audit trail's kinds and reasons are checked for shape instead of listed, so that new kinds
-- need no table change each. The Swift enum that writes them is the list.
ALTER TABLE auth_events DROP CONSTRAINT auth_events_kind,
    ADD CONSTRAINT auth_events_kind CHECK (kind ~ '^[a-z_]{1,40}$');
ALTER TABLE auth_events DROP CONSTRAINT auth_events_reason,
    ADD CONSTRAINT auth_events_reason CHECK (reason IS NULL OR reason ~ '^[a-z_]{1,40}$');
