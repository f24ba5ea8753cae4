import CLISupport
import LinkMatcher
import RuleAnalysis

/// One domain's decision changes (`DecisionDiff`), with the rules of each side, so that a
/// report can show their patterns.
package struct TransitionSection: Sendable {
    package var domain: DomainPattern?
    package var transitions: [DecisionDiff.Transition]
    /// Whether no other class exists, and why the search is not exact where it is not.
    package var complete: Bool
    package var notes: [String]
    package var oldRules: [ResolvedRule]
    package var newRules: [ResolvedRule]

    package init(
        domain: DomainPattern?, decisions: DecisionDiff, oldRules: [ResolvedRule],
        newRules: [ResolvedRule]
    ) {
        self.domain = domain
        transitions = decisions.transitions
        complete = decisions.complete
        notes = decisions.notes
        self.oldRules = oldRules
        self.newRules = newRules
    }

    /// The changes no server log can show, each with the witnesses only a fragment makes.
    package var unseen: TransitionSection {
        var section = self
        section.transitions = transitions.compactMap { transition in
            guard let part = transition.fragmentOnly else { return nil }
            var kept = transition
            kept.witnesses = part.witnesses
            kept.oldRules = part.oldRules
            kept.newRules = part.newRules
            kept.cells = part.cells
            return kept
        }
        return section
    }

    /// The pattern of a rule by its reference, on one side.
    package func pattern(old: Bool, _ ref: String) -> String? {
        (old ? oldRules : newRules).first { $0.ref == ref }?.patternDescription
    }
}

/// The decision changes of a diff, as every format writes them.
package enum TransitionRender {
    /// `excluded → handled`, or `handled by A → handled by B`.
    package static func title(_ transition: DecisionDiff.Transition) -> String {
        if let fromApp = transition.fromApp, let toApp = transition.toApp {
            return "handled by \(fromApp) → handled by \(toApp)"
        }
        return "\(transition.from.name) → \(transition.to.name)"
    }

    /// The JSON objects of a section's classes, each with its domain; only those `keep` takes.
    package static func json(
        _ section: TransitionSection, keep: (DecisionDiff.Transition) -> Bool = { _ in true }
    ) -> [String] {
        section.transitions.filter(keep).map { transition in
            var row = JSONObject()
            row.add("from", string: transition.from.name)
            row.add("to", string: transition.to.name)
            row.add("from_app", raw: DiffJSON.quotedOrNull(transition.fromApp))
            row.add("to_app", raw: DiffJSON.quotedOrNull(transition.toApp))
            row.add("domain", raw: DiffJSON.quotedOrNull(section.domain?.description))
            row.add("needs_fragment", raw: ReportJSON.bool(transition.needsFragment))
            row.add(
                "fragment_witnesses",
                raw: ReportJSON.array(
                    (transition.fragmentOnly?.witnesses ?? []).map { JSONText.quoted($0.url) }))
            row.add("cells", count: UInt64(transition.cells))
            row.add("old_rules", raw: rules(transition.oldRules, section, old: true))
            row.add("new_rules", raw: rules(transition.newRules, section, old: false))
            row.add("witnesses", raw: witnesses(transition.witnesses))
            return row.text
        }
    }

    /// Whether every section's search was exact, and why not where it was not.
    package static func completeness(_ sections: [TransitionSection]) -> (
        complete: Bool, notes: [String]
    ) {
        var notes: [String] = []
        for section in sections {
            let place = section.domain.map { "\($0.description): " } ?? ""
            notes += section.notes.map { place + $0 }
        }
        return (sections.allSatisfy(\.complete), notes)
    }

    /// The lines of the table: one block per class, or a sentence when nothing changes.
    /// `keep` picks the classes; `title` heads the block.
    package static func table(
        _ sections: [TransitionSection], style: Style,
        title heading: String = "Decisions that change",
        note: String = " (every URL, worked out on the rules)",
        keep: (DecisionDiff.Transition) -> Bool = { _ in true },
        none: String = "none: the two files decide every URL alike"
    ) -> [String] {
        var out = ["", style.bold(heading) + note]
        let headed = sections.count > 1 || sections.first?.domain != nil
        var any = false
        for section in sections {
            let kept = section.transitions.filter(keep)
            guard !kept.isEmpty else { continue }
            any = true
            if headed {
                out.append(
                    "  "
                        + style.bold(
                            section.domain.map { TerminalText.escaped($0.description) }
                                ?? "other hosts"))
            }
            for transition in kept {
                let fragment = transition.needsFragment ? "  (only URLs with a fragment)" : ""
                out.append("  " + style.yellow(TerminalText.escaped(title(transition))) + fragment)
                out.append(
                    "      rules: old " + refs(transition.oldRules) + "; new "
                        + refs(transition.newRules))
                for witness in transition.witnesses {
                    out.append(
                        "      " + TerminalText.escaped(witness.url) + "   "
                            + TerminalText.escaped(StaticDiff.describe(witness.old)) + " → "
                            + TerminalText.escaped(StaticDiff.describe(witness.new)))
                }
            }
        }
        if !any { out.append("  " + none) }
        let (complete, notes) = completeness(sections)
        if !complete {
            out.append("  " + style.dim("not proven complete: other changes may exist, as"))
            for note in notes { out.append("    " + style.dim(TerminalText.escaped(note))) }
        }
        return out
    }

    /// CSV rows: one `transition` row per class (`id` its title, `from`/`to` the deciding
    /// rules, `count` its cells), then one `transition-witness` row per URL.
    package static func csv(
        _ sections: [TransitionSection], kind: String = "transition",
        keep: (DecisionDiff.Transition) -> Bool = { _ in true }
    ) -> [String] {
        var rows: [String] = []
        for section in sections {
            let domain = section.domain?.description ?? ""
            for transition in section.transitions.filter(keep) {
                rows.append(
                    DiffCSV.row(
                        kind, title(transition), source: domain,
                        from: transition.oldRules.joined(separator: " "),
                        to: transition.newRules.joined(separator: " "),
                        pattern: transition.needsFragment ? "needs fragment" : "",
                        count: UInt64(transition.cells)))
                for witness in transition.witnesses {
                    rows.append(
                        DiffCSV.row(
                            kind + "-witness", witness.url, source: domain,
                            from: StaticDiff.describe(witness.old),
                            to: StaticDiff.describe(witness.new), pattern: title(transition)))
                }
            }
        }
        return rows
    }

    private static func refs(_ refs: [String]) -> String {
        refs.isEmpty
            ? "-"
            : refs.prefix(4).map(TerminalText.escaped).joined(separator: ", ")
                + (refs.count > 4 ? " and \(refs.count - 4) more" : "")
    }

    private static func rules(_ refs: [String], _ section: TransitionSection, old: Bool)
        -> String
    {
        ReportJSON.array(
            refs.map { ref in
                var object = JSONObject()
                object.add("ref", string: ref)
                object.add("pattern", raw: DiffJSON.quotedOrNull(section.pattern(old: old, ref)))
                return object.text
            })
    }

    /// Witness URLs with what each side decides: rule changes and transitions alike.
    package static func witnesses(_ witnesses: [RuleDiff.Witness]) -> String {
        ReportJSON.array(
            witnesses.map { witness in
                var item = JSONObject()
                item.add("url", string: witness.url)
                item.add("old", raw: verdict(witness.old))
                item.add("new", raw: verdict(witness.new))
                return item.text
            })
    }

    package static func verdict(_ verdict: RuleDiff.Verdict) -> String {
        var object = JSONObject()
        object.add("decision", string: verdict.kind.name)
        object.add("app", raw: verdict.app.map(JSONText.quoted) ?? "null")
        object.add("rule", raw: verdict.rule.map(JSONText.quoted) ?? "null")
        return object.text
    }
}
