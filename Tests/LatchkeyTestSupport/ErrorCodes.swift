import Latchkey

/// The code of the `LatchkeyError` a service call throws, or nil when it throws none (or another error).
func errorCode<T>(_ body: () async throws -> T) async -> LatchkeyError.Code? {
    do {
        _ = try await body()
        return nil
    } catch {
        return (error as? LatchkeyError)?.code
    }
}
