import ASCIIBytes
import CLISupport
import CoverageStats
import ScanEngine
import TextFormat

/// The versioned JSON report (`aasa-scan.report/1`); every field is documented in docs/reports.md.
/// Keys keep a fixed order and the output is plain ASCII, so reports diff cleanly.
public enum ReportJSON {
    package static let schema = "aasa-scan.report/1"

    /// What "handled" means, in every report of a run.
    package static let coverageNote =
        "handled = eligible to open an app (an upper bound): the app must be installed and the "
        + "link followed from another site or app"

    /// The report as JSON text.
    public static func render(_ report: ScanReport) -> String {
        let result = report.result
        let totals = report.totals
        var object = JSONObject()
        object.add("schema", string: schema)
        object.add("complete", raw: bool(result.complete))
        object.add("coverage_note", string: coverageNote)
        object.add("warnings", raw: warnings(report.warnings))
        object.add("inputs", raw: array(result.inputs.map(input)))
        object.add("associations", raw: array(result.associations.files.map(association)))
        var totalsObject = readTotals(totals, classified: report.classified)
        totalsObject.add("handled", count: totals.handled)
        totalsObject.add("excluded", count: totals.excluded)
        totalsObject.add("unmatched", count: totals.unmatched)
        totalsObject.add("no_association", count: totals.noAssociation)
        object.add("totals", raw: totalsObject.text)
        object.add("time_range", raw: timeRange(result.summary.timeRange))
        var coverage = JSONObject()
        coverage.add(
            "handled_percent", raw: Format.fixed(report.percent(totals.handled), decimals: 3))
        coverage.add(
            "excluded_percent", raw: Format.fixed(report.percent(totals.excluded), decimals: 3))
        coverage.add(
            "unmatched_percent", raw: Format.fixed(report.percent(totals.unmatched), decimals: 3))
        object.add("coverage", raw: coverage.text)
        if let series = result.summary.series {
            object.add("series_bucket", string: series.size.name)
            object.add("series_partial", raw: bool(series.isPartial))
            object.add("series", raw: ReportTimeJSON.series(series, apps: report.apps))
        }
        object.add("apps", raw: array(report.apps.map(app)))
        object.add("android", raw: android(report.android, percent: report.percent))
        object.add("platforms", raw: platforms(report.android, percent: report.percent))
        object.add("rules", raw: rules(report.rules))
        object.add("dead_rules", count: UInt64(report.deadRules.count))
        object.add("shadowed_rules", count: UInt64(report.shadowedRules.count))
        object.add("hosts", raw: array(report.hosts.map(host)))
        object.add("hosts_approximate", raw: bool(result.summary.hostsAreApproximate))
        object.add("top_unmatched", raw: array(report.topUnmatched.map(path)))
        object.add("top_unmatched_approximate", raw: bool(result.summary.topUnmatchedIsApproximate))
        object.add("top_handled", raw: array(report.topHandled.map(path)))
        object.add("top_handled_approximate", raw: bool(result.summary.topHandledIsApproximate))
        object.add(
            "distinct_paths_estimate",
            count: Format.wholeCount(result.summary.distinctPaths().rounded()))
        object.add("malformed_samples", raw: malformedSamples(result))
        object.add("workers", count: UInt64(result.workers))
        object.add("elapsed_seconds", raw: Format.fixed(result.elapsedSeconds, decimals: 3))
        return object.text + "\n"
    }

    /// `[{"code": ..., "message": ...}]`, `[]` when nothing may mislead.
    package static func warnings(_ warnings: [ReportWarning]) -> String {
        array(
            warnings.map { warning in
                var row = JSONObject()
                row.add("code", string: warning.code)
                row.add("message", string: warning.message)
                return row.text
            })
    }

    /// The `totals` keys every report of a reading starts with: `lines` to `classified`.
    package static func readTotals(_ totals: CoverageTotals, classified: UInt64) -> JSONObject {
        let byFilter = totals.filtered
        var filtered = JSONObject()
        filtered.add(counts: [
            "total": byFilter.total, "method": byFilter.byMethod, "status": byFilter.byStatus,
            "asset": byFilter.byAsset, "bot": byFilter.byBot, "time": byFilter.byTime,
        ])
        var object = JSONObject()
        object.add(counts: [
            "lines": totals.lines, "requests": totals.requests, "malformed": totals.malformed,
            "skipped": totals.skipped,
        ])
        object.add("filtered", raw: filtered.text)
        object.add("classified", count: classified)
        return object
    }

    /// The first malformed lines of a reading, naming their input.
    package static func malformedSamples(_ result: ScanResult) -> String {
        array(
            result.summary.malformedSamples.map { sample in
                var row = JSONObject()
                let name =
                    result.inputs.indices.contains(sample.input)
                    ? result.inputs[sample.input].path : "?"
                row.add("input", string: name)
                row.add("line", count: sample.line)
                row.add("text", bytes: sample.bytes)
                row.add("truncated", raw: bool(sample.isTruncated))
                return row.text
            })
    }

    package static func input(_ input: InputReport) -> String {
        var row = JSONObject()
        row.add("path", string: input.path)
        row.add("bytes", count: UInt64(input.bytes))
        row.add(
            "compression", raw: input.compression.map { JSONText.quoted($0.rawValue) } ?? "null")
        row.add("format", raw: input.format.map { JSONText.quoted($0.rawValue) } ?? "null")
        row.add("lines", count: input.counts.lines)
        row.add("requests", count: input.counts.requests)
        row.add("malformed", count: input.counts.malformed)
        row.add("complete", raw: bool(input.complete))
        row.add("error", raw: input.error.map(JSONText.quoted) ?? "null")
        row.add("error_code", raw: input.errorCode.map(JSONText.quoted) ?? "null")
        row.add("skipped", raw: bool(input.skipped))
        row.add("skip_reason", raw: input.skipReason.map(JSONText.quoted) ?? "null")
        row.add("time_range", raw: timeRange(input.counts.time))
        return row.text
    }

    package static func association(_ file: Associations.File) -> String {
        var row = JSONObject()
        row.add("domain", raw: file.domain.map { JSONText.quoted($0.description) } ?? "null")
        row.add("file", string: file.path)
        row.add("rules", count: UInt64(file.rules.rules.count))
        row.add("apps", raw: array(file.rules.apps.map(JSONText.quoted)))
        return row.text
    }

    private static func app(_ app: ScanReport.AppRow) -> String {
        var row = JSONObject()
        row.add("app", string: app.app)
        row.add("source", string: app.source)
        row.add("handled", count: app.handled)
        row.add("excluded", count: app.excluded)
        row.add("eligible", raw: app.eligible.map { String($0) } ?? "null")
        row.add("eligible_excluded", raw: app.eligibleExcluded.map { String($0) } ?? "null")
        return row.text
    }

    /// Every rule row, written into one buffer: a 5,000-rule file makes this the largest part
    /// of the report, and rules of one entry share their apps text. Without `hits`, the rows
    /// leave that key out (a list of rules that all have none).
    package static func rules(_ rules: [ScanReport.RuleRow], hits: Bool = true) -> String {
        var out: [UInt8] = [UInt8(ascii: "[")]
        out.reserveCapacity(rules.count * 192)
        var appsText: [[String]: [UInt8]] = [:]
        // Rules in a row mostly share their file and entry: the last texts are kept at hand.
        var lastSource: (text: String, quoted: [UInt8])?
        var lastApps: (apps: [String], text: [UInt8])?
        for (index, rule) in rules.enumerated() {
            out.append(index > 0 ? #",{"ref":"# : #"{"ref":"#)
            JSONText.appendQuoted(rule.ref, to: &out)
            out.append(#","source":"#)
            if let lastSource, lastSource.text == rule.source {
                out.append(contentsOf: lastSource.quoted)
            } else {
                var quoted: [UInt8] = []
                JSONText.appendQuoted(rule.source, to: &quoted)
                lastSource = (rule.source, quoted)
                out.append(contentsOf: quoted)
            }
            out.append(#","apps":"#)
            if let lastApps, lastApps.apps == rule.apps {
                out.append(contentsOf: lastApps.text)
            } else {
                let text =
                    appsText[rule.apps] ?? Array(array(rule.apps.map(JSONText.quoted)).utf8)
                appsText[rule.apps] = text
                lastApps = (rule.apps, text)
                out.append(contentsOf: text)
            }
            out.append(rule.exclude ? #","exclude":true"# : #","exclude":false"#)
            out.append(#","pattern":"#)
            JSONText.appendQuoted(rule.pattern, to: &out)
            if hits {
                out.append(#","hits":"#)
                out.append(decimal: rule.hits)
                out.append(rule.measurable ? #","measurable":true"# : #","measurable":false"#)
            }
            out.append(#","shadowed_by":"#)
            if let shadowedBy = rule.shadowedBy {
                JSONText.appendQuoted(shadowedBy, to: &out)
            } else {
                out.append("null")
            }
            if rule.proofNotFinished { out.append(#","proof":"not proven""#) }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    private static func host(_ host: HostCounts) -> String {
        var row = JSONObject()
        row.add("host", bytes: host.host)
        row.add(counts: [
            "requests": host.requests, "handled": host.handled, "excluded": host.excluded,
            "unmatched": host.unmatched, "error_bound": host.errorBound,
        ])
        return row.text
    }

    package static func path(_ path: ScanReport.PathRow) -> String {
        var row = JSONObject()
        row.add("path", bytes: path.path)
        row.add("host", raw: path.host.map { JSONText.quoted(bytes: $0) } ?? "null")
        row.add("count", count: path.count)
        row.add("error_bound", count: path.errorBound)
        return row.text
    }

    package static func bool(_ value: Bool) -> String { value ? "true" : "false" }

    package static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }
}
