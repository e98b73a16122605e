/// What `initializeInstallationKey` did.
package struct InstallationKeyInitialization: Sendable, Hashable {
    /// The key file, nil for an in-memory key.
    package let keyFile: String?
    /// True when the key file was made by this call.
    package let createdKeyFile: Bool
    /// True when this call recorded the key in the database (false: it was already recorded).
    package let recorded: Bool
}
