internal import CLibPQ
internal import CSQLite
import Foundation

/// Times as the database stores them: whole seconds since 1970, within years 1970–9999.
enum StoredTime {
    /// 9999-12-31T23:59:59Z: any stored time past it is damage, and sums of it with a policy duration
    /// (at most a few years) stay far from `Int64.max`.
    static let range: ClosedRange<Int64> = 0...253_402_300_799
}
