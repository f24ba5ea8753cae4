/// How a rule looks at URL text (SEMANTICS.md S7, S8): as written or percent-decoded, with
/// case or folded. Four combinations; each has an index into the per-URL view tables.
struct ViewMode: Sendable, Hashable {
    var folded: Bool
    var decoded: Bool

    var index: Int { (folded ? 1 : 0) + (decoded ? 2 : 0) }

    /// How many views there are: one per combination of the two flags, so one past the
    /// largest `index`. Computed, not stored, so that it folds to a constant where a per-URL
    /// table is indexed with it.
    @inline(__always)
    static var count: Int { ViewMode(folded: true, decoded: true).index + 1 }

    static let all: [ViewMode] = [
        ViewMode(folded: false, decoded: false), ViewMode(folded: true, decoded: false),
        ViewMode(folded: false, decoded: true), ViewMode(folded: true, decoded: true),
    ]
}
