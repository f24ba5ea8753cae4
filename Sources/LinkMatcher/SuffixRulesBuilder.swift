/// The strategy of the suffix tries, per view: `prefix*suffix` paths (`prefixStarSuffix`),
/// found from the path's end (`SuffixRules`), in rule order.
struct SuffixRulesBuilder {
    private var views = [[RulePieces]](repeating: [], count: ViewMode.count)

    mutating func add(_ pieces: PathPieces, rule: Int32, mode: ViewMode) {
        views[mode.index].append(RulePieces(pieces: pieces, rule: rule))
    }

    /// True when the suffix rules of the view at `index` have entries.
    func holdsRules(atView index: Int) -> Bool { !views[index].isEmpty }

    /// The indices of the views that have entries.
    var viewsWithEntries: [Int] { views.indices.filter { !views[$0].isEmpty } }

    /// One set of suffix rules per view.
    func suffixRules(arena: Arena) -> [SuffixRules] {
        views.map { SuffixRules($0, arena: arena) }
    }

    /// Every view's suffix rules in one, for a path that every view reads alike; nil when one
    /// view at most has entries (its own serves).
    func merged(arena: Arena) -> SuffixRules? {
        viewsWithEntries.count > 1 ? SuffixRules(views.flatMap { $0 }, arena: arena) : nil
    }
}
