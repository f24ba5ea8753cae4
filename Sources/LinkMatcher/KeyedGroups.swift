/// Rules of one view that share a path pattern and tell themselves apart by one text they
/// require: the value of one query item (`/search` with `{"type": "users"}`,
/// `{"type": "repos"}`, and so on), the whole query (`"?": "q=shoes"`), or the fragment
/// (`/help/*` with `"#": "billing"`, `"#": "privacy"`), literal or a glob pattern (`{"q": "4*"}`,
/// `{"q": "7*"}`). The trie, suffix trie or glob union that holds the path has one entry for
/// the whole group instead of one per rule. When a path reaches it, the URL's text for the key
/// is found once and looked up among the group's values (or run through the union of its
/// patterns): only the rules whose value takes that text become candidates. Every other rule
/// of the group would fail on it (S3.1, S4.3), so the rest of `decide` is unchanged, and a path
/// shared by hundreds of such rules costs one lookup instead of a check per rule.
struct KeyedGroups: Sendable {
    /// What a group's values are compared with.
    enum Part: UInt8, Sendable, BitwiseCopyable {
        /// Every occurrence of a named query item (absent counts as `""`, S4.3.2).
        case item
        /// The whole query (`"?": "text"`).
        case query
        /// The fragment.
        case fragment
        /// The whole query, against glob patterns (`"?": "*ref=mail*"`).
        case queryPattern
        /// The fragment, against glob patterns.
        case fragmentPattern
        /// The first occurrence of a named query item (absent counts as `""`), against glob
        /// patterns: the rules whose pattern takes every occurrence are among those that take
        /// the first (each is checked in full afterwards).
        case itemPattern

        /// True when the values are glob patterns, run as one union.
        var isPattern: Bool {
            switch self {
            case .item, .query, .fragment: false
            case .queryPattern, .fragmentPattern, .itemPattern: true
            }
        }
    }

    /// What a group's rules require a text of: a part, and for an item its name.
    struct Key: Hashable {
        let part: Part
        let name: [UInt8]

        static func item(name: [UInt8]) -> Key { Key(part: .item, name: name) }
        static func itemPattern(name: [UInt8]) -> Key { Key(part: .itemPattern, name: name) }
        static let query = Key(part: .query, name: [])
        static let fragment = Key(part: .fragment, name: [])
        static let queryPattern = Key(part: .queryPattern, name: [])
        static let fragmentPattern = Key(part: .fragmentPattern, name: [])
    }

    struct Group: Sendable, BitwiseCopyable {
        let mode: ViewMode
        let part: Part
        /// The item's name, in `bytes`.
        let name: FrozenRange
        /// True when the name is text no view encodes or decodes (`ItemConstraint.nameIsPlain`).
        let nameIsPlain: Bool
        /// The group's distinct values, sorted, in `values`.
        let values: FrozenRange
        /// For glob patterns, the index of their union among the groups' pattern unions, in
        /// which the pattern of value `values.start + g` is group `g`; else -1.
        let union: Int32
        /// The parts whose absence fails every rule of the group (`RuleHead.failsWithout`):
        /// Apple's fragment opt-out `{"#": "no_universal_links"}` in many entries, for one,
        /// needs a fragment, which no logged URL has; such a URL passes over the group.
        let failsWithout: UInt8
    }

    /// One required value, in `bytes`, and the rules that require it, in `rules` (in rule
    /// order).
    struct Value: Sendable, BitwiseCopyable {
        let text: FrozenRange
        let rules: FrozenRange
    }

    /// One rule of a group and the value it requires.
    struct Member {
        let rule: Int32
        let value: [UInt8]
    }

    /// A group as `KeyedGroupsBuilder` finds it: its view, its key and its rules.
    struct Definition {
        let mode: ViewMode
        let key: Key
        let members: [Member]
    }

    /// Groups smaller than this stay rules of their own: for two or three, checking each is
    /// as cheap as a lookup.
    static let smallestGroup = 4

    private let groups: FrozenArray<Group>
    private let values: FrozenArray<Value>
    private let rules: FrozenArray<Int32>
    private let bytes: FrozenArray<UInt8>

    var isEmpty: Bool { groups.isEmpty }
    var count: Int { groups.count }
    var ruleCount: Int { rules.count }

    /// The trie entry of group `group`: a negative rule index.
    static func entryRule(ofGroup group: Int) -> Int32 { Int32(-1 - group) }
    /// The group of a negative trie entry.
    @inline(__always)
    static func group(ofEntryRule rule: Int32) -> Int { Int(-1 - rule) }

    /// `heads`: every rule's head.
    init(_ items: [Definition], heads: [RuleHead], arena: Arena) {
        var groups: [Group] = []
        var values: [Value] = []
        var rules: [Int32] = []
        var bytes: [UInt8] = []
        var patternGroups = 0
        for item in items {
            let (part, name) = (item.key.part, item.key.name)
            let nameRange = FrozenRange(bytes.count..<bytes.count + name.count)
            bytes += name
            let valueStart = values.count
            let byValue = Dictionary(grouping: item.members, by: \.value)
            for value in byValue.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                let ruleStart = rules.count
                rules += byValue[value, default: []].map(\.rule).sorted()
                values.append(
                    Value(
                        text: FrozenRange(bytes.count..<bytes.count + value.count),
                        rules: FrozenRange(ruleStart..<rules.count)))
                bytes += value
            }
            groups.append(
                Group(
                    mode: item.mode, part: part, name: nameRange,
                    nameIsPlain: CompiledRule.ItemConstraint.isPlain(name),
                    values: FrozenRange(valueStart..<values.count),
                    union: part.isPattern ? Int32(patternGroups) : -1,
                    failsWithout: item.members.reduce(UInt8.max) {
                        $0 & heads[Int($1.rule)].failsWithout
                    }))
            if part.isPattern { patternGroups += 1 }
        }
        self.groups = arena.freeze(groups)
        self.values = arena.freeze(values)
        self.rules = arena.freeze(rules)
        self.bytes = arena.freeze(bytes)
    }

    @inline(__always)
    func group(_ index: Int) -> Group { groups[index] }

    /// The distinct values of `group`, in value order.
    func values(of group: Group) -> [[UInt8]] {
        group.values.indices.map { Array(bytes[values[$0].text]) }
    }

    /// Appends the rules of the group's value `value` (an index in `values`).
    @inline(__always)
    func appendRules(ofValue value: Int, into candidates: inout ScratchBuffer<Int32>) {
        let entry = values[value]
        for slot in entry.rules.indices { candidates.append(rules[slot]) }
    }

    @inline(__always)
    func name(of group: Group) -> UnsafeBufferPointer<UInt8> {
        bytes[group.name]
    }

    /// Appends the rules of `group` that require `value`: the URL's text for the group's key
    /// (for an item, the text every item of the name has, or `""` when none is present).
    @inline(__always)
    func appendRules(
        of group: Group, requiring value: UnsafeBufferPointer<UInt8>,
        into candidates: inout ScratchBuffer<Int32>
    ) {
        var low = Int(group.values.start)
        var high = Int(group.values.end)
        while low < high {
            let middle = (low + high) >> 1
            let text = bytes[values[middle].text]
            if PartMatcher.equal(text, value) {
                return appendRules(ofValue: middle, into: &candidates)
            }
            if text.lexicographicallyPrecedes(value) { low = middle + 1 } else { high = middle }
        }
    }
}
