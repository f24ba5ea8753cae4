/// The texts a rule compared with its patterns, for `aasa-scan explain`: the URL's path, query
/// and fragment as the rule's view reads them (SEMANTICS.md S7, S8), so that a reader sees why
/// `/wiki/Special%3ASearch` is not `/wiki/Special:*` under the default `percentEncoded`.
public struct ComparedTexts: Sendable, Equatable {
    /// One query item a dictionary names, with what the URL holds for it.
    public struct Item: Sendable, Equatable {
        /// The item name the rule asks for, as compared.
        public var name: String
        /// Every value of the item in the URL, in order; empty when the URL has no item of
        /// that name, which then reads as `""` (S4.3.2).
        public var values: [String]

        /// True when the URL has no item of that name.
        public var isAbsent: Bool { values.isEmpty }
    }

    /// What the rule compared with its query pattern.
    public enum Query: Sendable, Equatable {
        /// The whole query text (`"?": "text"`); `""` when the URL has none (S3.1).
        case whole(String)
        /// The items a dictionary names, in the rule's order.
        case items([Item])
    }

    /// True when the rule reads the URL percent-decoded (`"percentEncoded": false`).
    public var decoded: Bool
    /// True when the rule reads it case-folded (`"caseSensitive": false`).
    public var folded: Bool
    /// The path as compared: leading and trailing `/` stripped (S5.3, S5.4).
    public var path: String
    /// The path pattern as compared with it: leading `/` stripped, folded when the rule folds.
    public var pathPattern: String
    /// Nil when the rule takes any query (`*`).
    public var query: Query?
    /// Nil when the rule takes any fragment (`*`); `""` when the URL has none.
    public var fragment: String?

    /// `as written` or `percent-decoded`, then `, case-folded` when the rule folds.
    public var viewDescription: String {
        (decoded ? "percent-decoded" : "as written") + (folded ? ", case-folded" : "")
    }
}

extension CompiledRuleSet {
    /// The texts rule `index` compares for the URL whose parts `scratch` holds.
    func comparedTexts(
        _ index: Int, _ url: UnsafeBufferPointer<UInt8>, _ scratch: UnsafeMutablePointer<MatchState>
    ) -> ComparedTexts {
        let rule = compiled.pointer(at: index)
        let mode = rule.pointee.mode
        func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            String(decoding: bytes, as: UTF8.self)
        }
        let path = text(scratch.pointee.view(.path, mode, url))
        let resolved = rules[index]
        let patternText = String(resolved.path.drop { $0 == "/" })
        let pathPattern =
            mode.folded
            ? String(
                String.UnicodeScalarView(
                    patternText.unicodeScalars.map {
                        Unicode.Scalar(CaseFolding.fold($0.value)) ?? $0
                    })) : patternText
        var query: ComparedTexts.Query?
        switch (resolved.query, rule.pointee.query) {
        case (.whole, .whole(.anything)), (.items([]), _):
            query = nil
        case (.whole, _):
            query = .whole(text(scratch.pointee.view(.query, mode, url)))
        case (.items(let patterns), _):
            // Every item the dictionary names, `*` ones too: an absent one reads as `""`.
            let (items, itemText) = scratch.pointee.queryItems(mode, url)
            query = .items(
                patterns.map { pattern in
                    let name = Array(pattern.name.utf8)
                    let values = items.filter { item in
                        itemText[item.name].elementsEqual(name)
                    }.map { text(UnsafeBufferPointer(rebasing: itemText[$0.value])) }
                    return ComparedTexts.Item(name: pattern.name, values: values)
                })
        }
        var fragment: String?
        if case .anything = rule.pointee.fragment {
            fragment = nil
        } else {
            fragment = text(scratch.pointee.view(.fragment, mode, url))
        }
        return ComparedTexts(
            decoded: mode.decoded, folded: mode.folded, path: path, pathPattern: pathPattern,
            query: query, fragment: fragment)
    }
}
