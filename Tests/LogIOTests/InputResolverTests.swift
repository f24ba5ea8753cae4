import LogIO
import TestSupport
import Testing

@Suite struct InputResolverTests {
    func names(_ results: [Result<InputSource, LogIOError>], under root: String) -> [String] {
        results.map { result in
            switch result {
            case .success(.file(let path)):
                return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
            case .success(.standardInput): return "-"
            case .failure(let error): return "error:\(error.code)"
            }
        }
    }

    @Test func expandsDirectoriesGlobsDashAndReportsMissing() throws {
        let directory = try TemporaryFolder()
        for name in ["b.log", "a.log.gz", "c.txt", ".hidden"] {
            _ = try directory.write(name, Array("x\n".utf8))
        }
        try Shell.run("mkdir \(directory.path)/sub && touch \(directory.path)/sub/inner.log")
        let root = directory.path + "/"
        let cases: [([String], [String])] = [
            ([], ["-"]),
            (["-"], ["-"]),
            ([directory.path], ["a.log.gz", "b.log", "c.txt"]),
            ([root + "*.log*"], ["a.log.gz", "b.log"]),
            ([root + "*.nothing"], ["error:no-match"]),
            ([root + "missing.log", root + "c.txt"], ["error:not-found", "c.txt"]),
            ([root + "s*"], ["sub/inner.log"]),
        ]
        for (arguments, expected) in cases {
            #expect(names(InputResolver.resolve(arguments), under: root) == expected)
        }
    }

    /// Guards issue 9.2: only inputs a folder or a glob stood for may be skipped as non-logs.
    @Test func expandedInputsAreMarked() throws {
        let directory = try TemporaryFolder()
        let named = try directory.write("a.log", Array("x\n".utf8))
        let root = directory.path + "/"
        let cases: [([String], [Bool])] = [
            ([named], [false]),
            ([directory.path], [true]),
            ([root + "*.log"], [true]),
            (["-"], [false]),
            ([root + "missing.log"], [false]),
        ]
        for (arguments, expected) in cases {
            #expect(InputResolver.resolveMarked(arguments).map(\.isExpanded) == expected)
        }
    }

    @Test func openingAMissingFileIsAnErrorValue() {
        #expect {
            _ = try ChunkReader.open(.file("/nonexistent/dir/x.log"))
        } throws: { error in
            (error as? LogIOError)?.code == .notFound
                && (error as? LogIOError)?.path == "/nonexistent/dir/x.log"
        }
    }
}
