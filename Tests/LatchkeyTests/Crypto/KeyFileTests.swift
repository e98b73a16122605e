import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The key file must be private; systemd's credential copy, which an ACL entry makes look
/// group-readable, is the one exception, and only inside a credentials folder closed to others.
@Suite struct KeyFileTests {
    let folder: TemporaryFolder
    let key = [UInt8](repeating: 7, count: 32)

    init() throws { folder = try TemporaryFolder() }

    private func write(_ path: String, mode: Int) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(key), attributes: [.posixPermissions: mode])
    }

    private func credentials(mode: Int) throws -> String {
        let path = folder.file("credentials")
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: mode])
        return path
    }

    @Test("a key file only its owner can read is accepted")
    func privateFile() throws {
        let path = folder.file("a.key")
        write(path, mode: 0o600)
        #expect(try KeyFile.load(path, bytes: 32, credentialsDirectory: nil) == key)
    }

    @Test("a group-readable key file outside a credentials folder is refused")
    func groupReadable() throws {
        let path = folder.file("a.key")
        write(path, mode: 0o440)
        #expect(throws: InstallationSecretError.unsafePermissions(path: path)) {
            try KeyFile.load(path, bytes: 32, credentialsDirectory: nil)
        }
        let other = try credentials(mode: 0o500)
        #expect(throws: InstallationSecretError.unsafePermissions(path: path)) {
            try KeyFile.load(path, bytes: 32, credentialsDirectory: other)
        }
    }

    @Test("systemd's credential copy, group-readable through its ACL, is accepted in its folder")
    func systemdCredential() throws {
        let directory = try credentials(mode: 0o550)
        let path = directory + "/latchkey.key"
        write(path, mode: 0o440)
        #expect(try KeyFile.load(path, bytes: 32, credentialsDirectory: directory) == key)
        #expect(try KeyFile.load(path, bytes: 32, credentialsDirectory: directory + "/") == key)
    }

    @Test("a credential others can read, or in a folder others can enter or write, is refused")
    func openCredential() throws {
        let directory = try credentials(mode: 0o550)
        let path = directory + "/latchkey.key"
        write(path, mode: 0o444)
        #expect(throws: InstallationSecretError.unsafePermissions(path: path)) {
            try KeyFile.load(path, bytes: 32, credentialsDirectory: directory)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o460], ofItemAtPath: path)
        #expect(throws: InstallationSecretError.unsafePermissions(path: path)) {
            try KeyFile.load(path, bytes: 32, credentialsDirectory: directory)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o440], ofItemAtPath: path)
        for mode in [0o551, 0o570] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: directory)
            #expect(throws: InstallationSecretError.unsafePermissions(path: path)) {
                try KeyFile.load(path, bytes: 32, credentialsDirectory: directory)
            }
        }
    }
}
