/// The apps of a rule set, indexed: every app ID in order of first appearance, and the app
/// indices of each `details` entry in one flat list (`CompiledRuleSet.apps(ofEntry:)`).
struct EntryApps {
    private(set) var apps: [String] = []
    /// The apps of entry `e`: `indices[starts[e]..<starts[e+1]]`.
    private(set) var starts: [Int32] = [0]
    private(set) var indices: [Int32] = []
    /// True when some app appears in more than one entry, so per-app bookkeeping is needed.
    private(set) var overlap = false

    /// Reads the apps of every entry from its first rule (an entry's rules share its apps).
    init(_ rules: [ResolvedRule]) {
        var appIndex: [String: Int32] = [:]
        var entryApps: [[Int32]] = []
        var seenInEntries: [String: Int] = [:]
        for rule in rules {
            while entryApps.count <= rule.entryIndex { entryApps.append([]) }
            guard entryApps[rule.entryIndex].isEmpty else { continue }
            var indices: [Int32] = []
            for app in rule.appIDs {
                let index: Int32
                if let known = appIndex[app] {
                    index = known
                } else {
                    index = Int32(apps.count)
                    appIndex[app] = index
                    apps.append(app)
                }
                if !indices.contains(index) { indices.append(index) }
                if let entry = seenInEntries[app], entry != rule.entryIndex { overlap = true }
                seenInEntries[app] = rule.entryIndex
            }
            entryApps[rule.entryIndex] = indices
        }
        for list in entryApps {
            indices += list
            starts.append(Int32(indices.count))
        }
    }
}
