import ArgumentParser
import CLISupport
import FoundationEssentials
import LogIO
import Reports
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

    @Flag(
        help: ArgumentHelp(
            "Also merge states of an earlier version (AASASTATE1), saved without a checksum: "
                + "nothing shows they were not changed since."))
    var allowUnverifiedState = false

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Merge states that counted the same input bytes (their fingerprints match), "
                + "counting those requests twice, with a warning instead of an error."))
    var allowOverlap = false

    @Argument(
        help: ArgumentHelp(
            "Saved states: files (each may hold several states one after another), folders "
                + "(their files, sorted) or - for standard input.", valueName: "state"))
    var states: [String]

    func validate() throws {
        if states.isEmpty { throw ValidationError("Give at least one saved state.") }
        try StandardInputUse.check(states.map { ("the state \($0)", $0 == "-") })
    }

    func run() throws {
        let paths = try expandedPaths()
        try output.checkOutputs(against: paths.map { NamedFile(role: "the state", path: $0) })
        var loaded: [ScanState] = []
        var contents: [Data] = []
        var names: [String] = []
        for path in paths {
            let data: Data
            switch path == "-" ? .success(StandardInputBytes.readAll()) : FileBytes.read(path) {
            case .success(let bytes): data = Data(bytes)
            case .failure(let error):
                throw CommandFailure.error(
                    "cannot read \(TerminalText.escaped(path)): \(error.message)")
            }
            do {
                let found = try ScanState.decodeAll(
                    Array(data), allowingUnverified: allowUnverifiedState)
                loaded += found
                // Repeats are told by bytes: each state of a stream counts apart.
                contents += found.count == 1 ? [data] : found.map { Data($0.encoded()) }
                names +=
                    found.count == 1 ? [path] : found.indices.map { "\(path) (state \($0 + 1))" }
            } catch {
                throw CommandFailure.error("\(TerminalText.escaped(path)): \(error)")
            }
        }
        let merged: ScanState
        let result: ScanResult
        do {
            merged = try ScanState.merged(loaded)
            result = try merged.result()
        } catch {
            throw CommandFailure.error("\(error)")
        }
        // Told once the states are known to merge at all (same AASA files, same sizes).
        let overlapping = try refuseOverlaps(loaded, names)
        warnAboutRepeats(loaded, contents, names, besides: overlapping)
        if let path = output.saveState { try writeState(merged, to: path) }
        try output.emit(result)
    }

    /// The state sources: `-`, files, and the regular files of folders in name order (globs
    /// expanded too), as the inputs of a scan are found (`InputResolver`).
    private func expandedPaths() throws -> [String] {
        try InputResolver.resolveMarked(states).compactMap { resolved in
            switch resolved.result {
            case .success(.standardInput): return "-"
            case .success(.file(let path)): return path
            // A folder's dangling or looping link is no state: left out, as a scan leaves it.
            case .failure(let error) where resolved.isExpanded && error.isUnfollowableLink:
                return nil
            case .failure(let error):
                throw CommandFailure.error("\(TerminalText.escaped(error.description))")
            }
        }
    }

    /// A state given twice (the same file, a copy, or a scan of the same logs made again)
    /// would count its requests twice: merging allows it, but says so.
    private func warnAboutRepeats(
        _ loaded: [ScanState], _ contents: [Data], _ names: [String], besides told: Set<Int>
    ) {
        func inputs(_ state: ScanState) -> [String] {
            state.inputs.map { "\($0.path)\u{0}\($0.bytes)\u{0}\($0.counts.lines)" }
        }
        for later in loaded.indices where !told.contains(later) {
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
                    "aasa-scan: warning: \(TerminalText.escaped(names[later])) and "
                        + "\(TerminalText.escaped(names[earlier])) hold \(same): their "
                        + "requests are counted twice")
                break
            }
        }
    }
}
