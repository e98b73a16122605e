#if FUZZING
    internal import CLibFuzzer
    internal import Foundation

    /// Built by .ci/fuzz (coverage instrumentation, `-DFUZZING`, libFuzzer without its main), the
    /// target hands its arguments to libFuzzer's driver.
    @main enum FuzzEntry {
        static func main() {
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                PasskeyFuzzing.exercise(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
                return 0
            }
            exit(status)
        }
    }
#endif
