#if !FUZZING
    internal import Foundation

    /// Built normally, the fuzz target replays files (or every file of folders) through the parsers, so
    /// a corpus or a crash file can be checked without libFuzzer.
    @main enum CorpusReplayer {
        static func main() throws {
            var count = 0
            for path in CommandLine.arguments.dropFirst() {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
                }
                let files =
                    isFolder.boolValue
                    ? try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { path + "/" + $0 }
                    : [path]
                for file in files {
                    PasskeyFuzzing.exercise(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
                    count += 1
                }
            }
            print("replayed \(count) inputs")
        }
    }
#endif
