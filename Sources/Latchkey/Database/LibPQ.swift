internal import CLibPQ
import Foundation

/// libpq's functions, loaded from `libpq.so.5` the first time a PostgreSQL URL is used, so a run
/// on SQLite never loads libpq and the 22 libraries it brings (OpenSSL, Kerberos, LDAP, GnuTLS…):
/// linked directly they cost every `latchkey` process about 4 ms and 6 MiB at start (see the note
/// of the storage issue). The header comes from the `CLibPQ` system module; nothing links libpq.
struct LibPQ: Sendable {
    typealias Connection = OpaquePointer
    typealias Result = OpaquePointer

    let PQconnectStartParams:
        @convention(c) (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32) ->
            Connection?
    let PQconnectPoll: @convention(c) (Connection?) -> PostgresPollingStatusType
    let PQsocket: @convention(c) (Connection?) -> Int32
    let PQstatus: @convention(c) (Connection?) -> ConnStatusType
    let PQerrorMessage: @convention(c) (Connection?) -> UnsafeMutablePointer<CChar>?
    let PQconnectionNeedsPassword: @convention(c) (Connection?) -> Int32
    let PQfinish: @convention(c) (Connection?) -> Void
    let PQsetNoticeProcessor:
        @convention(c) (Connection?, PQnoticeProcessor?, UnsafeMutableRawPointer?) ->
            PQnoticeProcessor?
    let PQconninfoParse:
        @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) ->
            UnsafeMutablePointer<PQconninfoOption>?
    let PQconninfoFree: @convention(c) (UnsafeMutablePointer<PQconninfoOption>?) -> Void
    let PQfreemem: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let PQexec: @convention(c) (Connection?, UnsafePointer<CChar>?) -> Result?
    let PQsendQuery: @convention(c) (Connection?, UnsafePointer<CChar>?) -> Int32
    let PQsendQueryParams:
        @convention(c) (
            Connection?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?,
            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> Int32
    let PQsendPrepare:
        @convention(c) (Connection?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?) -> Int32
    let PQsendQueryPrepared:
        @convention(c) (
            Connection?, UnsafePointer<CChar>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
            UnsafePointer<Int32>?, Int32
        ) -> Int32
    let PQsetSingleRowMode: @convention(c) (Connection?) -> Int32
    let PQconsumeInput: @convention(c) (Connection?) -> Int32
    let PQisBusy: @convention(c) (Connection?) -> Int32
    let PQgetResult: @convention(c) (Connection?) -> Result?
    let PQgetCancel: @convention(c) (Connection?) -> OpaquePointer?
    let PQcancel: @convention(c) (OpaquePointer?, UnsafeMutablePointer<CChar>?, Int32) -> Int32
    let PQfreeCancel: @convention(c) (OpaquePointer?) -> Void
    let PQclear: @convention(c) (Result?) -> Void
    let PQresultStatus: @convention(c) (Result?) -> ExecStatusType
    let PQresultErrorField: @convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?
    let PQcmdStatus: @convention(c) (Result?) -> UnsafeMutablePointer<CChar>?
    let PQcmdTuples: @convention(c) (Result?) -> UnsafeMutablePointer<CChar>?
    let PQntuples: @convention(c) (Result?) -> Int32
    let PQnfields: @convention(c) (Result?) -> Int32
    let PQnparams: @convention(c) (Result?) -> Int32
    let PQfname: @convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?
    let PQftype: @convention(c) (Result?, Int32) -> Oid
    let PQgetisnull: @convention(c) (Result?, Int32, Int32) -> Int32
    let PQgetlength: @convention(c) (Result?, Int32, Int32) -> Int32
    let PQgetvalue: @convention(c) (Result?, Int32, Int32) -> UnsafeMutablePointer<CChar>?

    /// The functions, once a connection has been made (only a connection's results reach the
    /// callers of this, and a connection is made only after the library loaded).
    static var loaded: LibPQ {
        switch shared {
        case .success(let library): library
        case .failure(let error): preconditionFailure("libpq used before it loaded: \(error)")
        }
    }

    /// The library, loaded once (thread-safely, by a global's lazy initialisation), or why it is missing.
    static let shared: Swift.Result<LibPQ, DatabaseError> = load()

    private static func load() -> Swift.Result<LibPQ, DatabaseError> {
        // The versioned name only, found on the system's library path (a bare name: no $ORIGIN, no
        // folder of the caller's choosing), so no other file can stand in for libpq.
        guard let handle = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL) else {
            return .failure(
                .serverUnavailable(
                    server: "PostgreSQL", reason: "libpq is not installed (apt-get install libpq5)."))
        }
        func symbol<F>(_ name: String, _: F.Type = F.self) throws(DatabaseError) -> F {
            guard let address = dlsym(handle, name) else {
                throw .serverUnavailable(server: "PostgreSQL", reason: "libpq lacks \(name): it is too old.")
            }
            return unsafeBitCast(address, to: F.self)
        }
        do {
            return .success(
                LibPQ(
                    PQconnectStartParams: try symbol("PQconnectStartParams"),
                    PQconnectPoll: try symbol("PQconnectPoll"), PQsocket: try symbol("PQsocket"),
                    PQstatus: try symbol("PQstatus"),
                    PQerrorMessage: try symbol("PQerrorMessage"),
                    PQconnectionNeedsPassword: try symbol("PQconnectionNeedsPassword"),
                    PQfinish: try symbol("PQfinish"), PQsetNoticeProcessor: try symbol("PQsetNoticeProcessor"),
                    PQconninfoParse: try symbol("PQconninfoParse"), PQconninfoFree: try symbol("PQconninfoFree"),
                    PQfreemem: try symbol("PQfreemem"), PQexec: try symbol("PQexec"),
                    PQsendQuery: try symbol("PQsendQuery"), PQsendQueryParams: try symbol("PQsendQueryParams"),
                    PQsendPrepare: try symbol("PQsendPrepare"),
                    PQsendQueryPrepared: try symbol("PQsendQueryPrepared"),
                    PQsetSingleRowMode: try symbol("PQsetSingleRowMode"), PQconsumeInput: try symbol("PQconsumeInput"),
                    PQisBusy: try symbol("PQisBusy"), PQgetResult: try symbol("PQgetResult"),
                    PQgetCancel: try symbol("PQgetCancel"), PQcancel: try symbol("PQcancel"),
                    PQfreeCancel: try symbol("PQfreeCancel"),
                    PQclear: try symbol("PQclear"), PQresultStatus: try symbol("PQresultStatus"),
                    PQresultErrorField: try symbol("PQresultErrorField"), PQcmdStatus: try symbol("PQcmdStatus"),
                    PQcmdTuples: try symbol("PQcmdTuples"), PQntuples: try symbol("PQntuples"),
                    PQnfields: try symbol("PQnfields"), PQnparams: try symbol("PQnparams"),
                    PQfname: try symbol("PQfname"), PQftype: try symbol("PQftype"),
                    PQgetisnull: try symbol("PQgetisnull"), PQgetlength: try symbol("PQgetlength"),
                    PQgetvalue: try symbol("PQgetvalue")))
        } catch {
            return .failure(error)
        }
    }
}
