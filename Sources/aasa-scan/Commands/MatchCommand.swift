import AASAModel
import AndroidLinks
import ArgumentParser
import CLISupport
import LinkMatcher
import Reports

/// `aasa-scan match`: one decision line per URL.
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Decide URLs against an AASA file, an Android app's files, or both.",
        discussion: """
            Each line is `decision<TAB>app-or-dash<TAB>rule-or-dash<TAB>url`, decision one of \
            handled, excluded, unmatched. URLs may be absolute or a path such as /a/b?c. \
            Give `-` to read URLs from standard input, one per line (blanks trimmed, blank \
            and # lines skipped). With --android-manifest, each URL gets an `android` line \
            (`android<TAB>decision<TAB>package<TAB>filter, rule or reason<TAB>url`) and the \
            iOS lines start with `ios`; with --json, an "android" object (docs/android.md).
            """)

    @OptionGroup var files: PlatformFiles

    @Option(
        help: ArgumentHelp(
            "Domain the file was served for ([*.]host[:port]); absolute URLs on other hosts are "
                + "unmatched.", valueName: "domain"))
    var domain: String?

    @Flag(help: "One line per app that has a decisive rule (what swcutil verify reports).")
    var perApp = false

    @Flag(help: "JSON lines instead of tab-separated lines.")
    var json = false

    @Argument(help: ArgumentHelp("URLs or paths, or `-` for standard input.", valueName: "url"))
    var urls: [String]

    func validate() throws {
        if urls.isEmpty {
            throw ValidationError("Give at least one URL, or `-` to read standard input.")
        }
        try StandardInputUse.check([
            ("--aasa -", files.aasa == "-"), ("the URLs (-)", urls == ["-"]),
        ])
        if files.aasa == nil, perApp || domain != nil {
            throw ValidationError("--per-app and --domain read the AASA file: give --aasa FILE.")
        }
        if let domain {
            do throws(InvalidDomain) {
                _ = try DomainPattern.parse(domain)
            } catch {
                throw ValidationError(
                    "--domain \(TerminalText.escaped(error.description)); write a domain such as "
                        + "example.com or *.example.com.")
            }
        }
    }

    func run() throws {
        let set = try files.compiledAASA()
        let android = try files.android.compile()
        android.map(files.android.warnAboutFiles)
        let domainPattern = domain.flatMap(DomainPattern.init)
        let scratch = set?.makeScratch()
        let androidScratch = android?.makeScratch()
        let androidText = android.map(AndroidAnswerText.init)
        var output = StandardOutput()
        // Standard input is read as `scan --log-format url` reads a list: blanks around a
        // URL and blank or `#` lines do not count. Its bytes are kept as they are.
        var standardInput = urls == ["-"] ? StandardInputLines() : nil
        var arguments = urls.makeIterator()
        var warned = false
        var tooLong = 0
        var invalidHosts = 0
        while true {
            let bytes: [UInt8]
            if standardInput != nil {
                guard let line = standardInput?.next() else { break }
                switch line {
                case .text(let text):
                    bytes = Self.trimmed(text)
                    guard Self.isURLLine(bytes) else { continue }
                case .tooLong(let number):
                    tooLong += 1
                    StandardError.line(
                        "aasa-scan: error: line \(number) of standard input is longer than "
                            + "\(StandardInputLines.lineLimit) bytes: not decided")
                    continue
                }
            } else {
                guard let argument = arguments.next() else { break }
                bytes = Array(argument.utf8)
            }
            if set != nil, !warned, !Self.isPathOrAbsolute(bytes) {
                warned = true
                StandardError.line(
                    "aasa-scan: warning: '\(TerminalText.escaped(bytes))' neither starts with / "
                        + "nor has a scheme: it is decided as the path "
                        + "/\(TerminalText.escaped(bytes)); write "
                        + "https://\(TerminalText.escaped(bytes)) for a URL on that host (said once)"
                )
            }
            // Android alone decodes a host as it reads it (`Uri.getHost`); no AASA file applies
            // to such a host.
            if set != nil, Self.hasInvalidHost(bytes) {
                invalidHosts += 1
                StandardError.line(
                    "aasa-scan: error: '\(TerminalText.escaped(bytes))' names a host that cannot "
                        + "be a host name, which no AASA file applies to (a scan counts it as a "
                        + "malformed line): not decided")
                continue
            }
            var rows: [(kind: Decision.Kind, app: Int32, rule: Int32)] = []
            if let set, let scratch {
                rows = Self.decide(bytes, set, scratch, domainPattern, perApp: perApp)
            }
            let androidDecision = android.flatMap { matcher in
                androidScratch.map { scratch in
                    bytes.withUnsafeBufferPointer { matcher.decide($0, scratch: scratch) }
                }
            }
            if let set, json {
                // Quoted once: with `--per-app` a URL has a row per app.
                let url = "\"url\":\(JSONText.quoted(bytes: bytes))"
                for row in rows {
                    var fields = [url] + Self.jsonFields(row, set)
                    if let androidDecision, let androidText {
                        fields.append("\"android\":" + androidText.json(androidDecision))
                    }
                    output.line("{" + fields.joined(separator: ",") + "}")
                }
            } else if let set {
                for row in rows {
                    output.line(
                        (android == nil ? "" : "ios\t") + Self.textColumns(row, set)
                            + "\t\(TerminalText.escaped(bytes))")
                }
            }
            if let androidDecision, let androidText, set == nil || !json {
                output.line(
                    json
                        ? "{\"url\":\(JSONText.quoted(bytes: bytes)),\"android\":"
                            + androidText.json(androidDecision) + "}"
                        : "android\t" + androidText.columns(androidDecision)
                            + "\t\(TerminalText.escaped(bytes))")
            }
        }
        output.flush()
        if tooLong > 0 || invalidHosts > 0 { throw CommandFailure.inputError() }
    }

    /// The iOS rows of one URL: one decision, or one per app with `--per-app`.
    static func decide(
        _ bytes: [UInt8], _ set: CompiledRuleSet, _ scratch: MatchScratch,
        _ domainPattern: DomainPattern?, perApp: Bool
    ) -> [(kind: Decision.Kind, app: Int32, rule: Int32)] {
        bytes.withUnsafeBufferPointer { buffer in
            let parts = URLParts.split(buffer)
            if let domainPattern, let host = parts.host,
                !domainPattern.matches(
                    host: UnsafeBufferPointer(rebasing: buffer[host]), port: parts.port,
                    defaultPort: parts.defaultPort(in: buffer))
            {
                return [(.unmatched, -1, -1)]
            }
            if perApp {
                let decisions = set.decidePerApp(buffer, scratch: scratch)
                return decisions.isEmpty
                    ? [(.unmatched, -1, -1)] : decisions.map { ($0.kind, $0.app, $0.rule) }
            }
            let decision = set.decide(parts, in: buffer, scratch: scratch)
            return [(decision.kind, decision.app, decision.rule)]
        }
    }

    /// `decision`, `app`, `rule` and `pattern` of an iOS row, as JSON fields.
    static func jsonFields(
        _ row: (kind: Decision.Kind, app: Int32, rule: Int32), _ set: CompiledRuleSet
    )
        -> [String]
    {
        let app = row.app >= 0 ? set.apps[Int(row.app)] : nil
        let rule = row.rule >= 0 ? set.rules[Int(row.rule)] : nil
        return [
            "\"decision\":\"\(row.kind.name)\"",
            "\"app\":\(app.map(JSONText.quoted) ?? "null")",
            "\"rule\":\(rule.map { JSONText.quoted($0.ref) } ?? "null")",
            "\"pattern\":\(rule.map { JSONText.quoted($0.patternDescription) } ?? "null")",
        ]
    }

    /// `decision<TAB>app-or-dash<TAB>rule-or-dash` of an iOS row.
    static func textColumns(
        _ row: (kind: Decision.Kind, app: Int32, rule: Int32), _ set: CompiledRuleSet
    )
        -> String
    {
        let app = row.app >= 0 ? set.apps[Int(row.app)] : nil
        let rule = row.rule >= 0 ? set.rules[Int(row.rule)] : nil
        return "\(row.kind.name)\t\(app.map(TerminalText.escaped) ?? "-")\t\(rule?.ref ?? "-")"
    }

    /// True for an absolute URL whose host is not a host name (`HostName.isValid`).
    static func hasInvalidHost(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let host = URLParts.split(buffer).host else { return false }
            return !HostName.isValid(UnsafeBufferPointer(rebasing: buffer[host]))
        }
    }

    /// A line without surrounding blanks or a leading byte order mark.
    static func trimmed(_ line: [UInt8]) -> [UInt8] {
        var text = line[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        while let last = text.last, blank(last) { text = text.dropLast() }
        while let first = text.first, blank(first) { text = text.dropFirst() }
        return Array(text)
    }

    static func isURLLine(_ line: [UInt8]) -> Bool {
        !line.isEmpty && line.first != UInt8(ascii: "#")
    }

    /// True for `/path` and `scheme://...`, the two forms a URL list holds.
    static func isPathOrAbsolute(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.first == UInt8(ascii: "/") || URLParts.split(buffer).scheme != nil
        }
    }
}
