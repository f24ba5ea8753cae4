import ArgumentParser
import LibC

/// A file a command reads or writes, with the option (or argument) that names it.
package struct NamedFile {
    package var role: String
    package var path: String

    package init(role: String, path: String) {
        self.role = role
        self.path = path
    }
}

/// The one guard every command that writes files runs before it reads anything: an output
/// that is one of its inputs (`scan --output in.log in.log`, `merge --output m.state m.state`,
/// `suggest --output` onto the AASA file through `./`, `..` or a link) or another of its outputs
/// (`--output X --save-state X`) is a usage error (status 64) naming both, as replacing it would
/// lose what it held. Files are the same when they are one file on the disk (device and inode)
/// or when their paths lead to the same place once links, `.` and `..` are resolved (a file not
/// written yet). FIFOs, terminals and devices are written in place and never clash.
package enum OutputClash {
    package static func check(outputs: [NamedFile], inputs: [NamedFile]) throws {
        let standard = outputs.filter { $0.path == "-" }
        if standard.count > 1 {
            throw ValidationError(
                "\(standard[0].role) - and \(standard[1].role) - would both write to standard "
                    + "output: send one of them to a file.")
        }
        let written = outputs.compactMap { output in
            output.path == "-" ? nil : FileKey(output.path).map { (output, $0) }
        }
        let read = inputs.compactMap { input in
            input.path == "-" ? nil : FileKey(input.path).map { (input, $0) }
        }
        for (index, (output, key)) in written.enumerated() where !key.isWrittenInPlace {
            if let (other, _) = written[..<index].first(where: { $0.1 == key }) {
                throw ValidationError(
                    "\(other.role) \(shown(other.path)) and \(output.role) \(shown(output.path)) "
                        + "name the same file: one would replace the other; name two files.")
            }
            if let (input, _) = read.first(where: { $0.1 == key }) {
                throw ValidationError(
                    "\(output.role) \(shown(output.path)) is \(input.role) "
                        + "\(shown(input.path)): writing it would lose what the command reads; "
                        + "name another file.")
            }
        }
    }

    private static func shown(_ path: String) -> String { TerminalText.escaped(path) }
}

/// Where a path leads: the file on the disk when there is one, and the resolved path.
private struct FileKey: Equatable {
    package var file: (device: UInt64, inode: UInt64)?
    package var resolved: String
    package var isWrittenInPlace = false

    package init?(_ path: String) {
        guard let target = try? ReplacingFile.finalTarget(of: path) else { return nil }
        var info = stat()
        if FileName.withPlatformPath(target, { stat($0, &info) }) == 0 {
            file = (UInt64(info.st_dev), UInt64(info.st_ino))
            isWrittenInPlace = ReplacingFile.isWrittenInPlace(target)
            resolved = Self.realPath(target) ?? target
        } else {
            // Not written yet: its folder resolved, and its own name.
            let slash = target.lastIndex(of: "/")
            let folder = slash.map { String(target[...$0]) } ?? "."
            let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
            resolved =
                Self.realPath(folder).map { $0 == "/" ? "/" + name : $0 + "/" + name }
                ?? target
        }
    }

    package static func == (lhs: FileKey, rhs: FileKey) -> Bool {
        if let left = lhs.file, let right = rhs.file {
            return left.device == right.device && left.inode == right.inode
        }
        return lhs.resolved == rhs.resolved
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = FileName.withPlatformPath(path, { realpath($0, nil) }) else {
            return nil
        }
        defer { free(resolved) }
        let length = strlen(resolved)
        return resolved.withMemoryRebound(to: UInt8.self, capacity: length) {
            FileName.decode(UnsafeBufferPointer(start: $0, count: length))
        }
    }
}
