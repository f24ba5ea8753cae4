import Foundation
import TestSupport
import Testing

/// Rules whose dead-rule proof stopped at its work budget: `lint` says AASA605 for each, and
/// the JSON report's rule rows carry `"proof": "not proven"` for them, no other.
struct ProofBudgetReportTests {
    /// Ten rules on one path whose query values each name a variable of 1,600 words: no two
    /// share a query, and each comparison of two is a product of large automata, so after the
    /// first few a rule's comparisons with those before it need more than the budget.
    static let aasa: String = {
        let words = (0..<1_600).map { "\"w\($0)\"" }.joined(separator: ",")
        let components = (0..<10).map { #"{"/": "/u/*", "?": {"k": "$(v)?\#($0)?"}}"# }
        return #"{"applinks": {"substitutionVariables": {"v": [\#(words)]}, "details": ["#
            + #"{"appIDs": ["ABCDE12345.com.x"], "components": ["#
            + components.joined(separator: ",") + "]}]}}"
    }()

    @Test func lintAndTheJSONReportSayWhichRulesAreNotProven() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("aasa.json", Self.aasa)
        let lint = try ToolRunner.run(["lint", file])
        #expect(lint.status == 0, "\(lint.stderr)")
        // The rules flagged: the last ones, not the first (each compares with more rules).
        let flagged = lint.lines.compactMap { line -> String? in
            guard line.contains(" AASA605 applinks.") else { return nil }
            return line.components(separatedBy: " AASA605 applinks.").last?
                .components(separatedBy: ": ").first
        }
        #expect(flagged.last == "details[0].components[9]", "\(lint.stdout)")
        #expect(!flagged.contains("details[0].components[0]"))
        #expect(!flagged.contains("details[0].components[1]"))
        #expect(!lint.stdout.contains(" AASA601 "))

        let log = try folder.write(
            "access.log",
            #"1.2.3.4 - - [10/Oct/2024:13:55:36 +0000] "GET /x HTTP/1.1" 200 1 "-" "x""# + "\n")
        let json = try ToolRunner.run(["scan", "--aasa", file, "--format", "json", log])
        #expect(json.status == 0, "\(json.stderr)")
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rules = try #require(report["rules"] as? [[String: Any]])
        let open = rules.filter { $0["proof"] != nil }
        #expect(open.compactMap { $0["ref"] as? String } == flagged)
        #expect(open.allSatisfy { $0["proof"] as? String == "not proven" })
        #expect(rules.allSatisfy { $0["shadowed_by"] is NSNull })
    }

    /// A rule whose proof stops at its budget but that decided a request is not flagged, also
    /// when its proof was made while the scan waited for its input, before the request was
    /// read (as it is when other processes leave a core idle meanwhile).
    @Test func aRuleThatDecidedARequestIsNotFlaggedWhateverWasProvenMeanwhile() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("aasa.json", Self.aasa)
        // `w1` then any character, `9`, any character: only the last rule takes it.
        let line =
            #"1.2.3.4 - - [10/Oct/2024:13:55:36 +0000] "GET /u/a?k=w1a9b HTTP/1.1" 200 1 "-" "x""#
        let json = try ToolRunner.run(
            ["scan", "--aasa", file, "--format", "json", "--debug", "-"],
            stdin: Data((line + "\n").utf8), holdingInputOpen: 3)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stderr.contains("proofs of the 9 rules that decided no request: "))
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rules = try #require(report["rules"] as? [[String: Any]])
        let last = try #require(rules.last)
        #expect(last["ref"] as? String == "details[0].components[9]")
        #expect(last["hits"] as? Int == 1)
        #expect(last["proof"] == nil, "a rule that decided a request is not in doubt")
        // The others are flagged as `lint` flags them.
        let lint = try ToolRunner.run(["lint", file])
        let flagged = lint.lines.compactMap { line -> String? in
            guard line.contains(" AASA605 applinks.") else { return nil }
            return line.components(separatedBy: " AASA605 applinks.").last?
                .components(separatedBy: ": ").first
        }
        #expect(flagged.last == "details[0].components[9]", "\(lint.stdout)")
        let open = rules.filter { $0["proof"] != nil }.compactMap { $0["ref"] as? String }
        #expect(open == flagged.dropLast())
    }
}
