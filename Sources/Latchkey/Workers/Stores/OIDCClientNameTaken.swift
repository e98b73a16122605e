/// Another OpenID Connect client has that name (in any case): thrown out of the write that tried.
struct OIDCClientNameTaken: Error, Sendable, Hashable {}
