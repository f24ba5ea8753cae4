import CLISupport
import RuleAnalysis

/// The decision changes of a diff (`DecisionDiff`) as an HTML section: a table of classes, each
/// with its witness URLs and how each file decides them.
package enum TransitionHTML {
    /// The section, or nothing when no class is kept and `none` is nil (else `none` is said).
    package static func section(
        _ out: inout HTMLWriter, _ sections: [TransitionSection], id: String, title: String,
        note: String?, keep: (DecisionDiff.Transition) -> Bool, none: String?
    ) {
        let kept = sections.flatMap { section in
            section.transitions.filter(keep).map { (section, $0) }
        }
        if kept.isEmpty && none == nil { return }
        HTMLSections.section(&out, id: id, title: title, note: note) { out in
            if kept.isEmpty, let none {
                out.element("p", ["class": "note"], say: none)
                return
            }
            let headed = sections.count > 1 || sections.first?.domain != nil
            HTMLSections.table(
                &out, (headed ? ["domain"] : []) + ["change", "URL", "old", "new"],
                id: id + "-table"
            ) { rows in
                for (section, transition) in kept {
                    for witness in transition.witnesses {
                        rows.element(
                            "tr",
                            [
                                "data-from": transition.from.name, "data-to": transition.to.name,
                                "data-needs-fragment": transition.needsFragment ? "true" : "false",
                            ]
                        ) { row in
                            if headed {
                                row.element(
                                    "td", text: section.domain?.description ?? "other hosts")
                            }
                            // App IDs, URLs and references come from the files: untrusted text.
                            row.element("td", text: TransitionRender.title(transition))
                            row.element("td", ["class": "mono"], text: witness.url)
                            row.element("td", text: StaticDiff.describe(witness.old))
                            row.element("td", text: StaticDiff.describe(witness.new))
                        }
                    }
                }
            }
            let (complete, notes) = TransitionRender.completeness(sections)
            if !complete {
                out.element(
                    "p", ["class": "note"],
                    text: "Not proven complete: other changes may exist, as "
                        + notes.joined(separator: "; ") + ".")
            }
        }
    }
}
