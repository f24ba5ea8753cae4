import CLISupport
import RuleAnalysis

/// The diff without logs as one page: the decision changes (`DecisionDiff`), then the rules
/// added, removed, moved and changed, each with its first witness. Built and escaped as the
/// other reports are.
package enum StaticDiffHTML {
    package static func render(_ diff: StaticDiff) -> String {
        var out = HTMLWriter()
        out.element("header") { header in
            header.element("h1", say: "What the new AASA file changes, rule by rule")
            header.element(
                "p", ["class": "sub"],
                say: StaticDiffRender.kinds.map { "\(diff.count($0)) \($0.rawValue)" }
                    .joined(separator: ", "))
            header.element("dl", ["class": "files"]) { list in
                for (side, files) in [("old", diff.old.files), ("new", diff.new.files)] {
                    list.element("dt", say: side)
                    list.element(
                        "dd", ["class": "mono"], text: files.map(\.path).joined(separator: ", "))
                }
            }
        }
        out.raw("\n")
        TransitionHTML.section(
            &out, diff.transitionSections, id: "transitions", title: "Decisions that change",
            note: "(every URL, worked out on the rules)", keep: { _ in true },
            none: "None: the two files decide every URL alike.")
        HTMLSections.section(
            &out, id: "rule-changes", title: "Rules",
            note: "(matched by apps and effective pattern)"
        ) { out in
            HTMLSections.table(
                &out, ["change", "old rule", "new rule", "pattern", "URL", "old", "new"],
                id: "rule-changes-table"
            ) { rows in
                for section in diff.sections {
                    for change in section.diff.changes {
                        let oldRule = change.old.map { section.diff.oldRules[$0] }
                        let newRule = change.new.map { section.diff.newRules[$0] }
                        let witness = change.witnesses.first
                        rows.element("tr", ["data-change": change.kind.rawValue]) { row in
                            row.element("td", say: change.kind.rawValue)
                            row.element("td", ["class": "mono"], text: oldRule?.ref ?? "-")
                            row.element("td", ["class": "mono"], text: newRule?.ref ?? "-")
                            row.element(
                                "td", ["class": "mono"],
                                text: (newRule ?? oldRule)?.patternDescription ?? "")
                            row.element(
                                "td", ["class": "mono"],
                                text: witness?.url ?? StaticDiffRender.noWitness)
                            row.element(
                                "td", text: witness.map { StaticDiff.describe($0.old) } ?? "")
                            row.element(
                                "td", text: witness.map { StaticDiff.describe($0.new) } ?? "")
                        }
                    }
                }
            }
        }
        out.element("footer") { footer in
            footer.say("aasa-scan · \(DiffJSON.schema) · rule by rule")
        }
        return HTMLPage.document(
            title: "aasa-scan: what the new AASA file changes, rule by rule", body: out.html)
    }
}
