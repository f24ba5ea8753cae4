import ASCIIBytes
import LibC

/// A URL as Android hands it to intent filters (docs/android-semantics.md A2), read from its
/// bytes: the scheme and host in lower case, the written port, and the path, query and fragment
/// percent-decoded, all as UTF-16 code units in the scratch's `units` (ranges here), or, for a
/// target that is ASCII without an escape, as ranges of the target's own bytes (`TextUnit`).
struct URLUnits {
    var scheme: Range<Int>
    /// nil when the authority has no host.
    var host: Range<Int>?
    /// The port written in the URL; nil when none (or not a number).
    var port: Int?
    /// `/` when the URL has no path (A11 Q1).
    var path: Range<Int>
    /// nil when the URL has no `?`.
    var query: Range<Int>?
    /// nil when the URL has no `#`.
    var fragment: Range<Int>?

    /// Splits an absolute URL; nil when it does not start with `scheme://`. Fills the scratch's
    /// `units` and, from the query, its `parameters`.
    init?(_ url: UnsafeBufferPointer<UInt8>, scratch: AndroidMatchScratch) {
        guard let separator = Self.schemeSeparator(url) else { return nil }
        var scheme = 0..<0
        var host: Range<Int>?
        var port: Int?
        self.init(url, from: separator + 3, into: scratch.text) { url, authority, text in
            for byte in url[..<separator] { text.units.append(UInt16(ASCII.lowercased(byte))) }
            scheme = 0..<text.units.count
            (host, port) = Self.hostAndPort(url, authority, &text)
        }
        (self.scheme, self.host, self.port) = (scheme, host, port)
    }

    /// Splits a target (`/path?query#fragment`) whose scheme and authority were read before
    /// (`OriginPlan`): `scheme` is empty and `host` nil here.
    init(target: UnsafeBufferPointer<UInt8>, scratch: AndroidMatchScratch) {
        self.init(target, from: 0, into: scratch.text) { _, _, _ in }
        (scheme, host, port) = (0..<0, nil, nil)
    }

    /// A target that is a path alone (no `?` or `#`, as a decision remembered by path
    /// gives it), when it starts with `/` and is ASCII without an escape: its parts decode to
    /// its bytes (A2), so the path is the target itself. Nil for any other target. Inlined:
    /// the URL is then built where the decision reads it.
    @inline(__always)
    init?(
        asciiPath target: UnsafeBufferPointer<UInt8>, into stored: UnsafeMutablePointer<URLText>
    ) {
        guard target.first == ASCII.slash, target.isASCII(without: UInt8(ascii: "%")) else {
            return nil
        }
        (scheme, host, port) = (0..<0, nil, nil)
        (path, query, fragment) = (0..<target.count, nil, nil)
        stored.pointee.parameters.count = 0
    }

    /// Splits a target (as `init(target:scratch:)`) that starts with `/` and is ASCII without
    /// an escape, as `init(asciiPath:into:)` takes it, then cut at its `#` and `?`: the ranges
    /// are of the target itself, and only the query's parameters are written, to `stored`.
    /// Nil for any other target.
    @inline(__always)
    init?(
        asciiTarget target: UnsafeBufferPointer<UInt8>, into stored: UnsafeMutablePointer<URLText>
    ) {
        self.init(asciiPath: target, into: stored)
        var end = target.count
        if let fragmentStart = Self.first(UInt8(ascii: "#"), in: target, 0..<end) {
            fragment = (fragmentStart + 1)..<end
            end = fragmentStart
        }
        if let question = Self.first(UInt8(ascii: "?"), in: target, 0..<end) {
            let query = (question + 1)..<end
            Self.split(query, target, &stored.pointee.parameters)
            self.query = query
            end = question
        }
        path = 0..<end
    }

    /// Splits `url` from `start`: the authority up to the first `/`, `?` or `#` (read by
    /// `readOrigin`, which comes first in `units`), then the path, query and fragment, into
    /// the scratch's `stored` text (its pointer, not the scratch: passing the scratch
    /// retained it at every URL).
    private init(
        _ url: UnsafeBufferPointer<UInt8>, from start: Int,
        into stored: UnsafeMutablePointer<URLText>,
        readOrigin: (UnsafeBufferPointer<UInt8>, Range<Int>, inout Text) -> Void
    ) {
        var text = Text(units: stored.pointee.units)
        defer { stored.pointee.units = text.units }
        text.units.count = 0
        stored.pointee.parameters.count = 0
        var end = url.count
        var fragmentText: Range<Int>?
        if let fragmentStart = Self.first(UInt8(ascii: "#"), in: url, start..<end) {
            fragmentText = (fragmentStart + 1)..<end
            end = fragmentStart
        }
        var queryText: Range<Int>?
        if let question = Self.first(UInt8(ascii: "?"), in: url, start..<end) {
            queryText = (question + 1)..<end
            end = question
        }
        let slash = Self.first(UInt8(ascii: "/"), in: url, start..<end) ?? end
        readOrigin(url, start..<slash, &text)
        (scheme, host, port) = (0..<0, nil, nil)
        path = slash == end ? text.slash() : text.decode(url, slash..<end)
        query = queryText.map { text.decode(url, $0) }
        fragment = fragmentText.map { text.decode(url, $0) }
        if let query { Self.split(query, text.units.values, &stored.pointee.parameters) }
    }

    /// Where `byte` first is in `url[range]`.
    @inline(__always)
    private static func first(
        _ byte: UInt8, in url: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> Int? {
        guard let base = url.baseAddress, !range.isEmpty,
            let found = memchr(base + range.lowerBound, Int32(byte), range.count)
        else { return nil }
        return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// The units read so far.
    private struct Text {
        var units: UnitStore

        mutating func decode(_ url: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
            let start = units.count
            DecodedText.append(
                UnsafeBufferPointer(rebasing: url[range]), percentDecoded: true, to: &units)
            return start..<units.count
        }

        /// The number `url[range]` decodes to, read as `integer` reads it; nothing is kept.
        mutating func decodedInteger(_ url: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
            -> Int?
        {
            let decoded = decode(url, range)
            defer { units.count = decoded.lowerBound }
            let bytes = decoded.map { units.base[$0] }
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return bytes.map(UInt8.init).withUnsafeBufferPointer { URLUnits.integer($0[...]) }
        }

        mutating func slash() -> Range<Int> {
            units.append(UInt16(UInt8(ascii: "/")))
            return (units.count - 1)..<units.count
        }
    }

    /// Where `://` starts, after a scheme of letters, digits, `+`, `-` and `.`.
    static func schemeSeparator(_ url: UnsafeBufferPointer<UInt8>) -> Int? {
        guard url.count >= 3 else { return nil }
        var index = 0
        while index + 2 < url.count {
            if url[index] == UInt8(ascii: ":"), url[index + 1] == UInt8(ascii: "/"),
                url[index + 2] == UInt8(ascii: "/")
            {
                break
            }
            index += 1
        }
        guard index + 2 < url.count, index > 0 else { return nil }
        let schemeBytes = url[..<index]
        guard
            schemeBytes.allSatisfy({
                ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: ".")
            })
        else { return nil }
        return index
    }

    /// The host after any `user@`, lower-cased, and the port after its last `:` (unless a `]`
    /// follows it).
    private static func hostAndPort(
        _ url: UnsafeBufferPointer<UInt8>, _ authority: Range<Int>, _ text: inout Text
    ) -> (Range<Int>?, Int?) {
        var hostPort = authority
        if let at = url[hostPort].lastIndex(of: UInt8(ascii: "@")) {
            hostPort = (at + 1)..<hostPort.upperBound
        }
        var port: Int?
        let closing = url[hostPort].lastIndex(of: UInt8(ascii: "]"))
        if let colon = url[hostPort].lastIndex(of: UInt8(ascii: ":")),
            closing.map({ colon > $0 }) ?? true
        {
            let portText = (colon + 1)..<hostPort.upperBound
            // Android decodes the port too (`Uri.getPort`): `:44%33` is 443.
            port =
                url[portText].contains(UInt8(ascii: "%"))
                ? text.decodedInteger(url, portText) : integer(url[portText])
            hostPort = hostPort.lowerBound..<colon
        }
        let host = text.decode(url, hostPort)
        guard !host.isEmpty else { return (nil, port) }
        for index in host where text.units.base[index] &- 0x41 < 26 {
            text.units.base[index] |= 0x20
        }
        return (host, port)
    }

    /// A decimal number with an optional sign, as Swift's `Int(_:)` reads it.
    fileprivate static func integer(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        var digits = text[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard ASCII.isDigit(byte) else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times.addingReportingOverflow(
                negative ? -Int(byte - 0x30) : Int(byte - 0x30))
            guard !overflow, !overflowAgain else { return nil }
            value = sum
        }
        return value
    }

    /// The decoded query's parameters as Java's `String.split` gives them: at `&`, or at `;`
    /// when that gives one piece (A4.6).
    private static func split<Unit: TextUnit>(
        _ query: Range<Int>, _ units: UnsafeBufferPointer<Unit>,
        _ parameters: inout PlainStore<Range<Int>>
    ) {
        if pieces(query, at: UInt16(UInt8(ascii: "&")), units, &parameters) == 1 {
            _ = pieces(query, at: UInt16(UInt8(ascii: ";")), units, &parameters)
        }
    }

    /// Sets the scratch's parameters to the pieces of the query between separators, trailing
    /// empty ones dropped (the whole query when it has no separator), and says how many.
    private static func pieces<Unit: TextUnit>(
        _ query: Range<Int>, at separator: UInt16, _ units: UnsafeBufferPointer<Unit>,
        _ parameters: inout PlainStore<Range<Int>>
    ) -> Int {
        parameters.count = 0
        var start = query.lowerBound
        while let index = units.firstIndex(of: separator, in: start..<query.upperBound) {
            parameters.append(start..<index)
            start = index + 1
        }
        parameters.append(start..<query.upperBound)
        if parameters.count > 1 {
            while parameters.count > 0, parameters.base[parameters.count - 1].isEmpty {
                parameters.count -= 1
            }
        }
        return parameters.count
    }
}
