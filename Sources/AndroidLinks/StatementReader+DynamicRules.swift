import AASAModel

/// The dynamic rules of a statement (docs/android-semantics.md A7.1, A7.3, A7.4).
extension StatementReader {
    mutating func dynamicComponents(_ node: JSONNode, _ statement: AssetStatement)
        -> [DynamicAppLinkComponent]?
    {
        guard let extensions = node.member("relation_extensions") else { return nil }
        var path = "[\(statement.index)].relation_extensions"
        guard
            isObject(
                extensions, "relation_extensions", path, .extensionsNotObject, "Android ignores it"),
            let relation = extensions.member(AssetLinks.handleAllURLs)
        else { return nil }
        path += "[\"\(AssetLinks.handleAllURLs)\"]"
        guard isObject(relation, "the entry", path, .extensionsNotObject, "Android ignores it"),
            let list = relation.member("dynamic_app_link_components")
        else { return nil }
        path += ".dynamic_app_link_components"
        guard case .array(let items) = list.value else {
            return discard(
                .componentsNotList, list, path,
                "dynamic_app_link_components is \(list.value.kindName), not an array")
        }
        var components: [DynamicAppLinkComponent] = []
        for (index, item) in items.enumerated() {
            guard let component = dynamicComponent(item, index, in: path) else {
                return nil
            }
            components.append(component)
        }
        noteRulesAfterCatchAll(components, path)
        if !statement.verifiesAnApp {
            note(
                .rulesWithoutRelation, extensions, "[\(statement.index)].relation_extensions",
                "the statement verifies no app (it needs the \(AssetLinks.handleAllURLs) relation "
                    + "and an android_app target); Android ignores its dynamic rules")
        }
        return components
    }

    /// Rule `index` of the list at `list` (a JSON path).
    private mutating func dynamicComponent(_ node: JSONNode, _ index: Int, in list: String)
        -> DynamicAppLinkComponent?
    {
        // Paths are spelled out only for a note: most rules have none, and a file may have
        // thousands.
        func path() -> String { "\(list)[\(index)]" }
        guard case .object(let members) = node.value else {
            return discard(
                .ruleNotObject, node, path(), "a rule is \(node.value.kindName), not an object")
        }
        var component = DynamicAppLinkComponent(index: index, location: node.location)
        for member in members {
            func memberPath() -> String { path() + "[\"\(member.key)\"]" }
            let value = member.value
            switch member.key {
            case "/", "#":
                guard let text = value.stringValue else {
                    return discard(
                        .partNotString, value, memberPath(),
                        "\(member.key) is \(value.value.kindName), not a string")
                }
                if member.key == "/" { component.path = text } else { component.fragment = text }
            case "?":
                guard let query = queryPatterns(value, memberPath()) else { return nil }
                component.query = query
            case "exclude":
                guard let flag = value.boolValue else {
                    return discard(
                        .excludeNotBoolean, value, memberPath(),
                        "exclude is \(value.value.kindName), not true or false")
                }
                component.exclude = flag
            case "comments":
                component.comments = value.stringValue
            case "caseSensitive", "percentEncoded", "comment":
                note(
                    .iOSRuleKey, value, memberPath(),
                    "\(member.key) is an iOS key; Android has no such option and ignores it")
            default:
                note(
                    .unknownRuleKey, value, memberPath(),
                    "\"\(member.key)\" is not a key of a dynamic rule; Android ignores it")
            }
        }
        noteRuleThatNeverMatches(component, node, path)
        return component
    }

    /// The entries of a `?` dictionary, or nil (noted) when it is not an object of strings.
    private mutating func queryPatterns(_ value: JSONNode, _ path: String) -> [QueryPattern]? {
        guard case .object(let entries) = value.value else {
            return discard(
                .queryNotStrings, value, path, "? is \(value.value.kindName), not an object")
        }
        var query: [QueryPattern] = []
        for entry in entries {
            guard let pattern = entry.value.stringValue else {
                return discard(
                    .queryNotStrings, entry.value, path + "[\"\(entry.key)\"]",
                    "the value is \(entry.value.value.kindName), not a string")
            }
            // A repeated name: the last one wins, as in Android's JSON objects.
            query.removeAll { $0.name == entry.key }
            query.append(QueryPattern(name: entry.key, value: pattern))
        }
        return query
    }

    /// A rule without a part never matches (an empty `?` adds no matcher, A7.3); nor does a
    /// path pattern whose first character is a literal other than `/`: every path starts
    /// with `/` (A2).
    private mutating func noteRuleThatNeverMatches(
        _ component: DynamicAppLinkComponent, _ node: JSONNode, _ path: () -> String
    ) {
        if component.path == nil, component.query?.isEmpty ?? true, component.fragment == nil {
            let what = component.query == nil ? "none of /, ?, #" : "an empty ? and neither / nor #"
            note(.emptyRule, node, path(), "the rule has \(what); it never matches")
        }
        if let pattern = component.path, !(pattern.first.map { "/*?".contains($0) } ?? false) {
            note(
                .pathNeverMatches, at: component.location, path() + "[\"/\"]",
                "the path pattern \"\(pattern)\" never matches: every path starts with /")
        }
    }

    /// A rule that matches every URL (a path of `*`, `/*` or `?*` alone) decides every URL
    /// that reaches it, so the rules after it never decide (A7.4).
    private mutating func noteRulesAfterCatchAll(
        _ components: [DynamicAppLinkComponent], _ path: String
    ) {
        guard
            let catchAll = components.firstIndex(where: {
                ["*", "/*", "?*"].contains($0.path) && $0.query?.isEmpty ?? true
                    && $0.fragment == nil
            })
        else { return }
        for component in components[(catchAll + 1)...] {
            note(
                .afterCatchAll, at: component.location, "\(path)[\(component.index)]",
                "rule [\(catchAll)] before it matches every URL, so this rule never decides")
        }
    }

    /// Notes why the dynamic rules are discarded (Android then uses the manifest alone) and
    /// returns nil.
    private mutating func discard<T>(
        _ kind: AndroidDiagnosticCode, _ node: JSONNode, _ path: String, _ what: String
    ) -> T? {
        note(
            kind, node, path,
            what + "; Android discards the dynamic rules and uses the manifest alone")
        return nil
    }
}

extension AssetStatement {
    /// It names an Android app with the relation that lets the app open the site's links.
    fileprivate var verifiesAnApp: Bool {
        guard case .androidApp? = target else { return false }
        return relations.contains(AssetLinks.handleAllURLs)
    }
}
