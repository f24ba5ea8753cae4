import ArgumentParser
import Foundation
import ScanEngine

/// `aasa-scan merge`: one report from results saved by separate scans.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge results saved with `scan --save-state` into one report.",
        discussion: """
            The states must come from scans with the same AASA files (they are saved inside \
            each state). Counts add exactly; top lists and distinct counts merge as the \
            workers of one scan do. Use --save-state to merge in stages.
            """)

    @OptionGroup var output: ReportOptions

    @Argument(help: ArgumentHelp("Saved states.", valueName: "state"))
    var states: [String]

    func validate() throws {
        if states.isEmpty { throw ValidationError("Give at least one saved state.") }
    }

    func run() throws {
        var loaded: [ScanState] = []
        var contents: [Data] = []
        for path in states {
            guard let bytes = FileManager.default.contents(atPath: path) else {
                StandardError.line("aasa-scan: error: cannot read \(TerminalText.escaped(path))")
                throw ExitCode(2)
            }
            contents.append(bytes)
            do {
                loaded.append(try ScanState(encoded: Array(bytes)))
            } catch {
                StandardError.line("aasa-scan: error: \(TerminalText.escaped(path)): \(error)")
                throw ExitCode(2)
            }
        }
        warnAboutRepeats(loaded, contents)
        let merged: ScanState
        let result: ScanResult
        do {
            merged = try ScanState.merged(loaded)
            result = try merged.result()
        } catch {
            StandardError.line("aasa-scan: error: \(error)")
            throw ExitCode(2)
        }
        if let path = output.saveState { try writeState(merged, to: path) }
        try output.emit(result)
    }

    /// A state given twice (the same file, a copy, or a scan of the same logs made again)
    /// would count its requests twice: merging allows it, but says so.
    private func warnAboutRepeats(_ loaded: [ScanState], _ contents: [Data]) {
        func inputs(_ state: ScanState) -> [String] {
            state.inputs.map { "\($0.path)\u{0}\($0.bytes)\u{0}\($0.counts.lines)" }
        }
        for later in loaded.indices {
            for earlier in 0..<later {
                let same: String
                if contents[earlier] == contents[later] {
                    same = "the same bytes"
                } else if !loaded[later].inputs.isEmpty,
                    !loaded[later].inputs.contains(where: { $0.path == "-" }),
                    inputs(loaded[earlier]) == inputs(loaded[later])
                {
                    same = "the same inputs"
                } else {
                    continue
                }
                StandardError.line(
                    "aasa-scan: warning: \(TerminalText.escaped(states[later])) and "
                        + "\(TerminalText.escaped(states[earlier])) hold \(same): their "
                        + "requests are counted twice")
                break
            }
        }
    }
}
