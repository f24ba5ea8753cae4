/// A rule to add to an AASA file (`AASADocument.addingRules`): a `components` dictionary,
/// its keys in the order they are written, or a legacy `paths` string.
public enum NewRule: Sendable, Equatable {
    /// A component: its keys and values in order.
    case component([Member])
    /// A legacy `paths` string.
    case path(String)

    /// One `"key": value` pair of a component.
    public struct Member: Sendable, Equatable {
        /// The key, such as `/` or `exclude`.
        public var key: String
        /// Its value.
        public var value: Value

        /// A key with its value.
        public init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The values a suggested component needs: patterns and flags.
    public enum Value: Sendable, Equatable {
        /// A string value.
        case string(String)
        /// A boolean value.
        case bool(Bool)
    }

    /// The rule as one line of JSON (`{"/": "/p/*"}`, or `"/p/*"` for a path).
    public var jsonText: String {
        let layout = JSONTextLayout.inlineSpaced
        return String(decoding: layout.render(outValue, indent: []), as: UTF8.self)
    }

    var outValue: JSONOut {
        switch self {
        case .path(let text):
            return .string(text)
        case .component(let members):
            return .object(
                members.map { member -> JSONOutMember in
                    switch member.value {
                    case .string(let text): JSONOutMember(member.key, .string(text))
                    case .bool(let flag): JSONOutMember(member.key, .bool(flag))
                    }
                })
        }
    }
}

/// Where new rules go in an AASA file.
public enum RuleDestination: Sendable, Equatable {
    /// At the end of the rules of `applinks.details` entry `index`, numbered as
    /// `AASADocument.applinks.details` lists the entries.
    case entry(Int)
    /// In a new `details` entry for this app, after every other entry.
    case newEntry(appID: String)
}
