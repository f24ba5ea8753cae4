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
}
