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
        for path in states {
            guard let bytes = FileManager.default.contents(atPath: path) else {
                StandardError.line("aasa-scan: error: cannot read \(TerminalText.escaped(path))")
                throw ExitCode(2)
            }
            do {
                loaded.append(try ScanState(encoded: Array(bytes)))
            } catch {
                StandardError.line("aasa-scan: error: \(TerminalText.escaped(path)): \(error)")
                throw ExitCode(2)
            }
        }
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
}
