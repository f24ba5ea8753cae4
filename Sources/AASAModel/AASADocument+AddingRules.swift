extension AASADocument {
    /// The file `bytes` with `rules` added at `destination`, every other byte kept as written
    /// (key order, spacing, escapes, unknown keys); the added text copies the file's layout.
    ///
    /// Component rules go at the end of the entry's `components` (which is created when the
    /// entry has neither `components` nor `paths`), path rules at the end of its `paths`: the
    /// entry's own style, so the other rules keep their meaning. A new entry goes after every
    /// other one: `{"appIDs": [...], "components": [...]}`, or `"APP": {...}` when `details` is
    /// the legacy dictionary. A signed file gives its JSON, no longer signed.
    public static func addingRules(
        _ rules: [NewRule], at destination: RuleDestination, to fileBytes: [UInt8]
    ) throws(AASAParseError) -> [UInt8] {
        let json = jsonText(of: fileBytes)
        let root = try parseJSON(json)
        let editor = JSONFileEditor(bytes: json, root: root)
        let components = rules.allSatisfy { if case .component = $0 { true } else { false } }
        let values = rules.map(\.outValue)
        guard components || rules.allSatisfy({ if case .path = $0 { true } else { false } })
        else { throw placementError("component rules and path rules cannot be added together") }
        let rulesKey = components ? "components" : "paths"
        guard case .object = root.value else {
            throw placementError("the top-level value is not an object")
        }
        let applinks = root.member("applinks")
        if let applinks, !applinks.isObject {
            throw placementError("\"applinks\" is not an object")
        }
        let details = applinks?.member("details")
        switch destination {
        case .entry(let index):
            let entries = details.map(entryNodes) ?? []
            guard index >= 0, index < entries.count else {
                throw placementError("applinks.details has no entry number \(index)")
            }
            let entry = entries[index]
            if !components, entry.member("components") != nil {
                throw placementError("the entry has \"components\", so its \"paths\" are ignored")
            }
            if let list = entry.member(rulesKey) {
                guard case .array = list.value else {
                    throw placementError("the entry's \"\(rulesKey)\" is not an array")
                }
                return editor.appending(values, toArray: list)
            }
            // A new `components` list would hide the entry's `paths` (SEMANTICS.md S2.4).
            guard components, entry.member("paths") == nil else {
                throw placementError(
                    "the entry has no \"\(rulesKey)\" to add to; its rules are in "
                        + "\"\(components ? "paths" : "components")\"")
            }
            return editor.appending(member: "components", .array(values), toObject: entry)
        case .newEntry(let appID):
            let entry: JSONOut = .object([
                JSONOutMember("appIDs", .array([.string(appID)])),
                JSONOutMember(rulesKey, .array(values)),
            ])
            guard let applinks else {
                return editor.appending(
                    member: "applinks", .object([JSONOutMember("details", .array([entry]))]),
                    toObject: root)
            }
            guard let details else {
                return editor.appending(member: "details", .array([entry]), toObject: applinks)
            }
            switch details.value {
            case .array:
                return editor.appending([entry], toArray: details)
            case .object:
                return editor.appending(
                    member: appID, .object([JSONOutMember(rulesKey, .array(values))]),
                    toObject: details)
            default:
                throw placementError("applinks.details is neither an array nor an object")
            }
        }
    }

    /// The JSON of a file: the bytes themselves, or the content of a signed wrapper.
    static func jsonText(of bytes: [UInt8]) -> [UInt8] {
        guard PKCS7.looksSigned(bytes) else { return bytes }
        return PKCS7.content(of: bytes) ?? PKCS7.firstJSONObject(in: bytes) ?? bytes
    }

    /// The JSON nodes of the `details` entries, numbered as `DocumentBuilder` numbers them:
    /// objects only, and in the dictionary form the last of duplicate keys.
    static func entryNodes(_ details: JSONNode) -> [JSONNode] {
        switch details.value {
        case .array(let items):
            return items.filter(\.isObject)
        case .object(let members):
            return members.enumerated().compactMap { position, member in
                let isLast = !members[(position + 1)...].contains { $0.key == member.key }
                return isLast && member.value.isObject ? member.value : nil
            }
        default:
            return []
        }
    }

    private static func placementError(_ message: String) -> AASAParseError {
        AASAParseError(
            location: SourceLocation(line: 1, column: 1, offset: 0),
            message: "cannot add rules: " + message,
            hint: "fix the file so that `aasa-scan lint` reports no error, then try again")
    }
}

extension JSONNode {
    var isObject: Bool {
        if case .object = value { return true }
        return false
    }
}
