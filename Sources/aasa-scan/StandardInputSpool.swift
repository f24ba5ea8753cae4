import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Standard input copied to a temporary file, for a command that reads its inputs twice
/// (`suggest`): a pipe can be read only once. The copy is byte for byte (compressed input
/// stays compressed), so it takes as much disk as the input; it is removed by `remove()`.
struct StandardInputSpool {
    let path: String

    /// Copies standard input to a new file in the temporary folder (`TMPDIR`, else `/tmp`).
    static func make() throws -> StandardInputSpool {
        let folder =
            ProcessInfo.processInfo.environment["TMPDIR"].flatMap {
                $0.isEmpty ? nil : $0
            } ?? "/tmp"
        var template = Array((folder + "/aasa-scan-stdin-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else {
            StandardError.line(
                "aasa-scan: error: cannot create a temporary file in \(TerminalText.escaped(folder)) "
                    + "to hold standard input (errno \(errno)); set TMPDIR, or name the log files")
            throw ExitCode(2)
        }
        let path = String(
            decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { close(descriptor) }
        let spool = StandardInputSpool(path: path)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                spool.remove()
                StandardError.line(
                    "aasa-scan: error: cannot read standard input (errno \(errno))")
                throw ExitCode(2)
            }
            var offset = 0
            while offset < count {
                let written = buffer[offset..<count].withUnsafeBytes {
                    write(descriptor, $0.baseAddress, $0.count)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    let reason = errno
                    spool.remove()
                    StandardError.line(
                        "aasa-scan: error: cannot copy standard input to \(TerminalText.escaped(path)) "
                            + "(errno \(reason)\(reason == ENOSPC ? ": disk full" : "")); "
                            + "set TMPDIR to a larger disk, or name the log files")
                    throw ExitCode(2)
                }
                offset += written
            }
        }
        return spool
    }

    func remove() { unlink(path) }
}
