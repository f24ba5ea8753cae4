/// A JSON object written key by key, in the order of the calls, straight into bytes.
package struct JSONObject {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]

    package init() {}

    private mutating func key(_ key: String) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        JSONText.appendQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    package mutating func add(_ key: String, raw: String) {
        self.key(key)
        bytes.append(contentsOf: raw.utf8)
    }
    package mutating func add(_ key: String, string: String) {
        self.key(key)
        JSONText.appendQuoted(string, to: &bytes)
    }
    package mutating func add(_ key: String, bytes value: [UInt8]) {
        add(key, raw: JSONText.quoted(bytes: value))
    }
    package mutating func add(_ key: String, count: UInt64) { add(key, raw: String(count)) }
    /// One key per count, in the order given.
    package mutating func add(counts: KeyValuePairs<String, UInt64>) {
        for (key, count) in counts { add(key, count: count) }
    }

    package var text: String { String(decoding: bytes + [UInt8(ascii: "}")], as: UTF8.self) }
}
