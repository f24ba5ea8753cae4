import CLibFuzzer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Runs libFuzzer with `body` as the target: every input the fuzzer makes is handed to it. A
/// crash, a trap (`preconditionFailure`) or a sanitizer report inside `body` is a finding.
public enum FuzzDriver {
    /// The target; libFuzzer's callback is a C function and cannot capture it.
    nonisolated(unsafe) private static var target: ((UnsafeRawBufferPointer) -> Void)?

    public static func run(_ body: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
        target = body
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzDriver.target?(UnsafeRawBufferPointer(start: data, count: size))
            return 0
        }
        exit(status)
    }
}
