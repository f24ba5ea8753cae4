import CLISupport
import CoverageStats
import Reports
import TextFormat

/// Counts stop at `UInt64.max` instead of wrapping round (`addSaturating`): a report whose
/// counts reached it is still written, but its totals no longer add up, and the user is told.
enum CountLimit {
    static func warnIfReached(_ totals: CoverageTotals) {
        let counts = [
            totals.lines, totals.requests, totals.malformed, totals.skipped, totals.handled,
            totals.excluded, totals.unmatched, totals.filtered.total,
        ]
        guard counts.contains(.max) else { return }
        StandardError.line(
            "aasa-scan: warning: some counts reached \(Format.count(UInt64.max)), the most a "
                + "count holds, and stopped there: totals and percentages are not exact")
    }
}
