#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Buffered standard output. A closed pipe (`aasa-scan ... | head`) is not an error: the
/// process ends quietly with status 0 (`SIGPIPE` is ignored from the start, `AASAScan.main`,
/// so the write fails with `EPIPE` instead of killing the process). Any other failure, such
/// as a full disk, is a message and status 2.
struct StandardOutput {
    private var buffer: [UInt8] = []

    init() {
        buffer.reserveCapacity(1 << 16)
    }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func line(_ text: String) {
        write(text)
        buffer.append(UInt8(ascii: "\n"))
    }

    mutating func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes {
                Glibc.write(1, $0.baseAddress, $0.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                if code == EPIPE { exit(0) }
                StandardError.line(
                    "aasa-scan: error: cannot write to standard output: "
                        + String(cString: strerror(code)))
                exit(2)
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Diagnostics and progress: unbuffered standard error.
enum StandardError {
    static func line(_ text: String) { write(text + "\n") }

    static func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }

    /// True when standard error is a terminal worth drawing progress on (`TERM=dumb` is not).
    static var isInteractiveTerminal: Bool {
        guard isatty(2) != 0 else { return false }
        guard let term = getenv("TERM") else { return true }
        return String(cString: term) != "dumb"
    }
}

/// Standard input as a sequence of lines, read one at a time (for `match -`), so memory does
/// not grow with the input; a final `\r` is stripped.
struct StandardInputLines: Sequence, IteratorProtocol {
    mutating func next() -> String? {
        guard let line = readLine(strippingNewline: true) else { return nil }
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }
}

/// All of standard input, as bytes (an AASA file given as `-`).
enum StandardInputBytes {
    static func readAll() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count == 0 || errno != EINTR {
                return bytes
            }
        }
    }
}
