import CLISupport
import Reports
import ScanEngine
import TextFormat

/// Readings whose figures would say nothing however they look: a named folder or glob that
/// gave no log, an input none of whose lines parse (a wrong `--log-format`), or an input with
/// more malformed lines than `--max-malformed` allows. Each is an error (status 2), one line
/// naming the input; the report still shows what was read.
enum InputChecks {
    /// The problems of `result`, whose inputs came from `arguments` (nil: not from command-
    /// line inputs, as for `merge`), with at most `maxMalformed` percent malformed lines.
    /// With `skippedInputsAllowed` (`--skip-non-logs`), an input skipped as no log is no
    /// problem; one that gave no file at all still is.
    static func problems(
        _ result: ScanResult, arguments: [String]?, maxMalformed: Double,
        skippedInputsAllowed: Bool = false
    ) -> [ReportWarning] {
        var problems: [ReportWarning] = []
        for (index, argument) in (arguments ?? []).enumerated() where argument != "-" {
            let inputs = result.inputs.filter { $0.argument == index }
            guard inputs.allSatisfy(\.skipped), inputs.isEmpty || !skippedInputsAllowed
            else { continue }
            let skipped = inputs.count
            problems.append(
                ReportWarning(
                    code: "no_input",
                    message: "\(argument) gave no log to read"
                        + (skipped == 0
                            ? " (no file in it)"
                            : " (\(skipped) \(skipped == 1 ? "file" : "files") in it, none an "
                                + "access log: see the skipped inputs)")))
        }
        for input in result.inputs where !input.skipped && input.counts.lines > 0 {
            let malformed = input.counts.malformed
            let lines = input.counts.lines
            let format: String = input.format?.rawValue ?? "a log"
            let closest: String = input.detection.map { "; " + $0.closestMismatch } ?? ""
            let counts =
                "\(Format.count(malformed)) malformed of "
                + "\(Format.count(lines)) lines"
            if malformed > 0, input.counts.requests == 0 {
                let message: String =
                    "\(input.path): no line parses as \(format) (\(counts))\(closest); "
                    + (input.detection?.format.map { "try --log-format \($0.rawValue)" }
                        ?? "name the format with --log-format")
                problems.append(ReportWarning(code: "no_line_parsed", message: message))
                continue
            }
            let percent = Double(malformed) * 100 / Double(lines)
            if percent > maxMalformed {
                let message: String =
                    "\(input.path): \(Format.percent(percent)) of its lines are "
                    + "malformed (\(counts)), more than --max-malformed "
                    + "\(Format.shortest(maxMalformed))% allows\(closest)"
                problems.append(ReportWarning(code: "too_many_malformed", message: message))
            }
        }
        return problems
    }

    /// Each problem as an error line on standard error.
    static func printErrors(_ problems: [ReportWarning]) {
        for problem in problems {
            StandardError.line("aasa-scan: error: " + TerminalText.escaped(problem.message))
        }
    }
}
