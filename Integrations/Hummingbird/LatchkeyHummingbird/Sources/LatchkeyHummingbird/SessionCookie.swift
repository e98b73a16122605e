import Foundation
import HTTPTypes
import Hummingbird
import Latchkey

/// The session cookie, set at sign-in and cleared at sign-out.
enum SessionCookie {
    static func set(_ token: String, options: LatchkeyHTTPOptions, expires: Date?) -> Cookie {
        Cookie(
            name: options.cookieName, value: token, expires: expires, path: "/", secure: !options.insecureCookie,
            httpOnly: true, sameSite: .lax)
    }

    static func clear(options: LatchkeyHTTPOptions) -> Cookie {
        Cookie(
            name: options.cookieName, value: "", maxAge: 0, path: "/", secure: !options.insecureCookie,
            httpOnly: true, sameSite: .lax)
    }
}
