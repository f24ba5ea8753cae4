import Foundation
import TestSupport
import Testing

/// `aasa-scan suggest`, run as a user runs it: the missing rule is found with its exact
/// gain, `--apply` writes a file that lints clean and adds exactly that gain on a second scan,
/// and nothing the file excludes is ever opened.
struct SuggestCommandTests {
    static let shop = "ABCDE12345.com.example.shop"
    static let blog = "FGHIJ67890.com.example.blog"

    static let aasa = """
        {
          "applinks": {
            "details": [
              {
                "appIDs": ["\(shop)"],
                "components": [
                  {"/": "/products/internal/*", "exclude": true},
                  {"/": "/cart"},
                  {"/": "/stores/*"}
                ]
              },
              {
                "appIDs": ["\(blog)"],
                "components": [
                  {"/": "/blog/drafts/*", "exclude": true},
                  {"/": "/blog/*"}
                ]
              }
            ]
          }
        }

        """

    /// The requests of the test log, and how many there are of each kind.
    struct Traffic {
        var targets: [String] = []
        var products = 0  // `/products/...` that no rule decides (images included)
        var productImages = 0
        var internalPages = 0  // excluded by the shop
        var drafts = 0  // excluded by the blog
        var help = 0

        init() {
            var seed: UInt64 = 0x2545_F491_4F6C_DD1D
            func next(_ bound: Int) -> Int {
                seed ^= seed << 13
                seed ^= seed >> 7
                seed ^= seed << 17
                return Int(seed % UInt64(bound))
            }
            for index in 0..<3_000 {
                switch next(12) {
                case 0...3:
                    targets.append("/products/\(100_000 + next(900_000))")
                    products += 1
                case 4:
                    targets.append("/products/\(next(500))/reviews?page=\(next(3))")
                    products += 1
                case 5:
                    targets.append("/products/img/\(next(200)).png")
                    products += 1
                    productImages += 1
                case 6:
                    targets.append("/products/internal/\(next(40))")
                    internalPages += 1
                case 7:
                    targets.append(["/cart", "/stores/paris", "/blog/hello-world-2"][next(3)])
                case 8:
                    targets.append("/blog/drafts/\(next(30))")
                    drafts += 1
                case 9:
                    targets.append("/help/" + ["shipping", "returns", "sizes", "contact"][next(4)])
                    help += 1
                case 10:
                    targets.append(["/api/v1/items", "/wp-login.php", "/static/app.css"][next(3)])
                default:
                    targets.append("/page-\(index)")
                }
            }
        }

        var log: String {
            targets.enumerated().map { index, target in
                "10.0.0.\(index % 250) - - [10/Oct/2024:13:55:36 +0000] \"GET \(target) HTTP/1.1\" 200 512 \"-\" \"Test/1.0\"\n"
            }.joined()
        }
    }

    let traffic = Traffic()

    func files() throws -> (TemporaryFolder, aasa: String, log: String) {
        let folder = try TemporaryFolder()
        let aasa = try folder.write("aasa.json", Self.aasa)
        let log = try folder.write("access.log", traffic.log)
        return (folder, aasa, log)
    }

    func json(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:])
        throws -> (Int32, [String: Any], String)
    {
        let result = try ToolRunner.run(
            arguments + ["--format", "json", "--quiet"], stdin: stdin, environment: environment)
        let object =
            (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
            ?? [:]
        return (result.status, object, result.stderr)
    }

    func totals(_ aasa: String, _ log: String) throws -> [String: Int] {
        let (status, report, stderr) = try json(["scan", "--aasa", aasa, log])
        #expect(status == 0, "\(stderr)")
        return Self.counts(report["totals"])
    }

    /// `1526` as the table writes it, `1,526`.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// The integer fields of a JSON object.
    static func counts(_ value: Any?) -> [String: Int] {
        (value as? [String: Any] ?? [:]).compactMapValues { $0 as? Int }
    }

    @Test func theMissingRuleComesFirstWithItsExactGain() throws {
        let (folder, aasa, log) = try files()
        _ = folder
        let (status, report, stderr) = try json(["suggest", "--aasa", aasa, log])
        #expect(status == 0, "\(stderr)")
        #expect(report["schema"] as? String == "aasa-scan.suggest/1")
        #expect(report["app"] as? String == Self.shop)
        #expect(report["entry"] as? String == "details[0]")
        let suggestions = report["suggestions"] as? [[String: Any]] ?? []
        let top = try #require(suggestions.first)
        #expect(top["pattern"] as? String == "/products/*")
        #expect((top["rule"] as? [String: String]) == ["/": "/products/*"])
        // Counted from the traffic itself: every product request no rule decides.
        #expect(top["gain"] as? Int == traffic.products)
        let captures = top["captures"] as? [String: Int] ?? [:]
        #expect(captures["asset"] == traffic.productImages)
        let examples = top["capture_examples"] as? [String: [String]] ?? [:]
        #expect(examples["asset"]?.allSatisfy { $0.hasPrefix("/products/img/") } == true)
        // Help pages come next, generalised from their words.
        #expect(suggestions.dropFirst().contains { $0["pattern"] as? String == "/help/*" })
        let patterns = suggestions.compactMap { $0["pattern"] as? String }
        #expect(!patterns.contains { $0.contains("api") || $0.contains("wp-") })
        let totals = Self.counts(report["totals"])
        #expect(totals["requests"] == traffic.targets.count)
    }

    @Test func applyWritesALintCleanFileThatAddsExactlyTheGain() throws {
        let (folder, aasa, log) = try files()
        let output = folder.path + "/new.json"
        let (status, report, stderr) = try json(
            ["suggest", "--aasa", aasa, "--apply", "2", "--output", output, log])
        #expect(status == 0, "\(stderr)")
        let suggestions = report["suggestions"] as? [[String: Any]] ?? []
        try #require(suggestions.count >= 2)
        let gain = suggestions.prefix(2).reduce(0) { $0 + ($1["gain"] as? Int ?? 0) }
        let applied = report["applied"] as? [String: Any] ?? [:]
        #expect(applied["count"] as? Int == 2)
        #expect(applied["gain"] as? Int == gain)

        let lint = try ToolRunner.run(["lint", output])
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(!lint.stdout.contains(" error "), "\(lint.stdout)")
        // Two separate scans: exactly the gain more handled, not one excluded request less.
        let before = try totals(aasa, log)
        let after = try totals(output, log)
        #expect(after["handled", default: 0] - before["handled", default: 0] == gain)
        #expect(after["excluded"] == before["excluded"])
        #expect(after["handled"] == applied["handled_after"] as? Int)
        // The original text is all there, the rules added at the end of the shop's entry.
        let original = Self.aasa
        let written = try String(contentsOfFile: output, encoding: .utf8)
        let cut = try #require(original.range(of: "{\"/\": \"/stores/*\"}")).upperBound
        #expect(written.hasPrefix(String(original[..<cut])))
        #expect(written.hasSuffix(String(original[cut...])))
        #expect(
            written.contains(
                "{\"/\": \"/stores/*\"},\n          {\"/\": \"/products/*\"},\n          {\"/\": \"/help/*\"}"
            ))
    }

    @Test func aRuleThatWouldOpenAnExcludedRequestIsNeverSuggested() throws {
        let (folder, aasa, log) = try files()
        // For the blog app, `/products/*` would open what the shop excludes: a later entry of
        // another app wins over the shop's exclusion (SEMANTICS.md S4.5).
        let output = folder.path + "/blog.json"
        let (status, report, stderr) = try json(
            [
                "suggest", "--aasa", aasa, "--app", Self.blog, "--apply", "5", "--output", output,
                log,
            ])
        #expect(status == 0, "\(stderr)")
        #expect(report["entry"] as? String == "details[1]")
        let rejected = report["rejected"] as? [[String: Any]] ?? []
        let products = rejected.first { $0["pattern"] as? String == "/products/*" }
        #expect(products?["reason"] as? String == "opens_excluded")
        #expect(products?["count"] as? Int == traffic.internalPages)
        let suggested = (report["suggestions"] as? [[String: Any]] ?? []).compactMap {
            $0["pattern"] as? String
        }
        #expect(!suggested.contains("/products/*"))
        let before = try totals(aasa, log)
        let after = try totals(output, log)
        #expect(after["excluded"] == before["excluded"])
        #expect(before["excluded"] == traffic.internalPages + traffic.drafts)
    }

    @Test func standardInputIsCopiedReadTwiceAndRemoved() throws {
        let (folder, aasa, log) = try files()
        let spool = try TemporaryFolder()
        let (fromFile, fileReport, _) = try json(["suggest", "--aasa", aasa, log])
        let (fromPipe, pipeReport, stderr) = try json(
            ["suggest", "--aasa", aasa], stdin: Data(traffic.log.utf8),
            environment: ["TMPDIR": spool.path])
        #expect(fromFile == 0)
        #expect(fromPipe == 0, "\(stderr)")
        let inputs = pipeReport["inputs"] as? [[String: Any]] ?? []
        #expect(inputs.first?["path"] as? String == "-")
        for key in ["suggestions", "rejected", "totals"] {
            let a = try JSONSerialization.data(
                withJSONObject: fileReport[key] ?? NSNull(), options: [.sortedKeys])
            let b = try JSONSerialization.data(
                withJSONObject: pipeReport[key] ?? NSNull(), options: [.sortedKeys])
            #expect(a == b, "\(key)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty)
        _ = folder
    }

    @Test func legacyPathsGetPathStrings() throws {
        let folder = try TemporaryFolder()
        let aasa = try folder.write(
            "paths.json",
            #"{"applinks": {"apps": [], "details": [{"appID": "\#(Self.shop)", "paths": ["NOT /products/internal/*", "/cart"]}]}}"#
        )
        let log = try folder.write("access.log", traffic.log)
        let output = folder.path + "/new.json"
        let (status, report, stderr) = try json(
            ["suggest", "--aasa", aasa, "--apply", "1", "--output", output, log])
        #expect(status == 0, "\(stderr)")
        #expect(report["style"] as? String == "paths")
        let top = (report["suggestions"] as? [[String: Any]] ?? []).first
        #expect(top?["rule"] as? String == "/products/*")
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.contains(#"["NOT /products/internal/*", "/cart", "/products/*"]"#))
        let before = try totals(aasa, log)
        let after = try totals(output, log)
        #expect(
            after["handled", default: 0] - before["handled", default: 0] == top?["gain"] as? Int)
        #expect(after["excluded"] == before["excluded"])
    }

    @Test func csvAndTableSayTheSame() throws {
        let (folder, aasa, log) = try files()
        _ = folder
        let csv = try ToolRunner.run(["suggest", "--aasa", aasa, "--format", "csv", "--quiet", log])
        #expect(csv.status == 0)
        #expect(csv.lines.first == "section,rank,pattern,key,value")
        #expect(csv.lines.contains("suggestion,1,/products/*,gain,\(traffic.products)"))
        #expect(
            csv.lines.contains("suggestion,1,/products/*,capture_asset,\(traffic.productImages)"))
        #expect(csv.lines.contains("total,,,requests,\(traffic.targets.count)"))
        let table = try ToolRunner.run(
            ["suggest", "--aasa", aasa, "--format", "table", "--quiet", log],
            environment: ["COLUMNS": "200"])
        #expect(table.status == 0)
        #expect(table.stdout.contains("{\"/\": \"/products/*\"}"))
        #expect(table.stdout.contains("+" + Self.grouped(traffic.products)))
        #expect(table.stdout.contains("also opens \(traffic.productImages) static files"))
        let help = try ToolRunner.run(["suggest", "--help"])
        #expect(help.stdout.contains("Examples:"))
        #expect(help.stdout.contains("--apply"))
    }

    @Test func usageAndInputErrors() throws {
        let (folder, aasa, log) = try files()
        for arguments in [
            ["--apply", "1"], ["--output", folder.path + "/x.json"], ["--candidates", "0"],
            ["--candidates", "65"], ["--apply", "0", "--output", folder.path + "/x.json"],
            ["--apply", "1", "--output", aasa],
        ] {
            let result = try ToolRunner.run(["suggest", "--aasa", aasa] + arguments + [log])
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
        }
        let noApp = try folder.write("none.json", #"{"applinks": {"details": []}}"#)
        let missingApp = try ToolRunner.run(["suggest", "--aasa", noApp, log])
        #expect(missingApp.status == 64)
        #expect(missingApp.stderr.contains("--app"))
        let broken = try folder.write("broken.json", #"{"applinks": {"details": [}"#)
        #expect(try ToolRunner.run(["suggest", "--aasa", broken, log]).status == 2)
        #expect(
            try ToolRunner.run(["suggest", "--aasa", folder.path + "/nope.json", log]).status == 2)
        let missingLog = try ToolRunner.run(["suggest", "--aasa", aasa, folder.path + "/nope.log"])
        #expect(missingLog.status == 2)
        #expect(missingLog.stdout.isEmpty)
    }
}
