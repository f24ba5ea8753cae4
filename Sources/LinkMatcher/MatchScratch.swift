/// Per-thread working memory of `CompiledRuleSet`: the views of the current URL and the
/// buffers of the glob engine. Buffers grow to the largest URL seen and are then reused, so
/// steady-state matching allocates nothing.
public struct MatchScratch {
    /// Where the parts of the current URL lie in its bytes.
    var parts = URLParts(
        scheme: nil, host: nil, port: nil, hasInvalidPort: false, path: 0..<0, query: nil,
        fragment: nil)
    /// Path, query and fragment text per view mode (index `component * 4 + mode.index`).
    var views: [[UInt8]] = Array(repeating: [], count: 12)
    var viewReady: [Bool] = Array(repeating: false, count: 12)
    /// Query items per view mode: ranges of name and value in `itemBytes[mode]`.
    var items: [[(name: Range<Int>, value: Range<Int>)]] = Array(repeating: [], count: 4)
    var itemBytes: [[UInt8]] = Array(repeating: [], count: 4)
    var itemsReady: [Bool] = Array(repeating: false, count: 4)
    var encoded: [UInt8] = []
    var candidates: [UInt64] = []
    var glob = GlobScratch()
    /// Apps already decided for the current URL (only when apps appear in several entries).
    var decidedApps: [Bool] = []
    var touchedApps: [Int32] = []

    public init() {}

    enum Component: Int {
        case path = 0
        case query = 1
        case fragment = 2
    }

    mutating func reset(_ parts: URLParts) {
        self.parts = parts
        for index in viewReady.indices { viewReady[index] = false }
        for index in itemsReady.indices { itemsReady[index] = false }
        candidates.removeAll(keepingCapacity: true)
    }

    /// Builds (once per URL) the text of one component in one view mode: raw characters
    /// encoded (S3.2), then decoded (S7.2), the path stripped of leading and trailing `/`
    /// (S5.3, S5.4), then folded (S8).
    mutating func prepareView(
        _ component: Component, _ mode: ViewMode, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Int {
        let slot = component.rawValue * 4 + mode.index
        if viewReady[slot] { return slot }
        viewReady[slot] = true
        let range: Range<Int>? =
            switch component {
            case .path: parts.path
            case .query: parts.query
            case .fragment: parts.fragment
            }
        views[slot].removeAll(keepingCapacity: true)
        guard let range else { return slot }
        let source = UnsafeBufferPointer(rebasing: bytes[range])
        if mode.decoded {
            encoded.removeAll(keepingCapacity: true)
            TextTransform.appendEncoded(source, to: &encoded)
            encoded.withUnsafeBufferPointer { TextTransform.appendDecoded($0, to: &views[slot]) }
        } else {
            TextTransform.appendEncoded(source, to: &views[slot])
        }
        if component == .path { Self.stripSlashes(&views[slot]) }
        if mode.folded { TextTransform.fold(&views[slot], from: 0) }
        return slot
    }

    private static func stripSlashes(_ text: inout [UInt8]) {
        var end = text.count
        while end > 0, text[end - 1] == UInt8(ascii: "/") { end -= 1 }
        var start = 0
        while start < end, text[start] == UInt8(ascii: "/") { start += 1 }
        if end < text.count { text.removeSubrange(end...) }
        if start > 0 { text.removeSubrange(..<start) }
    }

    /// Splits the query into items once per URL and view (S4.3.2): on `&`, then at the first
    /// `=`; names are decoded like values but never folded (S11 Q4).
    mutating func prepareItems(_ mode: ViewMode, _ bytes: UnsafeBufferPointer<UInt8>) {
        let slot = mode.index
        if itemsReady[slot] { return }
        itemsReady[slot] = true
        items[slot].removeAll(keepingCapacity: true)
        itemBytes[slot].removeAll(keepingCapacity: true)
        guard let query = parts.query, !query.isEmpty else { return }
        var itemStart = query.lowerBound
        while itemStart <= query.upperBound {
            var itemEnd = itemStart
            while itemEnd < query.upperBound, bytes[itemEnd] != UInt8(ascii: "&") { itemEnd += 1 }
            var equals = itemStart
            while equals < itemEnd, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
            let name = appendItemText(itemStart..<equals, mode, fold: false, bytes)
            let valueStart = min(equals + 1, itemEnd)
            let value = appendItemText(valueStart..<itemEnd, mode, fold: mode.folded, bytes)
            items[slot].append((name, value))
            itemStart = itemEnd + 1
        }
    }

    private mutating func appendItemText(
        _ range: Range<Int>, _ mode: ViewMode, fold: Bool, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Range<Int> {
        let slot = mode.index
        let start = itemBytes[slot].count
        let source = UnsafeBufferPointer(rebasing: bytes[range])
        if mode.decoded {
            encoded.removeAll(keepingCapacity: true)
            TextTransform.appendEncoded(source, to: &encoded)
            encoded.withUnsafeBufferPointer {
                TextTransform.appendDecoded($0, to: &itemBytes[slot])
            }
        } else {
            TextTransform.appendEncoded(source, to: &itemBytes[slot])
        }
        if fold { TextTransform.fold(&itemBytes[slot], from: start) }
        return start..<itemBytes[slot].count
    }
}
