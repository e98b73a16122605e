import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The application behind the shipped proxy examples: on any path it answers a JSON object of the
/// path and of the identity and forwarding headers it was given (a header absent is left out), so a
/// test sees exactly what the proxy let through.
enum EchoApplication {
    static let headers = [
        "X-Latchkey-User", "X-Latchkey-Roles", "X-Latchkey-Session", "X-Latchkey-Credential", "X-Forwarded-For",
        "Forwarded", "X-Real-IP",
    ]

    static func make(port: Int) -> some ApplicationProtocol {
        let router = Router()
        router.get("**") { request, _ -> Response in
            var seen = ["path": request.uri.path]
            for name in headers {
                let values = request.headers[values: HTTPField.Name(name)!]
                if !values.isEmpty { seen[name] = values.joined(separator: " | ") }
            }
            let json = (try? JSONSerialization.data(withJSONObject: seen, options: [.sortedKeys])) ?? Data()
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: json)))
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
    }

    /// The object an answer's body holds.
    static func seen(_ body: String) -> [String: String] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: String] ?? [:]
    }
}
