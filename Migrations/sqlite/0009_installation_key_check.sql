-- A keyed check value of the installation secret, so a machine whose key file is not this database's
-- (a new machine on a shared database, a database copied without its key) is told so at once instead
-- of failing later on a sealed second factor or splitting the throttle of unknown names.
CREATE TABLE installation (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    key_check BLOB NOT NULL CHECK (length(key_check) = 32)
) STRICT;
