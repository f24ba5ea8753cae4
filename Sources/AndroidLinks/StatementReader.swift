import AASAModel

/// Reads the statements of an `assetlinks.json`, noting what Android would reject or ignore
/// (docs/android-semantics.md A6.3, A7.1, A11 Q4), each with its `AndroidDiagnosticCode`. The
/// dynamic rules are read in `StatementReader+DynamicRules.swift`.
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

    /// The code of a fingerprint not in the app-side form (lower case has its own), or nil.
    static func fingerprintProblem(_ text: String) -> AndroidDiagnosticCode? {
        if isCanonicalFingerprint(text) { return nil }
        return isCanonicalFingerprint(text.uppercased())
            ? .lowerCaseFingerprint : .malformedFingerprint
    }

    /// An application ID: two or more names of ASCII letters, digits and `_`, each starting
    /// with a letter (`com.example.app`).
    static func isWellFormedPackageName(_ name: String) -> Bool {
        let names = name.split(separator: ".", omittingEmptySubsequences: false)
        return names.count >= 2
            && names.allSatisfy { name in
                guard let first = name.utf8.first, (first | 0x20) &- 0x61 < 26 else {
                    return false
                }
                return name.utf8.allSatisfy {
                    ($0 | 0x20) &- 0x61 < 26 || $0 &- 0x30 < 10 || $0 == UInt8(ascii: "_")
                }
            }
    }

    /// One statement, its parts read in the order of AOSP's `parseOneStatement`: an `include`
    /// ends it; a statement without a target object or a relation array is skipped before
    /// anything else of it is read (what is wrong there then fails nothing); then the target,
    /// the relations and the dynamic rules, whose faults fail the whole file (A6.3).
    mutating func statement(_ node: JSONNode, index: Int) -> AssetStatement? {
        let path = "[\(index)]"
        guard
            isObject(
                node, "a statement", path, .statementNotObject,
                "Android's reader fails the whole file")
        else { return nil }
        var statement = AssetStatement(index: index, location: node.location)
        noteStrictValues(node, path)
        // `optString`: any value but an empty string names an include, as text.
        if let include = node.member("include"), include.stringValue != "" {
            let url = include.stringValue ?? include.value.kindName
            statement.include = url
            note(
                .includeNotFollowed, include, path + ".include",
                include.stringValue == nil
                    ? "include is \(include.value.kindName), which Android reads as text: the "
                        + "statement is an include, its target ignored; its file is not checked"
                    : "the statement includes \"\(url)\"; its statements are not checked here")
            return statement
        }
        guard let target = node.member("target") else {
            note(.noTarget, node, path, "the statement has no target; Android skips it")
            return statement
        }
        guard isObject(target, "target", path + ".target", .noTarget, "Android skips the statement")
        else { return statement }
        guard let relation = node.member("relation") else {
            note(.noRelation, node, path, "the statement has no relation; Android skips it")
            return statement
        }
        guard case .array(let relationItems) = relation.value else {
            note(
                .noRelation, relation, path + ".relation",
                "relation is \(relation.value.kindName), not an array; Android skips the statement")
            return statement
        }
        statement.target = self.target(target, path + ".target")
        statement.relations = relations(relationItems, path + ".relation")
        statement.dynamicComponents = dynamicComponents(node, statement)
        // Only when no relation failed the file already.
        if case .androidApp? = statement.target,
            !statement.relations.contains(AssetLinks.handleAllURLs),
            relationItems.allSatisfy({ $0.stringValue.map(Self.isWellFormedRelation) ?? false })
        {
            note(
                .noHandleAllURLs, relation, path + ".relation",
                "the relations do not include \(AssetLinks.handleAllURLs); the statement verifies "
                    + "no App Links")
        }
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
                note(
                    .repeatedRules, at: statement.location, "[\(statement.index)]",
                    "another statement for \(package) already has dynamic rules; Android does not "
                        + "guarantee which it uses")
            }
        }
    }

    // MARK: - Parts

    /// The relation strings; AOSP reads any other item as its JSON text, which is no
    /// relation, so it fails the file as a malformed one does.
    private mutating func relations(_ items: [JSONNode], _ path: String) -> [String] {
        var relations: [String] = []
        for (offset, item) in items.enumerated() {
            guard let text = item.stringValue else {
                // Numbers, null and booleans are `noteStrictValues`'.
                switch item.value {
                case .object, .array:
                    note(
                        .malformedRelation, item, "\(path)[\(offset)]",
                        "a relation is \(item.value.kindName), which Android reads as its JSON "
                            + "text: no relation, so Android's reader fails the whole file")
                default: break
                }
                continue
            }
            if !Self.isWellFormedRelation(text) {
                note(
                    .malformedRelation, item, "\(path)[\(offset)]",
                    "relation \"\(text)\" is not kind/detail in [a-z0-9_.]; Android's reader "
                        + "fails the whole file")
            }
            relations.append(text)
        }
        return relations
    }

    private mutating func target(_ node: JSONNode, _ path: String) -> AssetTarget? {
        guard let namespace = node.member("namespace")?.stringValue else {
            note(
                .badNamespace, node, path + ".namespace",
                "the target has no namespace string; Android's reader fails the whole file")
            return nil
        }
        switch namespace {
        case "android_app":
            return androidApp(node, path)
        case "web":
            guard let site = node.member("site")?.stringValue else {
                note(
                    .badNamespace, node, path + ".site",
                    "a web target needs a site string; Android's reader fails the whole file")
                return nil
            }
            return .web(site: site)
        default:
            note(
                .badNamespace, node, path + ".namespace",
                "namespace \"\(namespace)\" is neither android_app nor web; Android's reader fails "
                    + "the whole file")
            return nil
        }
    }

    private mutating func androidApp(_ node: JSONNode, _ path: String) -> AssetTarget? {
        guard let packageNode = node.member("package_name"),
            let package = packageNode.stringValue, !package.isEmpty
        else {
            note(
                .noPackageName, node, path + ".package_name",
                "an android_app target needs a package_name; Android's reader fails the whole file")
            return nil
        }
        if !Self.isWellFormedPackageName(package) {
            note(
                .malformedPackageName, packageNode, path + ".package_name",
                "\"\(package)\" is not an application ID (com.example.app); no app has it")
        }
        let fingerprintsPath = path + ".sha256_cert_fingerprints"
        guard let list = node.member("sha256_cert_fingerprints"),
            case .array(let items) = list.value,
            !items.isEmpty
        else {
            note(
                .noFingerprints, node, fingerprintsPath,
                "an android_app target needs a non-empty sha256_cert_fingerprints array; "
                    + "Android's reader fails the whole file")
            return nil
        }
        let fingerprints = strings(items, fingerprintsPath) { text in
            Self.fingerprintProblem(text).map { kind in
                let what =
                    kind == .lowerCaseFingerprint
                    ? "is in lower case"
                    : "is not 32 upper-case hex bytes joined by colons (AA:BB:...)"
                return (
                    kind,
                    "\"\(text)\" \(what); Android compares fingerprints exactly, so it matches no app"
                )
            }
        }
        return .androidApp(packageName: package, fingerprints: fingerprints)
    }

    /// The strings of an array, each one `problem` finds fault with noted; other values are
    /// left to `noteStrictValues`.
    private mutating func strings(
        _ items: [JSONNode], _ path: String,
        problem: (String) -> (AndroidDiagnosticCode, String)?
    ) -> [String] {
        var strings: [String] = []
        for (offset, item) in items.enumerated() {
            guard let text = item.stringValue else { continue }
            if let (kind, message) = problem(text) {
                note(kind, item, "\(path)[\(offset)]", message)
            }
            strings.append(text)
        }
        return strings
    }

    // MARK: - Values Android's reader refuses

    /// AOSP's reader takes only objects, arrays, strings and booleans in a statement, and no
    /// booleans in arrays; it fails the file otherwise (A6.3). Noted once per statement.
    private mutating func noteStrictValues(_ statement: JSONNode, _ base: String) {
        // Looked for without paths first: most statements have no such value, and one may
        // hold thousands of dynamic rules whose paths would be spelled out for nothing.
        guard
            Self.firstStrictValue(in: statement, base: (), member: { _, _ in }, item: { _, _ in })
                != nil,
            let (node, path, inArray) = Self.firstStrictValue(
                in: statement, base: base, member: { "\($0)[\"\($1)\"]" }, item: { "\($0)[\($1)]" })
        else { return }
        note(
            .strictValue, node, path,
            "\(node.value.kindName) \(inArray ? "in an array " : "")inside a statement; "
                + "Android's reader takes only objects, arrays, strings and booleans, and "
                + "fails the whole file")
    }

    /// The first value of `statement` (depth first, in order) that Android's reader refuses,
    /// with its path, made from `base` by `member` (an object's key) and `item` (an array's
    /// offset), and whether it sits in an array; nil when there is none.
    private static func firstStrictValue<Path>(
        in statement: JSONNode, base: Path, member: (Path, String) -> Path,
        item: (Path, Int) -> Path
    ) -> (JSONNode, Path, inArray: Bool)? {
        var pending: [(JSONNode, Path, inArray: Bool)] = [(statement, base, false)]
        while let (node, path, inArray) = pending.popLast() {
            switch node.value {
            case .object(let members):
                for entry in members.reversed() {
                    pending.append((entry.value, member(path, entry.key), false))
                }
            case .array(let items):
                for (offset, value) in items.enumerated().reversed() {
                    pending.append((value, item(path, offset), true))
                }
            case .number, .null:
                return (node, path, inArray)
            case .bool:
                if inArray { return (node, path, inArray) }
            case .string:
                break
            }
        }
        return nil
    }

    // MARK: - Noting

    /// True when `node` is an object; else notes "WHAT is KIND, not an object; EFFECT".
    mutating func isObject(
        _ node: JSONNode, _ what: String, _ path: String, _ kind: AndroidDiagnosticCode,
        _ effect: String
    ) -> Bool {
        guard case .object = node.value else {
            note(kind, node, path, "\(what) is \(node.value.kindName), not an object; \(effect)")
            return false
        }
        return true
    }

    mutating func note(
        _ kind: AndroidDiagnosticCode, _ node: JSONNode, _ path: String, _ message: String
    ) {
        note(kind, at: node.location, path, message)
    }

    mutating func note(
        _ kind: AndroidDiagnosticCode, at location: SourceLocation, _ path: String,
        _ message: String
    ) {
        diagnostics.append(
            AssetLinksDiagnostic(kind: kind, location: location, path: path, message: message))
    }
}
