import AASAModel
import AndroidLinks
import ArgumentParser
import CLISupport
import LinkMatcher
import Reports

/// `aasa-scan explain`: a readable trace of one decision.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show every rule consulted for one URL, why it failed, and which one decided.",
        discussion: """
            With --android-manifest, the Android reasoning follows: the URL as Android reads \
            it, each intent filter and how far it got, the verified hosts and the dynamic \
            rules tried (docs/android.md).
            """)

    @OptionGroup var files: PlatformFiles

    @Argument(help: ArgumentHelp("The URL or path to explain.", valueName: "url"))
    var url: String

    func run() throws {
        let android = try files.android.compile()
        android.map(files.android.warnAboutFiles)
        guard let set = try files.compiledAASA() else {
            var output = StandardOutput()
            output.line("URL      \(TerminalText.escaped(url))")
            if let android { androidLines(android).forEach { output.line($0) } }
            output.flush()
            return
        }
        let scratch = set.makeScratch()
        let bytes = Array(url.utf8)
        let (steps, decision) = bytes.withUnsafeBufferPointer { set.explain($0, scratch: scratch) }
        var output = StandardOutput()
        bytes.withUnsafeBufferPointer { buffer in
            let parts = URLParts.split(buffer)
            func show(_ range: Range<Int>?) -> String {
                range.map { "\"" + TerminalText.escaped(buffer[$0]) + "\"" } ?? "(none)"
            }
            output.line("URL      \(TerminalText.escaped(url))")
            output.line("path     \(show(parts.path))")
            output.line("query    \(show(parts.query))")
            output.line("fragment \(show(parts.fragment))")
            if !parts.hasWebScheme(in: buffer) {
                output.line("not an http or https URL: never a universal link")
            }
        }
        var lastEntry = -1
        for step in steps {
            let rule = set.rules[Int(step.rule)]
            if rule.entryIndex != lastEntry {
                lastEntry = rule.entryIndex
                let apps =
                    rule.appIDs.isEmpty
                    ? "(no app)" : rule.appIDs.map(TerminalText.escaped).joined(separator: ", ")
                output.line("")
                output.line("\(rule.ref.split(separator: ".").first ?? "") apps: \(apps)")
            }
            let verdict: String
            switch step.outcome {
            case .decided:
                verdict = rule.exclude ? "MATCH, exclude: blocks its apps" : "MATCH"
            case .shadowed:
                verdict = "would match, but an earlier rule of this entry already decided"
            case .failed(let part):
                verdict = "no: \(part) does not match"
            case .inert(let reason):
                verdict = "never decides: \(reason)"
            }
            output.line("  \(rule.ref)  \(TerminalText.escaped(rule.patternDescription))")
            if let compared = step.compared {
                for line in Self.comparedLines(compared, rule) { output.line("      " + line) }
            }
            output.line("      \(verdict)")
        }
        if steps.contains(where: { $0.compared != nil }) {
            output.line("")
            output.line(
                "(paths are compared without their leading and trailing \"/\"; a rule reads "
                    + "the URL as written unless \"percentEncoded\": false, and folds case when "
                    + "\"caseSensitive\": false)")
        }
        output.line("")
        let app = decision.app >= 0 ? TerminalText.escaped(set.apps[Int(decision.app)]) : "-"
        let rule = decision.rule >= 0 ? set.rules[Int(decision.rule)].ref : "-"
        output.line("decision: \(decision.kind.name)\t\(app)\t\(rule)")
        if let android {
            output.line("")
            androidLines(android).forEach { output.line($0) }
        }
        output.flush()
    }

    /// The Android reasoning for the URL.
    func androidLines(_ matcher: AndroidLinkMatcher) -> [String] {
        let explanation = matcher.explain(url, scratch: matcher.makeScratch())
        return AndroidExplainText(matcher: matcher, explanation: explanation).lines
    }

    /// What the rule compared, part by part: `path "text" (as written) against "pattern"`,
    /// and per item of a query dictionary its values, or that it is absent and read as `""`.
    static func comparedLines(_ compared: ComparedTexts, _ rule: ResolvedRule) -> [String] {
        func quoted(_ text: String) -> String { "\"" + TerminalText.escaped(text) + "\"" }
        let view = "(\(compared.viewDescription))"
        var lines = [
            "path      \(quoted(compared.path)) \(view) against \(quoted(compared.pathPattern))"
        ]
        switch (compared.query, rule.query) {
        case (.whole(let text)?, .whole(let pattern)):
            lines.append(
                "query     \(quoted(text)) \(view)"
                    + (text.isEmpty ? ", no query" : "") + " against \(quoted(pattern))")
        case (.items(let items)?, .items(let patterns)):
            for item in items {
                let pattern = patterns.first { $0.name == item.name }?.pattern ?? "*"
                let found =
                    item.isAbsent
                    ? "absent, read as \"\""
                    : item.values.map(quoted).joined(separator: ", ") + " \(view)"
                        + (item.values.count > 1 ? ", every one must match" : "")
                lines.append(
                    "query     item \(quoted(item.name)): \(found) against \(quoted(pattern))")
            }
        default:
            break
        }
        if let fragment = compared.fragment {
            lines.append(
                "fragment  \(quoted(fragment)) \(view)"
                    + (fragment.isEmpty ? ", no fragment" : "")
                    + " against \(quoted(rule.fragment))")
        }
        return lines
    }
}
