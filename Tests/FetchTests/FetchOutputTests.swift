import Foundation
import TestSupport
import Testing

/// `--output DIR` and the two-line workflow with `scan --aasa-dir`, the table, usage errors.
@Suite struct FetchOutputTests {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("aasa-fetch-out-\(UUID())")
    }

    @Test func savedFilesAreWhatDevicesGetNamedForScan() throws {
        let servers = try TestServers.shared.get()
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try FetchRunner.run(
            ["--json", "--ca-file", servers.caFile, "--output", directory.path]
                + servers.templates() + ["good.test", "*.stale.test", "missing.test"])
        #expect(result.status == 1, "missing.test has errors")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        // The CDN's copy of stale.test differs from the origin's: both are kept apart too.
        #expect(names == [".cdn", ".origin", "_.stale.test.json", "good.test.json"])
        // The device copy of stale.test is the CDN's (the old rules).
        let stale = try String(
            contentsOf: directory.appendingPathComponent("_.stale.test.json"), encoding: .utf8)
        #expect(stale.contains("/old/*"))
        let domains = try #require(try result.report()["domains"] as? [[String: Any]])
        #expect(domains[2]["saved"] is NSNull)
        #expect((domains[2]["not_saved"] as? String)?.contains("status 200") == true)

        // `--save origin` takes the site's copy instead.
        let origin = try FetchRunner.run(
            ["--ca-file", servers.caFile, "--output", directory.path, "--save", "origin"]
                + servers.templates() + ["*.stale.test"])
        #expect(origin.status == 0)
        let saved = try String(
            contentsOf: directory.appendingPathComponent("_.stale.test.json"), encoding: .utf8)
        #expect(saved.contains("/buy/*"))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/_.stale.test.json.part"))
    }

    /// Links in the folder are replaced or refused, never followed out of it.
    @Test func savingNeverWritesThroughALink() throws {
        let servers = try TestServers.shared.get()
        let directory = Self.temporaryDirectory()
        let outside = Self.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: outside)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("outside".utf8).write(to: outside)
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: directory.path + "/good.test.json", withDestinationPath: outside.path)
        let replaced = try FetchRunner.run(
            ["--ca-file", servers.caFile, "--output", directory.path] + servers.templates()
                + ["good.test"])
        #expect(replaced.status == 0)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "outside")
        let saved = try manager.attributesOfItem(atPath: directory.path + "/good.test.json")
        #expect(saved[.type] as? FileAttributeType == .typeRegular)

        try manager.createSymbolicLink(
            atPath: directory.path + "/_.good.test.json.part", withDestinationPath: outside.path)
        let refused = try FetchRunner.run(
            ["--ca-file", servers.caFile, "--output", directory.path] + servers.templates()
                + ["*.good.test"])
        #expect(refused.status == 2)
        #expect(refused.stdout.contains("not saved: cannot write"))
        #expect(try String(contentsOf: outside, encoding: .utf8) == "outside")
    }

    @Test func fetchThenScanAASADir() throws {
        let servers = try TestServers.shared.get()
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fetched = try FetchRunner.run(
            ["--ca-file", servers.caFile, "--output", directory.path] + servers.templates()
                + ["good.test", "*.stale.test"])
        #expect(fetched.status == 0, "\(fetched.stdout)\(fetched.stderr)")
        let log = directory.appendingPathComponent("urls.log")
        try Data(
            """
            https://good.test/buy/1
            https://good.test/old/1
            https://a.stale.test/old/2
            https://a.stale.test/buy/2
            https://other.test/buy/3

            """.utf8
        ).write(to: log)
        let aasa = directory.appendingPathComponent("aasa")
        try FileManager.default.createDirectory(at: aasa, withIntermediateDirectories: true)
        for name in ["good.test.json", "_.stale.test.json"] {
            try FileManager.default.moveItem(
                at: directory.appendingPathComponent(name), to: aasa.appendingPathComponent(name))
        }
        let scan = try ToolRunner.run(
            ["scan", "--aasa-dir", aasa.path, "--format", "json", "--quiet", log.path])
        #expect(scan.status == 0, "\(scan.stderr)")
        let report = try scan.report()
        let totals = try #require(report["totals"] as? [String: Any])
        // good.test opens /buy/*, *.stale.test (the CDN's old copy) /old/*, other.test none.
        #expect(totals["handled"] as? Int == 2)
        #expect(totals["unmatched"] as? Int == 3)
    }

    @Test func theTableShowsEachCopyAndItsFindings() throws {
        let servers = try TestServers.shared.get()
        let result = try FetchRunner.run(
            ["--ca-file", servers.caFile] + servers.templates() + [
                "wrong-type.test", "missing.test",
            ])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "wrong-type.test")
        #expect(lines.contains { $0.hasPrefix("  origin  200  text/html; charset=utf-8  ") })
        #expect(lines.contains { $0.hasPrefix("  origin: warning AASA704 $: content type") })
        #expect(lines.contains("  CDN copy: none (the CDN answered 404)"))
        #expect(lines.last == "2 domains: 1 error, 3 warnings")
    }

    @Test func theTableEscapesWhatTheFileSays() throws {
        let servers = try TestServers.shared.get()
        let result = try FetchRunner.run(
            ["--ca-file", servers.caFile] + servers.templates() + ["hostile.test"])
        #expect(result.stdout.contains("AASA103"))
        #expect(result.stdout.contains("\\x1b[31m\\u{202e}key"))
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x202E })
    }

    @Test(arguments: [
        (["bad domain.test"], "is not a domain"),
        (["--origin-url", "https://127.0.0.1/x", "good.test"], "{domain}"),
        (["--timeout", "0", "good.test"], "--timeout"),
        (["--output", "/tmp/x", "good.test", "good.test?mode=developer"], "would both be saved"),
        ([], "at least one domain"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try FetchRunner.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func anUnreadableOrEmptyCAFileIsAnError() throws {
        let result = try FetchRunner.run(["--ca-file", "/nonexistent/ca.pem", "good.test"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read the CA file"))
        let empty = Self.temporaryDirectory()
        try Data().write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try FetchRunner.run(["--ca-file", empty.path, "good.test"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("cannot read the CA file"), "\(none.stderr)")
    }
}
