#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Whole texts to standard output and standard error. A closed output pipe ends the run
/// quietly with status 0, as in `aasa-scan`; another write failure is status 2.
enum FetchOutput {
    static func standardOutput(_ text: String) {
        if !writeAll(text, to: 1) {
            let code = errno
            if code == EPIPE { exit(0) }
            standardError(
                "aasa-scan: error: cannot write to standard output: "
                    + String(cString: strerror(code)))
            exit(2)
        }
    }

    static func standardError(_ line: String) {
        _ = writeAll(line + "\n", to: 2)
    }

    private static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                write(descriptor, $0.baseAddress, $0.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
