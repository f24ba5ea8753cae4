import LibC

/// `--output DIR`: each domain's file, under the name `scan --aasa-dir` reads back as that
/// domain, written whole or not at all (a temporary file renamed over the name).
public struct SavedFiles: Sendable {
    /// Which copy is saved.
    public enum Choice: String, Sendable, CaseIterable {
        /// What devices use: the CDN's, or the origin's in an alternate mode.
        case device
        /// The site's own file.
        case origin
    }

    public let directory: String
    public let choice: Choice

    public init(directory: String, choice: Choice) {
        var directory = directory
        while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
        self.directory = directory
        self.choice = choice
    }

    /// Creates the folder when it is missing; fails with the system's reason.
    public func prepare() throws(SaveError) {
        if mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw SaveError(path: directory, reason: String(cString: strerror(errno)))
        }
    }

    /// Saves the chosen copy of `report` when it is a whole file that parses.
    public func save(_ report: DomainReport) -> SaveOutcome {
        let response = choice == .device ? report.deviceCopy : report.origin
        let copy = choice == .origin || !report.target.usesCDN ? "origin's" : "CDN's"
        guard let response, response.servedWholeFile else {
            return .skipped(reason: "the \(copy) copy was not served whole with status 200")
        }
        guard ContentChecks.parses(response.body) else {
            return .skipped(reason: "the \(copy) copy is not a valid AASA file")
        }
        let path = directory + "/" + report.target.savedFileName
        do throws(SaveError) {
            try Self.writeAll(response.body, to: path)
        } catch {
            return .skipped(reason: error.description)
        }
        return .saved(path: path)
    }

    /// Both copies when the CDN's differs from the origin's: `DIR/.cdn/NAME` and
    /// `DIR/.origin/NAME`, so that `diff --old-dir DIR/.cdn --new-dir DIR/.origin LOGS` counts
    /// the requests that devices decide otherwise until the CDN catches up. Dot folders, which
    /// `scan --aasa-dir DIR` skips. Nil when the copies do not differ.
    public func saveBoth(_ report: DomainReport) -> PairOutcome? {
        guard report.cdnCopy == .differs, let cdn = report.cdn else { return nil }
        let copies = [(FetchSource.cdn, cdn), (.origin, report.origin)]
        for (source, response) in copies
        where !response.servedWholeFile || !ContentChecks.parses(response.body) {
            return .skipped(
                reason: "the \(source.rawValue) copy is not a whole, valid AASA file, so the "
                    + "two are not compared")
        }
        var paths: [String] = []
        do throws(SaveError) {
            for (source, response) in copies {
                let folder = directory + "/." + source.rawValue
                if mkdir(folder, 0o755) != 0, errno != EEXIST { throw Self.failure(folder) }
                let path = folder + "/" + report.target.savedFileName
                try Self.writeAll(response.body, to: path)
                paths.append(path)
            }
        } catch {
            return .skipped(reason: error.description)
        }
        return .saved(cdn: paths[0], origin: paths[1])
    }

    /// Why a file or the folder could not be written.
    public struct SaveError: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    private static func writeAll(_ bytes: [UInt8], to path: String) throws(SaveError) {
        let temporary = path + ".part"
        // A link left where the temporary file goes is not followed out of the folder.
        let descriptor = open(
            temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw failure(temporary) }
        // The file replaced keeps its mode (a 0600 copy stays private); a link in its place is
        // replaced, never followed out of the folder.
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            fchmod(descriptor, info.st_mode & 0o7777)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                write(descriptor, $0.baseAddress.map { $0 + written }, bytes.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let error = failure(temporary)
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += count
        }
        // On the disk before the rename, so that a crash leaves the old file or the new one.
        let flushed = fsync(descriptor) == 0 || errno == EINVAL
        guard close(descriptor) == 0, flushed, rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
    }

    private static func failure(_ path: String) -> SaveError {
        SaveError(path: path, reason: String(cString: strerror(errno)))
    }
}
