/// Turns a parsed JSON tree into an `AASADocument`, recording every oddity it meets.
///
/// Values of the wrong type are reported and then treated as absent (SEMANTICS.md S11 Q14);
/// nothing here refuses a file that parsed as JSON object.
struct DocumentBuilder {
    private(set) var diagnostics: [Diagnostic] = []
    /// Diagnostics past `maxDiagnostics`, counted but not kept: a hostile file of millions of
    /// duplicate keys would otherwise take gigabytes of messages.
    private(set) var omittedDiagnostics = 0
    static let maxDiagnostics = 10_000
    /// Rules met so far (components and `paths` strings); past `AASADocument.maxRules` no more
    /// are built, and `tooManyRulesAt` says where the limit was crossed.
    private(set) var ruleCount = 0
    private(set) var tooManyRulesAt: SourceLocation?

    private static let topLevelServices = ["webcredentials", "appclips", "activitycontinuation"]
    private static let appLinksKeys: Set = ["details", "defaults", "substitutionVariables", "apps"]
    private static let entryKeys: Set = ["appID", "appIDs", "components", "paths", "defaults"]
    private static let componentKeys: Set = [
        "/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment",
    ]

    /// Builds the document from the top-level object.
    mutating func build(root: JSONNode) -> (applinks: AppLinks?, otherServices: [String]) {
        var trail: [PathStep] = []
        reportDuplicateKeys(in: root, trail: &trail)
        guard case .object(let members) = root.value else { return (nil, []) }
        var services: [String] = []
        for member in members {
            if member.key == "applinks" { continue }
            if Self.topLevelServices.contains(member.key) {
                if !services.contains(member.key) { services.append(member.key) }
            } else {
                unknownKey(member, at: JSONPath.root, in: "the top level")
            }
        }
        guard let node = root.member("applinks") else { return (nil, services) }
        guard case .object(let members) = node.value else {
            wrongType(node, path: "applinks", expected: "an object")
            return (nil, services)
        }
        for member in members where !Self.appLinksKeys.contains(member.key) {
            unknownKey(member, at: "applinks", in: "applinks")
        }
        var applinks = AppLinks(details: [])
        if let apps = node.member("apps") { checkLegacyApps(apps) }
        if let details = node.member("details") {
            applinks.details = buildDetails(details)
        } else {
            report(
                .noDetails, "applinks",
                "applinks has no details, so no URL opens an app",
                "add \"details\": [{\"appIDs\": [...], \"components\": [...]}]", node.location)
        }
        if let defaults = node.member("defaults") {
            applinks.defaults = buildComponent(defaults, path: "applinks.defaults")
        }
        if let variables = node.member("substitutionVariables") {
            applinks.substitutionVariables = buildVariables(variables)
        }
        return (applinks, services)
    }

    // MARK: - applinks

    private mutating func checkLegacyApps(_ apps: JSONNode) {
        guard case .array(let items) = apps.value else {
            wrongType(apps, path: "applinks.apps", expected: "an array")
            return
        }
        if !items.isEmpty {
            report(
                .legacyAppsNotEmpty, "applinks.apps",
                "legacy \"apps\" is not empty; it has no meaning and its values are ignored",
                "use \"apps\": [] or remove the key; list apps in details[].appIDs",
                apps.location)
        }
    }

    private mutating func buildDetails(_ details: JSONNode) -> [DetailsEntry] {
        switch details.value {
        case .array(let items):
            var entries: [DetailsEntry] = []
            for (index, item) in items.enumerated() {
                let path = JSONPath.index("applinks.details", index)
                guard case .object = item.value else {
                    wrongType(item, path: path, expected: "an object")
                    continue
                }
                entries.append(buildEntry(item, ref: "details[\(index)]", legacyAppID: nil))
            }
            return entries
        case .object(let members):
            // iOS 9 form: {"TEAM.app": {...}}. Document order is kept (SEMANTICS.md S11 Q12).
            report(
                .legacyDetailsDictionary, "applinks.details",
                "details is the legacy dictionary form; devices do not keep its key order",
                "use an array of {\"appIDs\": [...], \"components\": [...]} entries",
                details.location)
            var entries: [DetailsEntry] = []
            var lastPosition: [String: Int] = [:]
            for (position, member) in members.enumerated() { lastPosition[member.key] = position }
            for (position, member) in members.enumerated() {
                // With duplicate keys the last one wins, as for every other object.
                if lastPosition[member.key] != position { continue }
                let ref = JSONPath.quotedKey("details", member.key)
                guard case .object = member.value.value else {
                    wrongType(member.value, path: "applinks." + ref, expected: "an object")
                    continue
                }
                checkAppIDFormat(member.key, path: "applinks." + ref, at: member.keyLocation)
                entries.append(buildEntry(member.value, ref: ref, legacyAppID: member.key))
            }
            return entries
        default:
            wrongType(details, path: "applinks.details", expected: "an array")
            return []
        }
    }

    private mutating func buildEntry(
        _ node: JSONNode, ref: String, legacyAppID: String?
    ) -> DetailsEntry {
        let path = "applinks." + ref
        if case .object(let members) = node.value {
            for member in members where !Self.entryKeys.contains(member.key) {
                unknownKey(member, at: path, in: "a details entry")
            }
        }
        let appIDs: [String]
        if let legacyAppID {
            appIDs = [legacyAppID]
            for key in ["appID", "appIDs"] {
                if let ignored = node.member(key) {
                    report(
                        .unknownKey, JSONPath.key(path, key),
                        "\"\(key)\" is ignored in the dictionary form of details",
                        "the dictionary key already names the app", ignored.location)
                }
            }
        } else {
            appIDs = resolveAppIDs(node, path: path)
        }
        var entry = DetailsEntry(ref: ref, appIDs: appIDs)
        let components = node.member("components")
        if components == nil, let paths = node.member("paths"),
            case .array(let items) = paths.value,
            !countRules(items.count, at: paths.location)
        {
            return entry
        }
        if let components {
            let built = buildComponents(components, path: JSONPath.key(path, "components"))
            entry.components = built?.map(\.component)
            entry.componentPositions = Self.positionsIfGapped(built?.map(\.position))
        }
        if let paths = node.member("paths") {
            let built = indexedStrings(paths, path: JSONPath.key(path, "paths"))
            entry.paths = built?.map(\.value)
            entry.pathPositions = Self.positionsIfGapped(built?.map(\.position))
            if components != nil {
                report(
                    .pathsAndComponents, JSONPath.key(path, "paths"),
                    "\"paths\" and \"components\" together: iOS 13+ ignores \"paths\"",
                    "keep \"paths\" only for iOS 12 and older; put every rule in \"components\"",
                    paths.location)
            }
        }
        if let defaults = node.member("defaults") {
            entry.defaults = buildComponent(defaults, path: JSONPath.key(path, "defaults"))
        }
        return entry
    }

    /// `appIDs` replaces `appID`, even when empty (SEMANTICS.md S2.2); a non-list `appIDs`
    /// is ignored, so `appID` applies (S11 Q14).
    private mutating func resolveAppIDs(_ node: JSONNode, path: String) -> [String] {
        let appIDPath = JSONPath.key(path, "appID")
        let appIDsPath = JSONPath.key(path, "appIDs")
        var single: String?
        if let appID = node.member("appID") {
            if let value = appID.stringValue {
                single = value
                checkAppIDFormat(value, path: appIDPath, at: appID.location)
            } else {
                wrongType(appID, path: appIDPath, expected: "a string")
            }
        }
        if let list = node.member("appIDs") {
            if case .array(let items) = list.value {
                var ids: [String] = []
                for (index, item) in items.enumerated() {
                    let itemPath = JSONPath.index(appIDsPath, index)
                    if let value = item.stringValue {
                        ids.append(value)
                        checkAppIDFormat(value, path: itemPath, at: item.location)
                    } else {
                        wrongType(item, path: itemPath, expected: "a string")
                    }
                }
                if let appID = node.member("appID") {
                    report(
                        .appIDAndAppIDs, appIDPath,
                        "\"appID\" and \"appIDs\" together: \"appID\" is ignored",
                        "move the app ID into \"appIDs\" and remove \"appID\"", appID.location)
                }
                if items.isEmpty {
                    report(
                        .emptyAppIDs, appIDsPath,
                        "\"appIDs\" is empty, so this entry names no app"
                            + (single == nil ? "" : " (\"appID\" is ignored)"),
                        "list the app IDs, or remove the entry", list.location)
                }
                return ids
            }
            report(
                .appIDsNotList, appIDsPath,
                "\"appIDs\" is \(list.value.kindName), not an array; it is ignored"
                    + (single == nil ? " and the entry names no app" : " and \"appID\" applies"),
                "write \"appIDs\": [\"TEAMID.bundle.id\"]", list.location)
        }
        if let single { return [single] }
        if node.member("appIDs") == nil {
            report(
                .noAppID, path,
                "the entry has neither \"appID\" nor \"appIDs\", so it names no app",
                "add \"appIDs\": [\"TEAMID.bundle.id\"]", node.location)
        }
        return []
    }

    /// `TEAMID.bundle.id`: 10 upper-case letters or digits, a dot, then a bundle ID.
    private mutating func checkAppIDFormat(_ appID: String, path: String, at: SourceLocation) {
        guard !AppIDFormat.isWellFormed(appID) else { return }
        report(
            .malformedAppID, path,
            "app ID \"\(appID)\" is not of the form TEAMID.bundle.id",
            "use the 10-character Team ID (upper-case letters and digits), a dot, "
                + "then the bundle ID", at)
    }

    // MARK: - components

    private mutating func buildComponents(
        _ node: JSONNode, path: String
    ) -> [(position: Int, component: Component)]? {
        guard case .array(let items) = node.value else {
            wrongType(node, path: path, expected: "an array")
            return nil
        }
        guard countRules(items.count, at: node.location) else { return [] }
        var components: [(position: Int, component: Component)] = []
        for (index, item) in items.enumerated() {
            if let component = buildComponent(item, path: JSONPath.index(path, index)) {
                components.append((index, component))
            }
        }
        return components
    }

    /// The positions when some were left out, else nil (the positions are the indices).
    private static func positionsIfGapped(_ positions: [Int]?) -> [Int]? {
        guard let positions, positions.enumerated().contains(where: { $0.offset != $0.element })
        else { return nil }
        return positions
    }

    /// `path` is made only for a diagnostic: a 5,000-rule file has 5,000 components and
    /// usually no diagnostic.
    private mutating func buildComponent(_ node: JSONNode, path: @autoclosure () -> String)
        -> Component?
    {
        guard case .object(let members) = node.value else {
            wrongType(node, path: path(), expected: "an object")
            return nil
        }
        for member in members where !Self.componentKeys.contains(member.key) {
            unknownKey(member, at: path(), in: "a component")
        }
        var component = Component()
        component.path = string(node, "/", path: path())
        component.fragment = string(node, "#", path: path())
        component.comment = string(node, "comment", path: path())
        component.exclude = bool(node, "exclude", path: path())
        component.caseSensitive = bool(node, "caseSensitive", path: path())
        component.percentEncoded = bool(node, "percentEncoded", path: path())
        if let query = node.member("?") {
            component.query = buildQuery(query, path: JSONPath.key(path(), "?"))
        }
        return component
    }

    /// A non-string value anywhere in a `?` dictionary voids the whole dictionary (S4.3.3).
    private mutating func buildQuery(_ node: JSONNode, path: @autoclosure () -> String)
        -> QueryPattern?
    {
        switch node.value {
        case .string(let pattern):
            return .whole(pattern)
        case .object(let members):
            var items: [QueryItemPattern] = []
            for member in members {
                guard let pattern = member.value.stringValue else {
                    report(
                        .nonStringQueryValue, path(),
                        "query item \"\(member.key)\" is \(member.value.value.kindName), so "
                            + "the whole \"?\" dictionary is ignored and any query matches",
                        "quote the value, e.g. \"\(member.key)\": \"*\"",
                        member.value.location)
                    return nil
                }
                items.append(QueryItemPattern(name: member.key, pattern: pattern))
            }
            return .items(items)
        default:
            wrongType(node, path: path(), expected: "a string or an object")
            return nil
        }
    }

    // MARK: - substitution variables

    private mutating func buildVariables(_ node: JSONNode) -> [SubstitutionVariable] {
        let path = "applinks.substitutionVariables"
        guard case .object(let members) = node.value else {
            wrongType(node, path: path, expected: "an object")
            return []
        }
        var variables: [SubstitutionVariable] = []
        for (position, member) in members.enumerated() {
            if members[(position + 1)...].contains(where: { $0.key == member.key }) { continue }
            if let values = strings(member.value, path: JSONPath.key(path, member.key)) {
                variables.append(SubstitutionVariable(name: member.key, values: values))
            }
        }
        return variables
    }

    // MARK: - typed access

    private mutating func string(
        _ node: JSONNode, _ key: String, path: @autoclosure () -> String
    ) -> String? {
        guard let value = node.member(key) else { return nil }
        guard let string = value.stringValue else {
            wrongType(value, path: JSONPath.key(path(), key), expected: "a string")
            return nil
        }
        return string
    }

    private mutating func bool(_ node: JSONNode, _ key: String, path: @autoclosure () -> String)
        -> Bool?
    {
        guard let value = node.member(key) else { return nil }
        guard let bool = value.boolValue else {
            wrongType(value, path: JSONPath.key(path(), key), expected: "true or false")
            return nil
        }
        return bool
    }

    /// An array of strings; non-string elements are reported and dropped.
    private mutating func strings(_ node: JSONNode, path: String) -> [String]? {
        indexedStrings(node, path: path)?.map(\.value)
    }

    /// The strings of an array with their positions; other elements are reported and dropped.
    private mutating func indexedStrings(
        _ node: JSONNode, path: String
    ) -> [(position: Int, value: String)]? {
        guard case .array(let items) = node.value else {
            wrongType(node, path: path, expected: "an array of strings")
            return nil
        }
        var result: [(position: Int, value: String)] = []
        for (index, item) in items.enumerated() {
            if let value = item.stringValue {
                result.append((index, value))
            } else {
                wrongType(item, path: JSONPath.index(path, index), expected: "a string")
            }
        }
        return result
    }

    // MARK: - reporting

    /// One step of the way to a value: a member key or an array index.
    private enum PathStep {
        case key(String)
        case index(Int)
    }

    /// The JSON path text of a trail, made only for a duplicate: a 5,000-rule file walks
    /// thousands of containers and has none.
    private static func path(_ trail: [PathStep]) -> String {
        trail.reduce(JSONPath.root) { path, step in
            switch step {
            case .key(let key): JSONPath.key(path, key)
            case .index(let index): JSONPath.index(path, index)
            }
        }
    }

    private mutating func reportDuplicateKeys(in node: JSONNode, trail: inout [PathStep]) {
        switch node.value {
        case .object(let members):
            // Small objects (nearly all) are checked by comparison, large ones with a set.
            var seen = Set<String>()
            for (index, member) in members.enumerated() {
                let isContainer = member.value.value.isContainer
                let isDuplicate =
                    members.count > 16
                    ? !seen.insert(member.key).inserted
                    : members[..<index].contains { $0.key == member.key }
                guard isContainer || isDuplicate else { continue }
                trail.append(.key(member.key))
                if isDuplicate {
                    report(
                        .duplicateKey, Self.path(trail),
                        "duplicate key \"\(member.key)\"; the last one is used",
                        "merge the two or remove one", member.keyLocation)
                }
                if isContainer { reportDuplicateKeys(in: member.value, trail: &trail) }
                trail.removeLast()
            }
        case .array(let items):
            for (index, item) in items.enumerated() where item.value.isContainer {
                trail.append(.index(index))
                reportDuplicateKeys(in: item, trail: &trail)
                trail.removeLast()
            }
        default:
            break
        }
    }

    private mutating func wrongType(_ node: JSONNode, path: String, expected: String) {
        report(
            .wrongType, path,
            "expected \(expected), found \(node.value.kindName); the value is ignored",
            "write \(expected) here, or remove the key", node.location)
    }

    private mutating func unknownKey(_ member: JSONMember, at path: String, in place: String) {
        report(
            .unknownKey, JSONPath.key(path, member.key),
            "unknown key \"\(member.key)\" in \(place) is ignored",
            "check the spelling (keys are case-sensitive) or remove it", member.keyLocation)
    }

    /// Counts `count` more rules; false once there are more than `AASADocument.maxRules`.
    private mutating func countRules(_ count: Int, at location: SourceLocation) -> Bool {
        guard tooManyRulesAt == nil else { return false }
        ruleCount += count
        if ruleCount > AASADocument.maxRules { tooManyRulesAt = location }
        return tooManyRulesAt == nil
    }

    mutating func report(
        _ code: DiagnosticCode, _ path: String, _ message: String, _ hint: String,
        _ location: SourceLocation?
    ) {
        guard diagnostics.count < Self.maxDiagnostics else {
            omittedDiagnostics += 1
            return
        }
        diagnostics.append(
            Diagnostic(code, path: path, message: message, hint: hint, location: location))
    }
}
