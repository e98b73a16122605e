import Foundation
import Testing

@testable import LatchkeyTestSupport

/// The session file in folders other users may reach: nothing but this user's own temporaries is
/// deleted, and a session someone else could have planted or changed is never used.
@Suite struct CLISessionFileTests {
    let cli = CLIHarness()
    let password = CLIHarness.password
    var folder: String { (cli.sessionFile as NSString).deletingLastPathComponent }

    /// A file in the session folder, last changed a minute ago (older than any login in progress).
    private func oldFile(_ name: String, owner: uid_t? = nil) throws -> String {
        let path = folder + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: Data("kept\n".utf8)))
        if let owner { #expect(chown(path, owner, owner) == 0) }
        var times = [timespec(tv_sec: time(nil) - 60, tv_nsec: 0), timespec(tv_sec: time(nil) - 60, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0)
        return path
    }

    @Test func loginDeletesOnlyItsOwnStaleTemporaryFiles() throws {
        try cli.registerAndLogin()
        let own = try oldFile(".session.tmp-abcdefghijkl")
        let anotherPrograms = try oldFile(".session-notes")
        let lookalike = try oldFile(".session.tmp-abcdefghijkl-notes")
        // Only root can give a file away; as another user the test has no second owner to use.
        let someoneElses = getuid() == 0 ? try oldFile(".session.tmp-mnopqrstuvwx", owner: 65534) : nil
        let linked = folder + "/.session.tmp-yz0123456789"
        #expect(symlink(anotherPrograms, linked) == 0)

        let result = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: own))
        for kept in [anotherPrograms, lookalike, someoneElses].compactMap({ $0 }) {
            #expect(FileManager.default.fileExists(atPath: kept), "\(kept) was deleted")
        }
        var status = stat()
        #expect(lstat(linked, &status) == 0, "the link was deleted")
    }

    enum Plant: String, CaseIterable, Sendable {
        case fileOfAnotherUser, groupWritableFile, worldReadableFile, folderWritableByOthers, folderOfAnotherUser
    }

    @Test(arguments: Plant.allCases)
    func aSessionFileOthersCouldHavePlantedOrChangedIsNotUsed(plant: Plant) throws {
        if getuid() != 0 && [.fileOfAnotherUser, .folderOfAnotherUser].contains(plant) { return }
        try cli.registerAndLogin()
        switch plant {
        case .fileOfAnotherUser: #expect(chown(cli.sessionFile, 65534, 65534) == 0)
        case .groupWritableFile: #expect(chmod(cli.sessionFile, 0o620) == 0)
        case .worldReadableFile: #expect(chmod(cli.sessionFile, 0o604) == 0)
        case .folderWritableByOthers: #expect(chmod(folder, 0o1777) == 0)
        case .folderOfAnotherUser: #expect(chown(folder, 65534, 65534) == 0)
        }
        let result = try cli.run(["whoami"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("latchkey: "))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stdout.contains("alice"))
    }
}
