// The report writers of `scan` and `merge` (JSON, CSV, HTML, OpenMetrics, Prometheus and the
// table), as the tool runs them (the package's `Reports` library). The bytes
// choose a result: AASA files whose app IDs, inputs whose names and errors, and requests whose
// hosts and paths hold hostile text (controls, bidirectional overrides, formula leads, markup,
// bytes that are not UTF-8), with counts at the edges of 64 bits, a time range and a series
// of buckets (per app too). Every writer must finish
// without a trap, and write only what its format allows.
import CLISupport
import CoverageStats
import FuzzSupport
import LibC
import LogIO
import LogParsing
import Reports
import ScanEngine

let hostileTexts = [
    "", "a", "=1+2", "\t=cmd", "\r@SUM(1)", "-3", "+4", "@x", " =5", "\u{FF1D}6", "\u{1B}[31m",
    "a\nb", "a\r\nb", "\u{202E}evil", "\u{200B}", "\u{85}", "\u{7F}", "\u{0}", "<script>x</script>",
    "\"quoted\"", "a,b", "\\", "\\x1b", "}{\"", "&amp;", "é", "\u{1F600}", "\u{10FFFF}",
    String(repeating: "w", count: 300),
]
let hostileCounts: [UInt64] = [
    0, 1, 2, UInt64(Int64.max), UInt64(Int64.max) + 1, .max - 1, .max, 1 << 53, (1 << 53) + 1,
]

/// Text from the list, or raw bytes of the input (invalid UTF-8 repaired, as a String holds it).
func text(_ choices: inout ByteChoices) -> String {
    if choices.chance(70) { return choices.pick(hostileTexts) }
    let length = choices.below(12)
    return String(decoding: (0..<length).map { _ in UInt8(choices.below(256)) }, as: UTF8.self)
}

func bytes(_ choices: inout ByteChoices) -> [UInt8] {
    if choices.chance(50) { return Array(("/" + choices.pick(hostileTexts)).utf8) }
    return (0..<choices.below(20)).map { _ in UInt8(choices.below(256)) }
}

func count(_ choices: inout ByteChoices) -> UInt64 {
    choices.chance(70) ? choices.pick(hostileCounts) : UInt64(choices.below(1 << 24))
}

/// A JSON string literal of `value`: the AASA reader turns it back into the same text.
func jsonString(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

func aasa(_ choices: inout ByteChoices) -> [UInt8] {
    let apps = (0..<(1 + choices.below(3))).map { _ in jsonString(text(&choices)) }
    let pattern = jsonString("/" + text(&choices) + "*")
    return Array(
        (#"{"applinks":{"details":[{"appIDs":["# + apps.joined(separator: ",")
            + #"],"components":[{"/":"# + pattern + #"},{"/":"/x","exclude":true}]}]}}"#).utf8)
}

/// Checks that `text` holds no scalar its format forbids: `allowed` says which may pass. The
/// message goes to standard error first: an optimised build drops a precondition's own.
func expectOnly(_ text: String, _ format: String, _ allowed: (Unicode.Scalar) -> Bool) {
    for scalar in text.unicodeScalars where !allowed(scalar) {
        fail("\(format) wrote U+\(String(scalar.value, radix: 16))")
    }
}

func fail(_ message: String) -> Never {
    let line = Array("fuzz-writers: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    preconditionFailure(message)
}

/// No control character but the line feed that ends lines (C0, DEL, C1).
func isControlFree(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\n" || (scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
}

/// Nothing that moves the cursor or reorders text: no control and no format character
/// (bidirectional overrides, zero-width characters).
func isPlain(_ scalar: Unicode.Scalar) -> Bool {
    isControlFree(scalar) && scalar.properties.generalCategory != .format
}

/// The cells of a CSV text, RFC 4180 quoting undone.
func csvCells(_ text: String) -> [String] {
    var cells: [String] = []
    var cell = ""
    var quoted = false
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
        if quoted, character == "\"" {
            if characters.first == "\"" {
                cell.append(characters.removeFirst())
            } else {
                quoted = false
            }
        } else if quoted || (character != "\"" && character != "," && character != "\n") {
            cell.append(character)
        } else if character == "\"" {
            quoted = true
        } else {
            cells.append(cell)
            cell = ""
        }
    }
    return cells
}

FuzzDriver.run { input in
    var choices = ByteChoices(input)
    let source = ScanState.Source(
        domain: choices.chance(30) ? "example.com" : nil, path: text(&choices),
        bytes: aasa(&choices))
    guard
        let associations = try? ScanState(
            sources: [source], inputs: [],
            summary: CoverageSummary(shape: CoverageShape(appCount: 0, ruleCount: 0)),
            elapsedSeconds: 0, workers: 1
        ).associations()
    else { return }
    var inputs: [InputReport] = []
    for _ in 0..<choices.below(3) {
        var counts = InputCounts()
        counts.lines = count(&choices)
        counts.requests = count(&choices)
        counts.malformed = count(&choices)
        inputs.append(
            InputReport(
                path: text(&choices), bytes: Int(clamping: count(&choices)),
                format: choices.chance(50) ? .url : nil, counts: counts,
                complete: choices.chance(70), error: choices.chance(50) ? nil : text(&choices)))
    }
    var summary = CoverageSummary(
        shape: CoverageShape(
            appCount: associations.appCount, ruleCount: associations.ruleCount,
            hostCapacity: 4, topCapacity: 4, maxKeyLength: 32))
    let outcomes: [CoverageOutcome] = [
        .unmatched, .noAssociation, .handled(app: 0, rule: 0), .excluded(app: 0, rule: 1),
    ]
    for _ in 0..<choices.below(8) {
        let host = choices.chance(50) ? [] : bytes(&choices)
        let path = bytes(&choices)
        let weight = count(&choices)
        switch choices.below(4) {
        case 0: summary.recordFiltered(.bot, weight: weight)
        case 1:
            path.withUnsafeBytes {
                summary.recordMalformed(input: 0, line: weight, bytes: $0, truncated: false)
            }
        default:
            let outcome = choices.pick(outcomes)
            host.withUnsafeBytes { host in
                path.withUnsafeBytes {
                    summary.record(outcome, host: host, path: $0, weight: weight)
                }
            }
        }
    }
    // Times in the years a log can carry, their edges included (saved states holding others
    // are refused when read).
    if choices.chance(50) {
        let span = TimeRange.readable
        let first =
            choices.chance(20)
            ? choices.pick([span.lowerBound, span.upperBound])
            : Int64(choices.below(Int(span.upperBound)))
        summary.timeRange = TimeRange(first: first, last: min(first + 3_600, span.upperBound))
    }
    if choices.chance(50) {
        let perApp = choices.chance(50) && associations.appCount > 0
        var series = TimeSeries(
            size: choices.pick([.hour, .day, .week]), appCount: perApp ? associations.appCount : 0)
        for _ in 0..<choices.below(12) {
            let time = Int64(choices.below(Int(TimeRange.readable.upperBound)))
            let lane = choices.pick([CoverageOutcome.HostLane.handled, .excluded, .unmatched])
            series.record(
                lane, app: perApp ? choices.below(associations.appCount) : nil, at: time,
                weight: count(&choices))
        }
        summary.series = series
    }
    let state = ScanState(
        sources: [source], inputs: inputs, summary: summary,
        elapsedSeconds: Double(choices.below(1 << 20)), workers: 1 + choices.below(300))
    guard let result = try? state.result() else { return }
    let top = choices.below(5)
    let report = ScanReport(result, top: top)
    expectOnly(ReportJSON.render(report), "json") { $0.isASCII && isPlain($0) }
    let csv = ReportCSV.render(report)
    expectOnly(csv, "csv", isPlain)
    for cell in csvCells(csv) {
        let lead = cell.drop { $0 == " " }.first
        if let lead, "=+-@\u{FF1D}".contains(lead) { fail("csv cell \(cell.debugDescription)") }
    }
    // Label values are UTF-8 as the exposition formats define them; controls are escaped.
    expectOnly(ReportOpenMetrics.render(report, .openMetrics), "openmetrics", isControlFree)
    expectOnly(ReportOpenMetrics.render(report, .prometheus), "prometheus", isControlFree)
    let html = ReportHTML.render(report, top: top, filters: [text(&choices)])
    if html.contains("<script") { fail("html holds a script element") }
    expectOnly(ReportTable.render(report, color: false, top: top, width: 80), "table", isPlain)
    _ = ReportTable.render(report, color: true, top: top, width: choices.below(300))
}
