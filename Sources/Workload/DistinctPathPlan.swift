/// Which of `count` distinct paths each line of a log of `lines` lines requests, so that a
/// log of any length carries a chosen number of distinct paths (`generate --distinct-paths`).
///
/// Path IDs are handed out in order, first sightings spread evenly over the lines: the line
/// at index `i` brings a new ID when fewer than `⌈(i + 1) · count / lines⌉` have been seen
/// (such a line is never one of the log's malformed lines, so the count is exact). Every
/// other line repeats an ID already seen, `⌊n · u³⌋` for `n` IDs seen and `u` uniform in
/// [0, 1): early IDs are popular and the tail is long, as pages are on a real site. Memory is constant whatever
/// `count` and `lines`: nothing but the number of IDs seen is kept.
public struct DistinctPathPlan: Sendable {
    /// Distinct paths over the whole log.
    public let count: Int
    /// Lines of the whole log.
    public let lines: Int
    /// IDs handed out so far.
    public private(set) var seen = 0

    /// A plan for `count` distinct paths over `lines` lines (both positive).
    public init(count: Int, lines: Int) {
        precondition(count > 0 && lines > 0, "a plan needs paths and lines")
        self.count = count
        self.lines = lines
    }

    /// True when the line at index `line` (0-based) is to bring a new path ID.
    func bringsNewPath(line: Int) -> Bool { seen < count && seen < due(line) }

    /// The path ID of the well-formed line at index `line` (0-based, malformed lines counted).
    mutating func id(line: Int, random: inout SplitMix64) -> Int {
        if bringsNewPath(line: line) {
            seen += 1
            return seen - 1
        }
        let draw = random.unit()
        return min(Int(Double(seen) * draw * draw * draw), seen - 1)
    }

    /// `⌈(line + 1) · count / lines⌉`, without overflow for any pair of `Int`s.
    private func due(_ line: Int) -> Int {
        let product = UInt64(line + 1).multipliedFullWidth(by: UInt64(count))
        guard product.high < UInt64(lines) else { return count }
        let (quotient, remainder) = UInt64(lines).dividingFullWidth(product)
        return Int(clamping: quotient + (remainder > 0 ? 1 : 0))
    }
}
