import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The application behind `examples/mod_auth_openidc.conf`: on any path it answers a JSON object of
/// the path and of every header the relying party sets for it (`X-WEBAUTH-*`, mod_auth_openidc's
/// `OIDC_CLAIM_*`, their names in lower case, the values of one sent twice joined by " | "), so the
/// browser shows exactly what the application was told.
enum ClaimsApplication {
    static func make(port: Int) -> some ApplicationProtocol {
        let router = Router()
        router.get("**") { request, _ -> Response in
            var seen = ["path": request.uri.path]
            for field in request.headers {
                // Lowercased: a name's case means nothing, and a header sent twice in two cases
                // must show as two values, never as one hiding the other.
                let name = field.name.canonicalName
                guard name.hasPrefix("x-webauth-") || name.hasPrefix("oidc_claim_") else { continue }
                seen[name] = seen[name].map { $0 + " | " + field.value } ?? field.value
            }
            let json = (try? JSONSerialization.data(withJSONObject: seen, options: [.sortedKeys])) ?? Data()
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: json)))
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
    }
}
