import LibC

/// A file written whole or not at all: the bytes go to a new file in the destination's folder,
/// which is renamed over the destination once they are all written and flushed. A full disk or
/// a killed process leaves the old file as it was, never a cut one.
///
/// A symbolic link is followed, and its target replaced (the link stays a link); the new file
/// keeps the mode, and where it may, the owner of the file it replaces (a new one gets the mode
/// a plain new file would). Only regular files are replaced: `isWrittenInPlace` tells the
/// caller when to write in place instead (a FIFO, a terminal, `/dev/stdout`).
package struct ReplacingFile {
    /// Why a file could not be written: the path and the `errno`.
    package struct Failure: Error {
        package var path: String
        package var code: Int32

        package var reason: String { String(cString: strerror(code)) }
    }

    /// The file the rename replaces: the destination, with its links followed.
    package let target: String
    private let temporary: String
    private let descriptor: Int32

    /// Creates the temporary file beside the destination's target.
    package init(_ path: String) throws(Failure) {
        let target = try Self.finalTarget(of: path)
        self.target = target
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template =
            FileName.encode(folder + "." + name + ".partial-XXXXXX").map { CChar(bitPattern: $0) }
            + [0]
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw Failure(path: path, code: errno) }
        self.descriptor = descriptor
        // mkstemp filled in the name in place; the last byte is its terminating NUL.
        temporary = FileName.decode(template.dropLast().map { UInt8(bitPattern: $0) })
        var info = stat()
        if FileName.withPlatformPath(target, { stat($0, &info) }) == 0 {
            // As the file it replaces: mode (setuid and the like included) and owner. Only the
            // owner's change may fail for an ordinary user; the mode is then still kept.
            _ = fchown(descriptor, info.st_uid, info.st_gid)
            fchmod(descriptor, info.st_mode & 0o7777)
        } else {
            // mkstemp makes the file private: give it the permissions of a plain new file.
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
        }
    }

    /// Appends `bytes`; on failure the temporary file is removed.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = LibC.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                abandon()
                throw Failure(path: target, code: code)
            }
            offset += written
        }
    }

    package func write(_ bytes: [UInt8]) throws(Failure) {
        // withUnsafeBytes rethrows untyped errors: the failure is carried out as a value.
        let failure = bytes.withUnsafeBytes { buffer -> Failure? in
            do throws(Failure) {
                try write(buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Flushes the file to the disk and renames it over the target; on failure the temporary
    /// file is removed and the target is as it was.
    package func commit() throws(Failure) {
        var failure: Int32?
        if fsync(descriptor) != 0, errno != EINVAL { failure = errno }
        if close(descriptor) != 0, failure == nil, errno != EINTR { failure = errno }
        if failure == nil, Self.rename(temporary, target) != 0 { failure = errno }
        if let failure {
            Self.unlink(temporary)
            throw Failure(path: target, code: failure)
        }
        // The rename itself lasts once the folder is flushed too (best effort).
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? "."
        let handle = FileName.withPlatformPath(folder) {
            open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        if handle >= 0 {
            _ = fsync(handle)
            close(handle)
        }
    }

    /// Gives up: the temporary file is removed, the target left as it was.
    package func abandon() {
        close(descriptor)
        Self.unlink(temporary)
    }

    /// Writes `bytes` whole or not at all.
    package static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let file = try ReplacingFile(path)
        try file.write(bytes)
        try file.commit()
    }

    /// True for what is written in place rather than replaced: an existing FIFO, terminal,
    /// device or socket (links followed). Replacing it would put a plain file in its place.
    package static func isWrittenInPlace(_ path: String) -> Bool {
        var info = stat()
        guard FileName.withPlatformPath(path, { stat($0, &info) }) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    /// The path a chain of symbolic links ends at, followed link by link (a link to a file
    /// that does not exist yet included): `path` itself when it is no link. A link's relative
    /// target is read from the link's own folder.
    package static func finalTarget(of path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard FileName.withPlatformPath(current, { lstat($0, &info) }) == 0,
                info.st_mode & S_IFMT == S_IFLNK
            else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = FileName.withPlatformPath(current) {
                readlink($0, &buffer, buffer.count - 1)
            }
            guard count > 0 else { throw Failure(path: current, code: errno) }
            let link = FileName.decode(buffer[0..<count].map { UInt8(bitPattern: $0) })
            if link.hasPrefix("/") {
                current = link
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + link
            } else {
                current = link
            }
        }
        throw Failure(path: path, code: ELOOP)
    }

    private static func rename(_ from: String, _ to: String) -> Int32 {
        FileName.withPlatformPath(from) { from in
            FileName.withPlatformPath(to) { LibC.rename(from, $0) }
        }
    }

    private static func unlink(_ path: String) {
        _ = FileName.withPlatformPath(path) { LibC.unlink($0) }
    }
}
