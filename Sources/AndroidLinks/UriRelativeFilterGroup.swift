/// The part of a URL a group matcher reads (A4.6).
public enum UriPart: String, Sendable, Equatable, CaseIterable {
    /// The decoded path.
    case path
    /// One parameter of the decoded query.
    case query
    /// The decoded fragment.
    case fragment
}

/// One matcher of a `<uri-relative-filter-group>`: a pattern on the decoded path, on one query
/// parameter, or on the decoded fragment (A4.6).
public struct UriRelativeFilter: Sendable, Equatable {
    /// The part of the URL it reads.
    public var part: UriPart
    /// The pattern, of any of the five kinds.
    public var pattern: AndroidPattern

    /// A matcher with every field given.
    public init(part: UriPart, pattern: AndroidPattern) {
        self.part = part
        self.pattern = pattern
    }
}

/// A `<uri-relative-filter-group>` (Android 15): all its matchers must match; the first group
/// that matches allows or blocks (A4.6).
public struct UriRelativeFilterGroup: Sendable, Equatable {
    /// `android:allow`; true unless written false.
    public var allow: Bool
    /// The matchers of its `<data>` children, in document order.
    public var filters: [UriRelativeFilter]
    /// The line of the group's start tag.
    public var line: Int

    /// A group with every field given.
    public init(allow: Bool, filters: [UriRelativeFilter], line: Int) {
        self.allow = allow
        self.filters = filters
        self.line = line
    }
}
