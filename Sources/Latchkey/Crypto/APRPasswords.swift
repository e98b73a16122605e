internal import CAPRUtil
import Foundation

/// Apache's own verification of htpasswd's `$apr1$` and `{SHA}` hashes (APR-util's
/// `apr_password_validate`), loaded from libaprutil on first use: most processes never verify one.
enum APRPasswords {
    private typealias Validate = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> apr_status_t

    /// The function, or nil when libaprutil is not installed (such hashes then never verify).
    private static let validate: Validate? = {
        // The versioned name only, found on the system's library path, as for libpq.
        guard let handle = dlopen("libaprutil-1.so.0", RTLD_NOW | RTLD_LOCAL),
            let address = dlsym(handle, "apr_password_validate")
        else { return nil }
        return unsafeBitCast(address, to: Validate.self)
    }()

    /// True when libaprutil is there to verify Apache's hashes.
    static var available: Bool { validate != nil }

    /// True when `password` matches `hash`.
    static func verify(_ password: String, against hash: String) -> Bool {
        guard let validate, !password.utf8.contains(0) else { return false }
        return validate(password, hash) == 0
    }
}
