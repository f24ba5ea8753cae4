import CLISupport
import ScanEngine

extension MergeCommand {
    /// States that counted the same input bytes (`InputFingerprint`) would count those
    /// requests twice, as a nightly merge that reads yesterday's log again would: an error
    /// naming both states and the input, or with `--allow-overlap` a warning. Returns the
    /// states already told about, so the repeat warning does not say it again.
    func refuseOverlaps(_ loaded: [ScanState], _ names: [String]) throws -> Set<Int> {
        var told: Set<Int> = []
        for later in loaded.indices {
            for earlier in 0..<later {
                guard let (mine, theirs) = loaded[later].overlap(with: loaded[earlier]) else {
                    continue
                }
                let input = mine == theirs ? mine : "\(mine) (\(theirs) in the other)"
                let message =
                    "\(TerminalText.escaped(names[later])) and "
                    + "\(TerminalText.escaped(names[earlier])) counted the same bytes of "
                    + "\(TerminalText.escaped(input))"
                guard allowOverlap else {
                    throw CommandFailure.error(
                        "\(message): merging them would count those requests twice; merge them "
                            + "with --allow-overlap if that is meant")
                }
                StandardError.line(
                    "aasa-scan: warning: \(message): their requests are counted twice")
                told.insert(later)
                break
            }
        }
        return told
    }
}
