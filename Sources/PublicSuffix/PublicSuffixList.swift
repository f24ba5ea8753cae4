/// The site of a host: its registrable domain by the Public Suffix List, so that
/// `www.example.co.uk` and `m.example.co.uk` are one site (`example.co.uk`) while
/// `alice.github.io` and `bob.github.io` are two.
///
/// The rules are the list's ICANN and private sections together (private suffixes such as
/// `github.io` are exactly where one registrable name holds many owners' sites), matched as
/// the list's own algorithm says: the rule with the most labels wins, an exception rule
/// (`!www.ck`) beats the wildcard it excepts, and a name no rule names has its last label
/// as its public suffix.
public struct PublicSuffixList: Sendable {
    private let plain: Set<Substring>
    /// `*.ck` kept as `ck`: any one label before it is a public suffix.
    private let wildcards: Set<Substring>
    /// `!www.ck` kept as `www.ck`: a registrable domain although a wildcard takes it.
    private let exceptions: Set<Substring>

    /// The list built in (`version` says which).
    public static let standard = PublicSuffixList(rules: rulesText)

    /// A list from its text: rules separated by spaces or line breaks; `//` comment lines and
    /// blank lines are ignored.
    public init(rules text: String) {
        var plain = Set<Substring>()
        var wildcards = Set<Substring>()
        var exceptions = Set<Substring>()
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("//") }
        for rule in lines.flatMap({ $0.split(separator: " ") }) {
            if rule.hasPrefix("!") {
                exceptions.insert(rule.dropFirst())
            } else if rule.hasPrefix("*.") {
                wildcards.insert(rule.dropFirst(2))
            } else {
                plain.insert(rule)
            }
        }
        self.plain = plain
        self.wildcards = wildcards
        self.exceptions = exceptions
    }

    /// The site of `host` (lower-cased; a trailing dot and a `:port` are dropped): its
    /// registrable domain; the host itself when it is an IP address or a public suffix with
    /// nothing before it (`github.io`, `com`).
    public func site(of host: String) -> String {
        var name = Substring(host.lowercased())
        if name.hasPrefix("[") { return String(name.prefix { $0 != "]" }) + "]" }
        if let colon = name.lastIndex(of: ":"),
            name[name.index(after: colon)...].allSatisfy(\.isNumber)
        {
            name = name[..<colon]
        }
        if name.hasSuffix(".") { name = name.dropLast() }
        if Self.isIPv4(name) { return String(name) }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count > 1 else { return String(name) }
        let suffixLabels = publicSuffixLabelCount(labels)
        guard suffixLabels < labels.count else { return String(name) }
        return labels.suffix(suffixLabels + 1).joined(separator: ".")
    }

    /// How many trailing labels form the public suffix of `labels`.
    private func publicSuffixLabelCount(_ labels: [Substring]) -> Int {
        // Longest candidate first, so the first rule that matches has the most labels; at
        // one candidate a wildcard (one label more) outranks a plain rule.
        for start in labels.indices {
            let candidate = labels[start...].joined(separator: ".")[...]
            let count = labels.count - start
            if exceptions.contains(candidate) { return count - 1 }
            if start > 0, wildcards.contains(candidate) { return count + 1 }
            if plain.contains(candidate) { return count }
        }
        return 1
    }

    /// Four dot-separated numbers.
    private static func isIPv4(_ name: Substring) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }
}
