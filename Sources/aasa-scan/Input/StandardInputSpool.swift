import ArgumentParser
import CLISupport
import FoundationEssentials
import LibC
import Reports
import Synchronization

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
            throw CommandFailure.error(
                "cannot create a temporary file in \(TerminalText.escaped(folder)) "
                    + "to hold standard input (errno \(errno)); set TMPDIR, or name the log files")
        }
        let path = String(
            decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { close(descriptor) }
        let spool = StandardInputSpool(path: path)
        spool.removeOnInterrupt()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                spool.remove()
                throw CommandFailure.error("cannot read standard input (errno \(errno))")
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
                    throw CommandFailure.error(
                        "cannot copy standard input to \(TerminalText.escaped(path)) "
                            + "(errno \(reason)\(reason == ENOSPC ? ": disk full" : "")); "
                            + "set TMPDIR to a larger disk, or name the log files")
                }
                offset += written
            }
        }
        return spool
    }

    func remove() { unlink(path) }

    /// Ctrl-C or a `kill` ends the process without running `defer`: the copy, as large as the
    /// input, is removed by the signal handler then. The path is kept in memory of its own,
    /// as a handler may call only async-signal-safe functions (`unlink`, `_exit`).
    private func removeOnInterrupt() {
        let bytes = Array(path.utf8CString)
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        copy.initialize(from: bytes, count: bytes.count)
        SpoolSignals.path.store(Int(bitPattern: copy), ordering: .releasing)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { number in
                let address = SpoolSignals.path.load(ordering: .acquiring)
                if let path = UnsafePointer<CChar>(bitPattern: address) { unlink(path) }
                _exit(128 + number)
            }
        }
    }
}

/// The spooled file's path for the signal handler (a C function, which captures nothing).
enum SpoolSignals {
    static let path = Atomic<Int>(0)
}
