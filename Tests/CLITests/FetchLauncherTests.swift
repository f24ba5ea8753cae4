import Foundation
import TestSupport
import Testing

/// `aasa-scan fetch` runs `aasa-scan-fetch` from its own folder, with every argument, and
/// ends as it ends; without it, it says how to build it.
@Suite struct FetchLauncherTests {
    @Test func withoutTheHelperItSaysHowToBuildIt() throws {
        let helper = ToolRunner.executable.deletingLastPathComponent()
            .appendingPathComponent("aasa-scan-fetch")
        guard !FileManager.default.fileExists(atPath: helper.path) else {
            print("skipped: \(helper.path) exists")
            return
        }
        let result = try ToolRunner.run(["fetch", "example.com"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("make fetch"))
    }

    @Test func theHelperGetsEveryArgumentAndGivesItsStatus() throws {
        let folder = try TemporaryFolder()
        let directory = folder.url
        let binary = directory.appendingPathComponent("aasa-scan")
        try FileManager.default.copyItem(at: ToolRunner.executable, to: binary)
        let helper = directory.appendingPathComponent("aasa-scan-fetch")
        try Data("#!/bin/sh\nfor a in \"$@\"; do echo \"[$a]\"; done\nexit 7\n".utf8).write(
            to: helper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper.path)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["fetch", "--help", "--json", "a b.test"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 7)
        #expect(String(decoding: data, as: UTF8.self) == "[--help]\n[--json]\n[a b.test]\n")
    }

    @Test func theMainHelpNamesFetchAndHowToBuildIt() throws {
        let result = try ToolRunner.run(["--help"])
        #expect(result.stdout.contains("fetch"))
        #expect(result.stdout.contains("make fetch"))
    }
}
