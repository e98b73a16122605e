import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// A database remembers which key it is used with; another key, or none where one was used, is refused.
@Suite(.onEveryEngine, .tags(.postgres)) struct InstallationKeyCheckTests {
    let folder: TemporaryFolder
    let database: DatabaseWorker

    init() throws {
        folder = try TemporaryFolder()
        database = try freshDatabase()
    }

    private func secret(_ name: String, key: [UInt8]? = nil) -> InstallationSecret {
        let path = folder.file(name)
        if let key {
            _ = FileManager.default.createFile(
                atPath: path, contents: Data(key), attributes: [.posixPermissions: 0o600])
        }
        return InstallationSecret(keyFile: path)
    }

    @Test func theFirstKeyIsRecordedAndTheSameKeyPassesOnAnyMachine() throws {
        let key = RandomBytes.make(32)
        try InstallationKeyCheck().verify(secret("first.key", key: key), in: database)
        try InstallationKeyCheck().verify(secret("copy.key", key: key), in: database)
        let recorded = try database.read { db in
            try db.queryFirst("SELECT count(*) FROM installation") { try $0.int64(at: 0) }
        }
        #expect(recorded == 1)
    }

    @Test func anotherKeyIsRefused() throws {
        try InstallationKeyCheck().verify(secret("first.key", key: RandomBytes.make(32)), in: database)
        #expect(throws: InstallationSecretError.notThisDatabasesKey(path: folder.file("other.key"))) {
            try InstallationKeyCheck().verify(secret("other.key", key: RandomBytes.make(32)), in: database)
        }
    }

    @Test func aMachineWithoutTheKeyFileIsRefusedAndNoKeyIsMadeForIt() throws {
        try InstallationKeyCheck().verify(secret("first.key", key: RandomBytes.make(32)), in: database)
        #expect(throws: InstallationSecretError.self) {
            try InstallationKeyCheck().verify(secret("missing.key"), in: database)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing.key")))
    }

    @Test func aDatabaseThatNeverHadAKeyAcceptsAMachineWithout() throws {
        try InstallationKeyCheck().verify(secret("missing.key"), in: database)
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing.key")))
    }
}
