import LibC

/// One place to read lines from.
public enum InputSource: Sendable, Hashable {
    /// A file path (regular file or anything `open` can read).
    case file(String)
    /// Standard input, named `-` on the command line.
    case standardInput

    /// The name used in reports.
    public var name: String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "-"
        }
    }
}

/// Expands command-line arguments into an ordered list of inputs.
///
/// - `-` is standard input; no argument at all also means standard input.
/// - A directory stands for its regular files, sorted by name, not recursive; hidden files
///   (names starting with `.`) are left out.
/// - An argument that does not exist but contains `*`, `?` or `[` is a glob pattern (POSIX
///   `glob`), expanded in sorted order; directories among the matches expand as above, and
///   FIFOs, sockets and devices are left out, as in a directory.
/// - A FIFO or device named directly is read once, as a stream: named again, it is an error in
///   that place (it would wait for a writer forever).
/// - Names are bytes (`FileName`): one that is not UTF-8 is found and read all the same.
/// - A missing path or a pattern that matches nothing yields an error in its place, so the
///   caller can report it and go on with the other inputs; so does a path that cannot be
///   followed (a symbolic-link loop), with the reason. In a directory, such an entry and a
///   dangling link are errors marked expanded, which a caller may skip with their reason.
public enum InputResolver {
    /// One resolved input and how it was reached.
    public struct Resolved: Sendable {
        public var result: Result<InputSource, LogIOError>
        /// True when a directory or a glob stood for it: the user did not name this file, so
        /// one that turns out not to be a log can be skipped instead of failing the scan.
        public var isExpanded: Bool
        /// The index of the argument it came from (0 for standard input when none was given).
        public var argument = 0
    }

    /// Resolves `arguments` in order; each argument gives zero or more results.
    public static func resolve(_ arguments: [String]) -> [Result<InputSource, LogIOError>] {
        resolveMarked(arguments).map(\.result)
    }

    /// `resolve`, saying of each input whether it came from expanding a directory or a glob.
    public static func resolveMarked(_ arguments: [String]) -> [Resolved] {
        if arguments.isEmpty {
            return [Resolved(result: .success(.standardInput), isExpanded: false)]
        }
        var results: [Resolved] = []
        var streams: Set<SystemCalls.Identity> = []
        for (position, argument) in arguments.enumerated() {
            let start = results.count
            defer {
                for index in start..<results.count { results[index].argument = position }
            }
            if argument == "-" {
                results.append(Resolved(result: .success(.standardInput), isExpanded: false))
                continue
            }
            switch SystemCalls.kind(of: argument) {
            case .directory:
                results += directoryFiles(argument).map { Resolved(result: $0, isExpanded: true) }
            case .regular:
                results.append(Resolved(result: .success(.file(argument)), isExpanded: false))
            case .other:
                if let identity = SystemCalls.identity(of: argument),
                    !streams.insert(identity).inserted
                {
                    let error = LogIOError(
                        code: .openFailed, path: argument,
                        detail: "named before: a FIFO or device is read once, as a stream")
                    results.append(Resolved(result: .failure(error), isExpanded: false))
                } else {
                    results.append(Resolved(result: .success(.file(argument)), isExpanded: false))
                }
            case .unreachable(let code):
                results.append(
                    Resolved(result: .failure(unreachable(argument, code)), isExpanded: false))
            case .missing:
                if argument.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) {
                    results += expandGlob(argument).map { Resolved(result: $0, isExpanded: true) }
                } else {
                    results.append(
                        Resolved(
                            result: .failure(
                                LogIOError(
                                    code: .notFound, path: argument,
                                    detail: "no such file or directory")),
                            isExpanded: false))
                }
            }
        }
        return results
    }

    private static func directoryFiles(_ path: String) -> [Result<InputSource, LogIOError>] {
        guard let directory = FileName.withPlatformPath(path, { opendir($0) }) else {
            return [
                .failure(
                    LogIOError(
                        code: .openFailed, path: path, detail: SystemCalls.errorMessage(errno)))
            ]
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            // The name's bytes as they are: one that is not UTF-8 is still this file's name.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                FileName.decode(raw.prefix(while: { $0 != 0 }))
            }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return names.sorted().compactMap { name in
            let full = prefix + name
            switch SystemCalls.kind(of: full) {
            case .regular: return .success(.file(full))
            case .directory, .other: return nil
            case .unreachable(let code): return .failure(unreachable(full, code))
            case .missing:
                // Listed but not there: a link to nothing.
                return .failure(
                    LogIOError(
                        code: .notFound, path: full,
                        detail: "a symbolic link to a file that does not exist"))
            }
        }
    }

    private static func unreachable(_ path: String, _ code: Int32) -> LogIOError {
        code == ELOOP
            ? LogIOError(
                code: .symlinkLoop, path: path,
                detail: "a loop of symbolic links (\(SystemCalls.errorMessage(code)))")
            : LogIOError(code: .openFailed, path: path, detail: SystemCalls.errorMessage(code))
    }

    private static func expandGlob(_ pattern: String) -> [Result<InputSource, LogIOError>] {
        var matches = glob_t()
        defer { globfree(&matches) }
        let status = FileName.withPlatformPath(pattern) { glob($0, 0, nil, &matches) }
        guard status == 0 else {
            return [
                .failure(
                    LogIOError(code: .noMatch, path: pattern, detail: "pattern matches no file"))
            ]
        }
        var results: [Result<InputSource, LogIOError>] = []
        for index in 0..<Int(matches.gl_pathc) {
            guard let cPath = matches.gl_pathv[index] else { continue }
            let length = strlen(cPath)
            let path = cPath.withMemoryRebound(to: UInt8.self, capacity: length) {
                FileName.decode(UnsafeBufferPointer(start: $0, count: length))
            }
            switch SystemCalls.kind(of: path) {
            case .directory: results.append(contentsOf: directoryFiles(path))
            case .regular: results.append(.success(.file(path)))
            // A FIFO, socket or device a pattern matches is left out, as in a folder: reading
            // one could wait forever for a writer.
            case .other: continue
            case .unreachable(let code): results.append(.failure(unreachable(path, code)))
            case .missing: continue
            }
        }
        return results
    }
}
