/// The plainest possible reading of a combined-format line, independent of the generator
/// and of the project's log parsers: split on `"` and on spaces, check every field's shape.
struct CombinedLine {
    static let methods: Set<String> = ["GET", "HEAD", "POST", "OPTIONS"]
    static let statuses: Set<String> = ["200", "301", "304", "400", "404", "500"]

    var method: String
    var target: [UInt8]
    var status: String

    /// Nil when the line is not `addr - - [time] "METHOD /target HTTP/x" status bytes
    /// "referer" "agent"`.
    init?(_ line: ArraySlice<UInt8>) {
        let quoted = line.split(separator: UInt8(ascii: "\""), omittingEmptySubsequences: false)
        guard quoted.count == 7, quoted[6].isEmpty, Array(quoted[4]) == [UInt8(ascii: " ")]
        else { return nil }
        let head = String(decoding: quoted[0], as: UTF8.self)
        guard head.hasSuffix(" +0000] "), head.contains(" - - [") else { return nil }
        let request = quoted[1].split(
            separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard request.count == 3, let method = String(validating: request[0], as: UTF8.self),
            Self.methods.contains(method), request[1].first == UInt8(ascii: "/"),
            request[2].starts(with: Array("HTTP/".utf8))
        else { return nil }
        let numbers = quoted[2].split(separator: UInt8(ascii: " "))
        guard numbers.count == 2, let status = String(validating: numbers[0], as: UTF8.self),
            Self.statuses.contains(status), numbers[1].allSatisfy({ $0 >= 48 && $0 <= 57 }),
            !quoted[3].isEmpty, !quoted[5].isEmpty
        else { return nil }
        self.method = method
        self.target = Array(request[1])
        self.status = status
    }
}
