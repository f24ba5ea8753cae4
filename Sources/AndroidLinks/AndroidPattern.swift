/// One `PatternMatcher` of a manifest: the pattern text and how Android compares it (A5).
public struct AndroidPattern: Sendable, Equatable {
    /// The five `PatternMatcher` types.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// `path`, `query`, `fragment`: the whole text equals the pattern.
        case literal
        /// `pathPrefix`, ...: the text starts with the pattern.
        case prefix
        /// `pathPattern`, ...: `.`, `x*`, `.*`, `\` (A5.2).
        case simpleGlob
        /// `pathAdvancedPattern`, ...: sets, `+`, `{m,n}` (A5.3).
        case advancedGlob
        /// `pathSuffix`, ...: the text ends with the pattern.
        case suffix

        /// The attribute suffix that selects the type: "", "Prefix", "Pattern", ...
        public var attributeSuffix: String {
            switch self {
            case .literal: ""
            case .prefix: "Prefix"
            case .simpleGlob: "Pattern"
            case .advancedGlob: "AdvancedPattern"
            case .suffix: "Suffix"
            }
        }
    }

    /// How the text is compared.
    public var kind: Kind
    /// The pattern after Android's resource-string unescaping (A9): `\\*` in the file is `\*`.
    public var text: String
    /// The line of the `<data>` element.
    public var line: Int

    /// A pattern with every field given.
    public init(kind: Kind, text: String, line: Int) {
        self.kind = kind
        self.text = text
        self.line = line
    }
}
