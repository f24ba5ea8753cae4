import AASAModel

/// Reads the statements of an `assetlinks.json`, noting what Android would reject or ignore
/// (docs/android-semantics.md A6.3, A7.1, A11 Q4).
struct StatementReader {
    private(set) var diagnostics: [AssetLinksDiagnostic] = []

    /// `kind/detail`, each `[a-z0-9_.]+` (SS `Relation`).
    static func isWellFormedRelation(_ relation: String) -> Bool {
        let parts = relation.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2
            && parts.allSatisfy { part in
                !part.isEmpty
                    && part.unicodeScalars.allSatisfy {
                        ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                            || $0 == "."
                    }
            }
    }

    /// The app-side fingerprint form: 32 bytes of upper-case hex joined by colons (A6.3).
    static func isCanonicalFingerprint(_ text: String) -> Bool {
        let groups = text.split(separator: ":", omittingEmptySubsequences: false)
        return groups.count == 32
            && groups.allSatisfy { group in
                group.count == 2
                    && group.unicodeScalars.allSatisfy {
                        ("0"..."9").contains($0) || ("A"..."F").contains($0)
                    }
            }
    }

    mutating func statement(_ node: JSONNode, index: Int) -> AssetStatement? {
        let path = "[\(index)]"
        guard isObject(node, "a statement", path, .error, "Android's reader fails the whole file")
        else { return nil }
        var statement = AssetStatement(index: index, location: node.location)
        noteStrictValues(node, path)
        if let include = node.member("include")?.stringValue, !include.isEmpty {
            statement.include = include
            return statement
        }
        statement.relations = relations(node, path)
        guard let target = node.member("target") else {
            note(.warning, node, path, "the statement has no target; Android skips it")
            return statement
        }
        statement.target = self.target(target, path + ".target")
        statement.dynamicComponents = dynamicComponents(node, path)
        return statement
    }

    /// Warns when several statements for one app carry dynamic rules: Android does not say which
    /// it uses (A7.2).
    mutating func noteRepeatedDynamicRules(_ statements: [AssetStatement]) {
        var seen = Set<String>()
        for statement in statements where statement.dynamicComponents != nil {
            guard case .androidApp(let package, _)? = statement.target,
                statement.relations.contains(AssetLinks.handleAllURLs)
            else { continue }
            if !seen.insert(package).inserted {
                diagnostics.append(
                    AssetLinksDiagnostic(
                        severity: .warning, location: statement.location,
                        path: "[\(statement.index)]",
                        message: "another statement for \(package) already has dynamic rules; "
                            + "Android does not guarantee which it uses"))
            }
        }
    }

    // MARK: - Parts

    private mutating func relations(_ statement: JSONNode, _ base: String) -> [String] {
        let path = base + ".relation"
        guard let node = statement.member("relation") else {
            note(.warning, statement, base, "the statement has no relation; Android skips it")
            return []
        }
        guard case .array(let items) = node.value else {
            note(
                .warning, node, path,
                "relation is \(node.value.kindName), not an array; Android skips the statement")
            return []
        }
        return strings(items, path, .error, valid: Self.isWellFormedRelation) {
            "relation \"\($0)\" is not kind/detail in [a-z0-9_.]; Android's reader fails the whole "
                + "file"
        }
    }

    private mutating func target(_ node: JSONNode, _ path: String) -> AssetTarget? {
        guard isObject(node, "target", path, .warning, "Android skips the statement") else {
            return nil
        }
        guard let namespace = node.member("namespace")?.stringValue else {
            note(
                .error, node, path + ".namespace",
                "the target has no namespace string; Android's reader fails the whole file")
            return nil
        }
        switch namespace {
        case "android_app":
            return androidApp(node, path)
        case "web":
            guard let site = node.member("site")?.stringValue else {
                note(
                    .error, node, path + ".site",
                    "a web target needs a site string; Android's reader fails the whole file")
                return nil
            }
            return .web(site: site)
        default:
            note(
                .error, node, path + ".namespace",
                "namespace \"\(namespace)\" is neither android_app nor web; Android's reader fails "
                    + "the whole file")
            return nil
        }
    }

    private mutating func androidApp(_ node: JSONNode, _ path: String) -> AssetTarget? {
        guard let package = node.member("package_name")?.stringValue, !package.isEmpty else {
            note(
                .error, node, path + ".package_name",
                "an android_app target needs a package_name; Android's reader fails the whole file")
            return nil
        }
        let fingerprintsPath = path + ".sha256_cert_fingerprints"
        guard let list = node.member("sha256_cert_fingerprints"),
            case .array(let items) = list.value,
            !items.isEmpty
        else {
            note(
                .error, node, fingerprintsPath,
                "an android_app target needs a non-empty sha256_cert_fingerprints array; "
                    + "Android's reader fails the whole file")
            return nil
        }
        let fingerprints = strings(
            items, fingerprintsPath, .warning, valid: Self.isCanonicalFingerprint
        ) {
            "\"\($0)\" is not 32 upper-case hex bytes joined by colons (AA:BB:...); Android "
                + "compares fingerprints exactly, so it matches no app"
        }
        return .androidApp(packageName: package, fingerprints: fingerprints)
    }

    /// The strings of an array, each one `valid` refuses noted with `problem`; other values
    /// are left to `noteStrictValues`.
    private mutating func strings(
        _ items: [JSONNode], _ path: String, _ severity: AssetLinksDiagnostic.Severity,
        valid: (String) -> Bool, problem: (String) -> String
    ) -> [String] {
        var strings: [String] = []
        for (offset, item) in items.enumerated() {
            guard let text = item.stringValue else { continue }
            if !valid(text) { note(severity, item, "\(path)[\(offset)]", problem(text)) }
            strings.append(text)
        }
        return strings
    }

    // MARK: - Dynamic rules

    private mutating func dynamicComponents(_ statement: JSONNode, _ base: String)
        -> [DynamicAppLinkComponent]?
    {
        guard let extensions = statement.member("relation_extensions") else { return nil }
        var path = base + ".relation_extensions"
        guard isObject(extensions, "relation_extensions", path, .warning, "Android ignores it")
        else { return nil }
        guard let relation = extensions.member(AssetLinks.handleAllURLs) else { return nil }
        path += "[\"\(AssetLinks.handleAllURLs)\"]"
        guard case .object = relation.value,
            let list = relation.member("dynamic_app_link_components")
        else { return nil }
        path += ".dynamic_app_link_components"
        guard case .array(let items) = list.value else {
            return discard(
                list, path, "dynamic_app_link_components is \(list.value.kindName), not an array")
        }
        var components: [DynamicAppLinkComponent] = []
        for (index, item) in items.enumerated() {
            guard let component = dynamicComponent(item, index, "\(path)[\(index)]") else {
                return nil
            }
            components.append(component)
        }
        return components
    }

    private mutating func dynamicComponent(_ node: JSONNode, _ index: Int, _ path: String)
        -> DynamicAppLinkComponent?
    {
        guard case .object(let members) = node.value else {
            return discard(node, path, "a rule is \(node.value.kindName), not an object")
        }
        var component = DynamicAppLinkComponent(index: index, location: node.location)
        for member in members {
            let memberPath = path + "[\"\(member.key)\"]"
            let value = member.value
            switch member.key {
            case "/", "#":
                guard let text = value.stringValue else {
                    return discard(
                        value, memberPath, "\(member.key) is \(value.value.kindName), not a string")
                }
                if member.key == "/" { component.path = text } else { component.fragment = text }
            case "?":
                guard case .object(let entries) = value.value else {
                    return discard(value, memberPath, "? is \(value.value.kindName), not an object")
                }
                var query: [QueryPattern] = []
                for entry in entries {
                    guard let pattern = entry.value.stringValue else {
                        return discard(
                            entry.value, memberPath + "[\"\(entry.key)\"]",
                            "the value is \(entry.value.value.kindName), not a string")
                    }
                    // A repeated name: the last one wins, as in Android's JSON objects.
                    query.removeAll { $0.name == entry.key }
                    query.append(QueryPattern(name: entry.key, value: pattern))
                }
                component.query = query
            case "exclude":
                guard let flag = value.boolValue else {
                    return discard(
                        value, memberPath, "exclude is \(value.value.kindName), not true or false")
                }
                component.exclude = flag
            case "comments":
                component.comments = value.stringValue
            case "caseSensitive", "percentEncoded", "comment":
                note(
                    .warning, value, memberPath,
                    "\(member.key) is an iOS key; Android has no such option and ignores it")
            default:
                break
            }
        }
        if component.path == nil, component.query == nil, component.fragment == nil {
            note(.warning, node, path, "the rule has none of /, ?, #; it never matches")
        }
        return component
    }

    /// Notes why the dynamic rules are discarded (Android then uses the manifest alone) and
    /// returns nil.
    private mutating func discard<T>(_ node: JSONNode, _ path: String, _ what: String) -> T? {
        note(
            .warning, node, path,
            what + "; Android discards the dynamic rules and uses the manifest alone")
        return nil
    }

    // MARK: - Values Android's reader refuses

    /// AOSP's reader takes only objects, arrays, strings and booleans in a statement, and no
    /// booleans in arrays; it fails the file otherwise (A6.3). Noted once per statement.
    private mutating func noteStrictValues(_ statement: JSONNode, _ base: String) {
        var pending: [(JSONNode, String, inArray: Bool)] = [(statement, base, false)]
        while let (node, path, inArray) = pending.popLast() {
            switch node.value {
            case .object(let members):
                for member in members.reversed() {
                    pending.append((member.value, path + "[\"\(member.key)\"]", false))
                }
            case .array(let items):
                for (offset, item) in items.enumerated().reversed() {
                    pending.append((item, "\(path)[\(offset)]", true))
                }
            case .number, .null, .bool:
                if case .bool = node.value, !inArray { continue }
                note(
                    .error, node, path,
                    "\(node.value.kindName) \(inArray ? "in an array " : "")inside a statement; "
                        + "Android's reader takes only objects, arrays, strings and booleans, and "
                        + "fails the whole file")
                return
            case .string:
                break
            }
        }
    }

    /// True when `node` is an object; else notes "WHAT is KIND, not an object; EFFECT".
    private mutating func isObject(
        _ node: JSONNode, _ what: String, _ path: String,
        _ severity: AssetLinksDiagnostic.Severity, _ effect: String
    ) -> Bool {
        guard case .object = node.value else {
            note(
                severity, node, path, "\(what) is \(node.value.kindName), not an object; \(effect)")
            return false
        }
        return true
    }

    private mutating func note(
        _ severity: AssetLinksDiagnostic.Severity, _ node: JSONNode, _ path: String,
        _ message: String
    ) {
        diagnostics.append(
            AssetLinksDiagnostic(
                severity: severity, location: node.location, path: path, message: message))
    }
}
