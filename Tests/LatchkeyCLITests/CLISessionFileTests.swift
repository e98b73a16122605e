import Foundation
import Testing

@testable import LatchkeyTestSupport

// On Linux `stat` is declared by several C modules (glibc's, CoreFoundation's, Dispatch's) and which
// one the compiler credits varies from build to build: importing them all keeps its members visible.
#if os(Linux)
    import CDispatch
    import CoreFoundation
    import Glibc
#endif

/// The session file: in folders other users may reach, nothing but this user's own temporaries is
/// deleted and a session someone else could have planted or changed is never used; a path that is
/// not a regular file, a folder others can write and a file too big for a token are refused; a
/// relative path is resolved against the working folder.
@Suite(.tags(.binary)) struct CLISessionFileTests {
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

    @Test func aSessionPathThatIsADeviceOrALinkIsRefusedAndLeftAlone() throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        let fifo = cli.home + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let device = try cli.run(
            ["login", "alice", "--password-stdin"], stdin: password + "\n",
            extraEnvironment: ["LATCHKEY_SESSION_FILE": fifo])
        expectOneLine(device, 74)
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        let target = cli.home + "/target"
        let link = cli.home + "/link"
        #expect(symlink(target, link) == 0)
        let linked = try cli.run(
            ["login", "alice", "--password-stdin"], stdin: password + "\n",
            extraEnvironment: ["LATCHKEY_SESSION_FILE": link])
        expectOneLine(linked, 74)
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aSessionFolderWritableByOthersIsRefusedWithTheFix() throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        let folder = cli.home + "/open"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o777)
        let result = try cli.run(
            ["login", "alice", "--password-stdin"], stdin: password + "\n",
            extraEnvironment: ["LATCHKEY_SESSION_FILE": folder + "/session"])
        expectOneLine(result, 74)
        #expect(result.stderr.contains("chmod 700"))
        #expect(try cli.query("SELECT count(*) FROM sessions WHERE revoked_at IS NULL") == ["0"])
    }

    @Test func aHugeSessionFileIsNotALatchkeySessionFile() throws {
        try cli.registerAndLogin()
        let handle = try #require(FileHandle(forWritingAtPath: cli.sessionFile))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(count: 8 << 20))
        try handle.close()
        let result = try cli.run(["whoami"])
        expectOneLine(result, 74)
        #expect(result.stderr.contains("not a Latchkey session file"))
    }

    @Test func loginLeavesNoTemporarySessionFile() throws {
        try cli.registerAndLogin()
        let folder = (cli.sessionFile as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["session"])
    }

    // Modes do not stop root, so as root the file is damaged instead: either way the token cannot
    // be read.
    @Test func logoutWithAnUnreadableSessionFileKeepsTheFileAndTheSession() throws {
        try cli.registerAndLogin()
        if getuid() == 0 {
            try Data("damaged\n".utf8).write(to: URL(fileURLWithPath: cli.sessionFile))
        } else {
            chmod(cli.sessionFile, 0)
        }
        let result = try cli.run(["logout"])
        expectOneLine(result, 74)
        #expect(FileManager.default.fileExists(atPath: cli.sessionFile))
        #expect(try cli.query("SELECT count(*) FROM sessions WHERE revoked_at IS NULL") == ["1"])
    }

    @Test func aRelativeSessionFileIsResolvedAgainstTheWorkingFolder() throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        let result = try CLIHarness.run(
            "/bin/sh", ["-c", "cd \"$1\" && exec \"$0\" login alice --password-stdin", CLIHarness.binary, cli.home],
            environment: cli.environment.merging(["LATCHKEY_SESSION_FILE": "relative-session"]) { $1 },
            stdin: password + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: cli.home + "/relative-session"))
    }
}
