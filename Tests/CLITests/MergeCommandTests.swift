import Foundation
import TestSupport
import Testing

/// `scan --save-state` and `aasa-scan merge`: results of separate scans merge into the report
/// one scan of everything would give.
struct MergeCommandTests {
    let aasa = PackagePaths.bundledData("example.com.aasa.json")

    func json(_ arguments: [String]) throws -> (Int32, [String: Any], String) {
        let result = try ToolRunner.run(arguments + ["--format", "json", "--quiet"])
        let object =
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            ?? [:]
        return (result.status, object, result.stderr)
    }

    @Test func mergedStatesGiveTheReportOfOneScan() throws {
        let folder = try TemporaryFolder()
        let lines = ScanCommandTests.logText(repeats: 30).split(separator: "\n")
        let first = try folder.write("a.log", lines[..<200].joined(separator: "\n") + "\n")
        let second = try folder.write("b.log", lines[200...].joined(separator: "\n") + "\n")
        let (_, whole, _) = try json(["scan", "--aasa", aasa, first, second])
        for (log, state) in [(first, "a.state"), (second, "b.state")] {
            let (status, _, stderr) = try json(
                ["scan", "--aasa", aasa, "--save-state", folder.path + "/" + state, log])
            #expect(status == 0, "\(stderr)")
        }
        let (status, merged, stderr) = try json(
            [
                "merge", "--save-state", folder.path + "/ab.state", folder.path + "/a.state",
                folder.path + "/b.state",
            ])
        #expect(status == 0, "\(stderr)")
        for key in [
            "totals", "apps", "rules", "coverage", "top_unmatched", "top_handled", "hosts",
            "dead_rules",
        ] {
            let a = try JSONSerialization.data(
                withJSONObject: whole[key] ?? NSNull(), options: [.sortedKeys, .fragmentsAllowed])
            let b = try JSONSerialization.data(
                withJSONObject: merged[key] ?? NSNull(), options: [.sortedKeys, .fragmentsAllowed])
            #expect(a == b, "\(key)")
        }
        let samples = merged["malformed_samples"] as? [[String: Any]] ?? []
        let whereabouts = samples.map {
            "\(($0["input"] as? String ?? "").split(separator: "/").last ?? ""):\($0["line"] as? Int ?? 0)"
        }
        let wholeSamples = (whole["malformed_samples"] as? [[String: Any]] ?? []).map {
            "\(($0["input"] as? String ?? "").split(separator: "/").last ?? ""):\($0["line"] as? Int ?? 0)"
        }
        #expect(whereabouts == wholeSamples)
        #expect((merged["inputs"] as? [Any])?.count == 2)
        // A merged state merges again.
        let (again, rerun, _) = try json(["merge", folder.path + "/ab.state"])
        #expect(again == 0)
        #expect(
            (rerun["totals"] as? [String: Any])?["handled"] as? Int
                == (whole["totals"] as? [String: Any])?["handled"] as? Int)
    }

    @Test func statesOfDifferentAASAFilesOrDamagedStatesAreRefused() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("a.log", ScanCommandTests.logText(repeats: 1))
        let other = try folder.write(
            "other.json", #"{"applinks":{"details":[{"appID":"ZZZZZ99999.o","paths":["/*"]}]}}"#)
        _ = try json(["scan", "--aasa", aasa, "--save-state", folder.path + "/a.state", log])
        _ = try json(["scan", "--aasa", other, "--save-state", folder.path + "/b.state", log])
        let mixed = try ToolRunner.run([
            "merge", folder.path + "/a.state", folder.path + "/b.state",
        ])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("different AASA files"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/a.state"))
        try bytes.prefix(bytes.count / 2).write(
            to: URL(fileURLWithPath: folder.path + "/cut.state"))
        let cut = try ToolRunner.run(["merge", folder.path + "/cut.state"])
        #expect(cut.status == 2)
        #expect(cut.stderr.contains("cut.state"))
        #expect(try ToolRunner.run(["merge", log]).status == 2)
    }

    /// Guards issue 9.11: a state given twice, a copy of it, or a scan of the same logs made
    /// again counted the same input bytes (their fingerprints say so): refused, or with
    /// `--allow-overlap` merged but warned about; different states are not.
    @Test func theSameStateGivenTwiceIsWarnedAbout() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("a.log", ScanCommandTests.logText(repeats: 2))
        let other = try folder.write("b.log", ScanCommandTests.logText(repeats: 3))
        // A second scan of the same log, by another number of workers: other bytes, same inputs.
        for (input, state, workers) in [
            (log, "a.state", "2"), (log, "again.state", "1"), (other, "b.state", "2"),
        ] {
            let result = try ToolRunner.run([
                "scan", "--aasa", aasa, "--quiet", "--workers", workers, "--save-state",
                folder.path + "/" + state, input,
            ])
            #expect(result.status == 0)
        }
        try Shell.run("cp '\(folder.path)/a.state' '\(folder.path)/copy.state'")
        let cases: [([String], String?)] = [
            (["a.state", "a.state"], "the same bytes"),
            (["a.state", "copy.state"], "the same bytes"),
            (["a.state", "again.state"], "the same inputs"),
            (["a.state", "b.state"], nil),
        ]
        for (names, warning) in cases {
            let paths = names.map { folder.path + "/" + $0 }
            if warning != nil {
                let refused = try ToolRunner.run(["merge", "--quiet"] + paths)
                #expect(refused.status == 2, "\(names)")
                #expect(refused.stderr.contains("counted the same bytes"), "\(names)")
            }
            let (status, report, stderr) = try json(
                ["merge"] + (warning == nil ? [] : ["--allow-overlap"]) + paths)
            #expect(status == 0)
            #expect(report["totals"] != nil)
            if let warning {
                // The fingerprints tell before the bytes and names of the states would.
                #expect(
                    stderr.contains("counted the same bytes") && stderr.contains("counted twice")
                        && stderr.components(separatedBy: "warning:").count == 2,
                    "\(names): \(warning)")
            } else {
                #expect(!stderr.contains("warning"), "\(names): \(stderr)")
            }
        }
    }

    /// States travel as a stream: several in one file or on standard input, or a folder of
    /// them, merge as the files would; a damaged state in a stream is refused by number.
    @Test func statesMergeFromStreamsAndFolders() throws {
        let folder = try TemporaryFolder()
        let lines = ScanCommandTests.logText(repeats: 30).split(separator: "\n")
        let first = try folder.write("a.log", lines[..<200].joined(separator: "\n") + "\n")
        let second = try folder.write("b.log", lines[200...].joined(separator: "\n") + "\n")
        let states = folder.path + "/states"
        try FileManager.default.createDirectory(atPath: states, withIntermediateDirectories: true)
        for (log, name) in [(first, "a.state"), (second, "b.state")] {
            let result = try ToolRunner.run(
                [
                    "scan", "--aasa", aasa, "--format", "none", "--save-state", states + "/" + name,
                    log,
                ])
            #expect(result.status == 0 && result.stdout.isEmpty, "\(result.stderr)")
        }
        let (_, fromFiles, _) = try json(["merge", states + "/a.state", states + "/b.state"])
        let (folderStatus, fromFolder, _) = try json(["merge", states])
        #expect(folderStatus == 0)
        let stream =
            try Data(contentsOf: URL(fileURLWithPath: states + "/a.state"))
            + Data(contentsOf: URL(fileURLWithPath: states + "/b.state"))
        let piped = try ToolRunner.run(["merge", "--format", "json", "-"], stdin: stream)
        #expect(piped.status == 0, "\(piped.stderr)")
        let fromStdin =
            try JSONSerialization.jsonObject(with: Data(piped.stdout.utf8)) as? [String: Any] ?? [:]
        for merged in [fromFolder, fromStdin] {
            for key in ["totals", "rules", "apps"] {
                let a = try JSONSerialization.data(
                    withJSONObject: fromFiles[key] ?? NSNull(), options: [.sortedKeys])
                let b = try JSONSerialization.data(
                    withJSONObject: merged[key] ?? NSNull(), options: [.sortedKeys])
                #expect(a == b, "\(key)")
            }
        }
        var damaged = stream
        damaged[damaged.count - 40] ^= 1
        let refused = try ToolRunner.run(["merge", "--format", "json", "-"], stdin: damaged)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("state 2 at byte"), "\(refused.stderr)")
    }

    /// `--save-state -` takes standard output, so the report must go elsewhere.
    @Test func stateOnStandardOutputNeedsTheReportElsewhere() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("a.log", ScanCommandTests.logText(repeats: 2))
        let clash = try ToolRunner.run(["scan", "--aasa", aasa, "--save-state", "-", log])
        #expect(clash.status == 64)
        #expect(clash.stderr.contains("--output FILE"))
        let report = folder.path + "/report.json"
        let split = try ToolRunner.run(
            ["scan", "--aasa", aasa, "--save-state", "-", "--output", report, log])
        #expect(split.status == 0)
        #expect(split.stdout.hasPrefix("AASASTATE2"))
        let written = try String(contentsOfFile: report, encoding: .utf8)
        #expect(written.hasPrefix("{\"schema\":\"aasa-scan.report/1\""))
    }
}
