/// Each app's default answer: what its first catch-all (`CatchAllRules`, in rule order, among
/// the entries that name it) says. Every URL gets it unless a rule before that catch-all
/// decides the app (S4.5), so `decideWithApps` need only find those rules.
struct AppDefaults {
    /// Per app: the rule of its default, or `none`.
    let ruleOfApp: [Int32]
    /// Every default, in the order a walk of the rules meets them: by rule, then in the order
    /// its entry names the apps.
    let decisions: [AppDecision]
    /// The last rule that is some app's default; -1 when there is none.
    let lastRule: Int32
    /// How many apps have no default.
    let appsWithout: Int

    /// The rule of an app without a default: after every rule.
    static let none = Int32.max

    init(_ catchAlls: CatchAllRules, compiled: [RuleWithPath], entryApps: EntryApps) {
        var ruleOfApp = [Int32](repeating: Self.none, count: entryApps.apps.count)
        var decisions: [AppDecision] = []
        for catchAll in catchAlls.entries {
            let rule = compiled[Int(catchAll.rule)].rule
            let kind: Decision.Kind = rule.exclude ? .excluded : .handled
            let entry = Int(rule.entry)
            for slot in Int(entryApps.starts[entry])..<Int(entryApps.starts[entry + 1]) {
                let app = entryApps.indices[slot]
                guard ruleOfApp[Int(app)] == Self.none else { continue }
                ruleOfApp[Int(app)] = catchAll.rule
                decisions.append(AppDecision(app: app, kind: kind, rule: catchAll.rule))
            }
        }
        self.ruleOfApp = ruleOfApp
        self.decisions = decisions
        lastRule = decisions.last?.rule ?? -1
        appsWithout = ruleOfApp.count - decisions.count
    }
}
