import AASAModel
import CLISupport
import LinkMatcher
import RuleAnalysis
import ScanEngine

/// `diff` without logs: the files of each domain compared rule by rule (`RuleDiff`), each
/// change with URLs the two sides decide differently.
package struct StaticDiff {
    /// The old and new file of one domain (nil: the file serving hosts no domain claims).
    package struct Section {
        package var domain: DomainPattern?
        package var oldFile: String?
        package var newFile: String?
        package var diff: RuleDiff
        /// Every class of URLs whose decision changes, with witnesses.
        package var decisions: DecisionDiff
        /// Per rule of `diff.oldRules` and `diff.newRules`: the rule of its file that makes it
        /// never decide, or nil (empty when not worked out).
        package var oldShadowedBy: [String?] = []
        package var newShadowedBy: [String?] = []

        package func shadowedBy(old index: Int?) -> String? {
            index.flatMap { $0 < oldShadowedBy.count ? oldShadowedBy[$0] : nil }
        }

        package func shadowedBy(new index: Int?) -> String? {
            index.flatMap { $0 < newShadowedBy.count ? newShadowedBy[$0] : nil }
        }
    }

    package let old: Associations
    package let new: Associations
    package let sections: [Section]

    /// A domain named on one side only is compared with the file the other side would use
    /// for its hosts (that side's file for every host, or a wider domain's), or with none.
    /// `shadowedBy` holds each side's `ShadowMarks.byRule` (empty when not worked out).
    package init(
        old: Associations, new: Associations, oldDocuments: [AASADocument],
        newDocuments: [AASADocument], witnesses: Int = 3,
        shadowedBy: (old: [String?], new: [String?]) = ([], [])
    ) {
        self.old = old
        self.new = new
        sections = Self.pairs(old: old, new: new).map { domain, oldIndex, newIndex in
            let oldDocument = oldIndex.map { oldDocuments[$0] }
            let newDocument = newIndex.map { newDocuments[$0] }
            return Section(
                domain: domain, oldFile: oldIndex.map { old.files[$0].path },
                newFile: newIndex.map { new.files[$0].path },
                diff: RuleDiff(old: oldDocument, new: newDocument),
                decisions: DecisionDiff(old: oldDocument, new: newDocument, witnesses: witnesses),
                oldShadowedBy: Self.marks(oldIndex.map { old.files[$0] }, shadowedBy.old),
                newShadowedBy: Self.marks(newIndex.map { new.files[$0] }, shadowedBy.new))
        }
    }

    /// Each domain either side names, with the file of each side that serves it (that side's
    /// file for every host, or a wider domain's), or none.
    package static func pairs(old: Associations, new: Associations)
        -> [(domain: DomainPattern?, old: Int?, new: Int?)]
    {
        var domains: [DomainPattern?] = []
        for file in old.files + new.files where !domains.contains(where: { $0 == file.domain }) {
            domains.append(file.domain)
        }
        return domains.compactMap { domain in
            let oldIndex = old.file(serving: domain)
            let newIndex = new.file(serving: domain)
            guard oldIndex != nil || newIndex != nil else { return nil }
            return (domain, oldIndex, newIndex)
        }
    }

    /// The decision changes of each domain whose files read the fragment, as the traffic diff
    /// lists the ones logs cannot show (without a rule that reads it, there is none).
    package static func fragmentSections(
        old: Associations, new: Associations, oldDocuments: [AASADocument],
        newDocuments: [AASADocument], witnesses: Int
    ) -> [TransitionSection] {
        pairs(old: old, new: new).compactMap { domain, oldIndex, newIndex in
            let rules =
                (oldIndex.map { old.files[$0].rules.rules } ?? [])
                + (newIndex.map { new.files[$0].rules.rules } ?? [])
            guard rules.contains(where: \.decidesByFragment) else { return nil }
            return
                TransitionSection(
                    domain: domain,
                    decisions: DecisionDiff(
                        old: oldIndex.map { oldDocuments[$0] },
                        new: newIndex.map { newDocuments[$0] },
                        witnesses: witnesses),
                    oldRules: oldIndex.map { old.files[$0].rules.rules } ?? [],
                    newRules: newIndex.map { new.files[$0].rules.rules } ?? [])
        }
    }

    /// The sections' decision changes, for the renderers.
    package var transitionSections: [TransitionSection] {
        sections.map {
            TransitionSection(
                domain: $0.domain, decisions: $0.decisions, oldRules: $0.diff.oldRules,
                newRules: $0.diff.newRules)
        }
    }

    /// The part of a side's marks that belongs to `file`.
    private static func marks(_ file: Associations.File?, _ all: [String?]) -> [String?] {
        guard let file, file.ruleOffset + file.rules.rules.count <= all.count else { return [] }
        return Array(all[file.ruleOffset..<(file.ruleOffset + file.rules.rules.count)])
    }

    package func count(_ kind: RuleAlignment.Kind) -> Int {
        sections.map { section in
            kind == .unchanged
                ? section.diff.alignment.pairs.filter { $0.kind == .unchanged }.count
                : section.diff.count(kind)
        }.reduce(0, +)
    }

    /// `handled by TEAM.app (details[0].components[2])`, `excluded (ref)`, `unmatched`.
    package static func describe(_ verdict: RuleDiff.Verdict) -> String {
        switch verdict.kind {
        case .handled:
            "handled by \(verdict.app ?? "?") (\(verdict.rule ?? "?"))"
        case .excluded:
            "excluded (\(verdict.rule ?? "?"))"
        case .unmatched:
            "unmatched"
        }
    }
}

/// The static diff as a table, JSON (`aasa-scan.diff/1`, `"mode": "static"`) or CSV.
package enum StaticDiffRender {
    package static let kinds: [RuleAlignment.Kind] = [
        .added, .removed, .moved, .changed, .unchanged,
    ]
    package static let noWitness = "no URL decided differently found"

    package static func table(_ diff: StaticDiff, color: Bool, width: Int?) -> String {
        let style = Style(enabled: color)
        var out: [String] = []
        out.append(style.bold("aasa-scan diff") + ": rule by rule (no logs given)")
        out.append(
            "  old: " + diff.old.files.map { TerminalText.escaped($0.path) }.joined(separator: ", ")
        )
        out.append(
            "  new: " + diff.new.files.map { TerminalText.escaped($0.path) }.joined(separator: ", ")
        )
        out.append("  " + kinds.map { "\(diff.count($0)) \($0.rawValue)" }.joined(separator: ", "))
        out += TransitionRender.table(diff.transitionSections, style: style)
        out.append("")
        out.append(style.bold("Rules") + " (matched by apps and effective pattern)")
        let headed = diff.sections.count > 1 || diff.sections.first?.domain != nil
        for section in diff.sections {
            let changes = section.diff.changes
            if headed {
                out.append("")
                out.append(
                    style.bold(
                        section.domain.map { TerminalText.escaped($0.description) } ?? "other hosts"
                    )
                        + ": " + (section.oldFile.map(TerminalText.escaped) ?? "(no file)") + " → "
                        + (section.newFile.map(TerminalText.escaped) ?? "(no file)")
                        + (changes.isEmpty ? ": no change" : ""))
            }
            for change in changes {
                out.append("")
                let oldRule = change.old.map { section.diff.oldRules[$0] }
                let newRule = change.new.map { section.diff.newRules[$0] }
                let refs: String
                switch change.kind {
                case .moved, .changed:
                    refs = (oldRule?.ref ?? "") + " → " + (newRule?.ref ?? "")
                default:
                    refs = (newRule ?? oldRule)?.ref ?? ""
                }
                let kind = change.kind.rawValue
                let label = style.yellow(
                    kind + String(repeating: " ", count: max(0, 8 - kind.count)))
                let indent = "           "
                out.append("  \(label) \(refs)")
                if change.kind == .changed {
                    out.append(
                        indent + "old " + TerminalText.escaped(oldRule?.patternDescription ?? ""))
                    out.append(
                        indent + "new " + TerminalText.escaped(newRule?.patternDescription ?? ""))
                    if !change.changedVariables.isEmpty {
                        out.append(
                            indent + "other values of "
                                + change.changedVariables.map { TerminalText.escaped("$(\($0))") }
                                .joined(separator: ", "))
                    }
                } else {
                    out.append(
                        indent
                            + TerminalText.escaped((newRule ?? oldRule)?.patternDescription ?? ""))
                }
                for (side, by) in [
                    ("old", section.shadowedBy(old: change.old)),
                    ("new", section.shadowedBy(new: change.new)),
                ] {
                    if let by {
                        out.append(
                            indent
                                + style.yellow(
                                    "never decides in \(side): shadowed by \(TerminalText.escaped(by))"
                                ))
                    }
                }
                guard let first = change.witnesses.first else {
                    out.append(indent + style.dim(noWitness))
                    continue
                }
                out.append(indent + TerminalText.escaped(first.url))
                out.append(
                    indent + "  old: " + TerminalText.escaped(StaticDiff.describe(first.old)))
                out.append(
                    indent + "  new: " + TerminalText.escaped(StaticDiff.describe(first.new)))
                if change.witnesses.count > 1 {
                    out.append(
                        indent + "also decided differently: "
                            + change.witnesses.dropFirst().map { TerminalText.escaped($0.url) }
                            .joined(separator: ", "))
                }
            }
        }
        if diff.sections.allSatisfy({ $0.diff.changes.isEmpty }) {
            out.append("")
            out.append("No rule was added, removed, moved or changed.")
        }
        return Style.fit(out, width)
    }

    package static func json(_ diff: StaticDiff) -> String {
        var object = JSONObject()
        object.add("schema", string: DiffJSON.schema)
        object.add("mode", string: "static")
        object.add("complete", raw: "true")
        object.add("old", raw: DiffJSON.files(diff.old.files))
        object.add("new", raw: DiffJSON.files(diff.new.files))
        var summary = JSONObject()
        for kind in kinds { summary.add(kind.rawValue, count: UInt64(diff.count(kind))) }
        object.add("summary", raw: summary.text)
        // Every class of URLs whose decision changes (`DecisionDiff`).
        object.add(
            "transitions",
            raw: ReportJSON.array(diff.transitionSections.flatMap { TransitionRender.json($0) }))
        let (complete, notes) = TransitionRender.completeness(diff.transitionSections)
        object.add("transitions_complete", raw: ReportJSON.bool(complete))
        object.add("transitions_notes", raw: ReportJSON.array(notes.map(JSONText.quoted)))
        var changes: [String] = []
        for section in diff.sections {
            for change in section.diff.changes {
                let oldRule = change.old.map { section.diff.oldRules[$0] }
                let newRule = change.new.map { section.diff.newRules[$0] }
                var row = JSONObject()
                row.add("change", string: change.kind.rawValue)
                row.add(
                    "domain", raw: section.domain.map { JSONText.quoted($0.description) } ?? "null")
                row.add("old_file", raw: section.oldFile.map(JSONText.quoted) ?? "null")
                row.add("new_file", raw: section.newFile.map(JSONText.quoted) ?? "null")
                row.add("old_ref", raw: oldRule.map { JSONText.quoted($0.ref) } ?? "null")
                row.add("new_ref", raw: newRule.map { JSONText.quoted($0.ref) } ?? "null")
                row.add(
                    "apps",
                    raw: ReportJSON.array(((newRule ?? oldRule)?.appIDs ?? []).map(JSONText.quoted))
                )
                row.add(
                    "old_pattern",
                    raw: oldRule.map { JSONText.quoted($0.patternDescription) } ?? "null")
                row.add(
                    "new_pattern",
                    raw: newRule.map { JSONText.quoted($0.patternDescription) } ?? "null")
                row.add("witnesses", raw: TransitionRender.witnesses(change.witnesses))
                row.add(
                    "changed_variables",
                    raw: ReportJSON.array(change.changedVariables.map(JSONText.quoted)))
                row.add("note", raw: change.witnesses.isEmpty ? JSONText.quoted(noWitness) : "null")
                row.add(
                    "old_shadowed_by",
                    raw: DiffJSON.quotedOrNull(section.shadowedBy(old: change.old)))
                row.add(
                    "new_shadowed_by",
                    raw: DiffJSON.quotedOrNull(section.shadowedBy(new: change.new)))
                changes.append(row.text)
            }
        }
        object.add("changes", raw: ReportJSON.array(changes))
        return object.text + "\n"
    }

    package static func csv(_ diff: StaticDiff) -> String {
        var rows = [DiffCSV.header]
        for kind in kinds {
            rows.append(DiffCSV.row("summary", kind.rawValue, count: UInt64(diff.count(kind))))
        }
        for section in diff.sections {
            let domain = section.domain?.description ?? ""
            for change in section.diff.changes {
                let oldRule = change.old.map { section.diff.oldRules[$0] }
                let newRule = change.new.map { section.diff.newRules[$0] }
                rows.append(
                    DiffCSV.row(
                        "change", change.kind.rawValue, source: domain, from: oldRule?.ref ?? "",
                        to: newRule?.ref ?? "",
                        pattern: (newRule ?? oldRule)?.patternDescription ?? "",
                        count: UInt64(change.witnesses.count),
                        shadowedBy: (newRule != nil
                            ? section.shadowedBy(new: change.new)
                            : section.shadowedBy(old: change.old)) ?? ""))
                for witness in change.witnesses {
                    rows.append(
                        DiffCSV.row(
                            "witness", witness.url, source: domain,
                            from: StaticDiff.describe(witness.old),
                            to: StaticDiff.describe(witness.new),
                            pattern: (newRule ?? oldRule)?.ref ?? ""))
                }
            }
        }
        rows += TransitionRender.csv(diff.transitionSections)
        return rows.joined(separator: "\n") + "\n"
    }
}
