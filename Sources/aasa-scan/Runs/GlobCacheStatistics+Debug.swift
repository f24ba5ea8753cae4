import LinkMatcher
import ScanEngine

extension GlobCacheStatistics {
    /// What `--debug` says of the DFA caches of one file after a scan.
    var debugSummary: String {
        "DFA: \(statesBuilt) states built (\(statesSkippedThrough) walked by skipping to a few "
            + "bytes), \(cacheClears) cache clears, \(fallbacks) fallbacks to one automaton per glob"
    }
}
