import ASCIIBytes

/// A line layout written the way web servers write it, for `--log-format 'custom:FORMAT'`:
/// Apache `LogFormat` directives (`%h %l %u %t "%r" %>s %b %{Host}i`) or nginx `log_format`
/// variables (`$remote_addr - $remote_user [$time_local] "$request" $status $host`).
///
/// The layout is compiled once into literals and fields; a line is then read left to right,
/// each field ending where the literal after it begins. Only the fields that name the request
/// are kept; the others (addresses, sizes, user agents, ...) are stepped over.
public struct CustomLayout: Sendable, Equatable {
    /// What a field of the layout holds.
    public enum Role: Sendable, Equatable {
        /// `METHOD TARGET PROTOCOL` (`%r`, `$request`).
        case requestLine
        case method
        /// Path and query (`$request_uri`).
        case target
        /// Path only (`%U`, `$uri`).
        case path
        /// Query with its `?` (`%q`).
        case queryWithMark
        /// Query without `?` (`$args`, `$query_string`).
        case query
        case status
        /// Host, maybe with `:port` (`%v`, `%V`, `%{Host}i`, `$host`, `$http_host`).
        case host
        case port
        /// The `User-Agent` header (`%{User-Agent}i`, `$http_user_agent`).
        case userAgent
        /// The time (`%t`, `%{sec}t`, `%{msec}t`, `$time_local`, `$time_iso8601`, `$msec`),
        /// read only when asked for; `spaces` as for `other`.
        case time(spaces: Int)
        /// A field that is read past: `spaces` is how many spaces its values hold (a
        /// timestamp such as `%t` holds one), so that a space after it is found past them.
        case other(spaces: Int)
    }

    /// One piece of the layout.
    public enum Piece: Sendable, Equatable {
        case literal([UInt8])
        case field(Role)
    }

    /// The pieces, in line order; no two fields are adjacent except path then query.
    public let pieces: [Piece]
    /// The text the layout was given as, for messages.
    public let text: String

    /// True when the layout has a time field.
    public var logsTime: Bool {
        pieces.contains { piece in
            if case .field(.time) = piece { return true }
            return false
        }
    }

    /// Why a layout cannot be used.
    public struct LayoutError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Compiles `text`, in Apache (`%`) or nginx (`$`) notation.
    public init(_ text: String) throws(LayoutError) {
        self.text = text
        var pieces: [Piece] = []
        var literal: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        func flush() {
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "%")
            {
                literal.append(byte)
                index += 2
            } else if byte == UInt8(ascii: "%") {
                let (role, next) = try Self.apacheField(bytes, at: index)
                flush()
                pieces.append(.field(role))
                index = next
            } else if byte == UInt8(ascii: "$"),
                let (role, next) = Self.nginxField(bytes, at: index)
            {
                flush()
                pieces.append(.field(role))
                index = next
            } else {
                literal.append(byte)
                index += 1
            }
        }
        flush()
        var previous: Role?
        for piece in pieces {
            guard case .field(let role) = piece else {
                previous = nil
                continue
            }
            if let previous, !(previous == .path && (role == .queryWithMark || role == .query)) {
                throw LayoutError(
                    description: "two fields follow each other with nothing between them in "
                        + "'\(text)'; only a path then its query (%U%q) may")
            }
            previous = role
        }
        let roles = pieces.compactMap { piece -> Role? in
            if case .field(let role) = piece { return role }
            return nil
        }
        guard roles.contains(where: { $0 == .requestLine || $0 == .target || $0 == .path })
        else {
            throw LayoutError(
                description: "'\(text)' has no request field: add %r (Apache) or \"$request\" "
                    + "(nginx), or the path (%U, $uri, $request_uri)")
        }
        self.pieces = pieces
    }

    /// `%[<>][!]?[codes]{arg}X` at `index`: its role and where it ends.
    private static func apacheField(_ bytes: [UInt8], at start: Int) throws(LayoutError)
        -> (Role, Int)
    {
        var index = start + 1
        // Redirect markers and status conditions (`%>s`, `%!200,304{Referer}i`).
        while index < bytes.count,
            bytes[index] == UInt8(ascii: "<") || bytes[index] == UInt8(ascii: ">")
                || bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: ",")
                || ASCII.isDigit(bytes[index])
        {
            index += 1
        }
        var argument = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                throw LayoutError(description: "unclosed %{ in the layout")
            }
            argument = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            index = close + 1
        }
        guard index < bytes.count else {
            throw LayoutError(description: "the layout ends inside a % directive")
        }
        let letter = bytes[index]
        let role: Role
        switch UInt8(letter) {
        case UInt8(ascii: "r"): role = .requestLine
        case UInt8(ascii: "m"): role = .method
        case UInt8(ascii: "U"): role = .path
        case UInt8(ascii: "q"): role = .queryWithMark
        case UInt8(ascii: "s"): role = .status
        case UInt8(ascii: "v"), UInt8(ascii: "V"): role = .host
        case UInt8(ascii: "p"): role = .port
        case UInt8(ascii: "i") where argument.lowercased() == "host": role = .host
        case UInt8(ascii: "i") where argument.lowercased() == "user-agent": role = .userAgent
        case UInt8(ascii: "t"):
            // `%t` is `[10/Oct/2000:13:55:36 -0700]`; `%{FORMAT}t` holds the spaces of FORMAT.
            if argument.isEmpty {
                role = .time(spaces: 1)
            } else if ["sec", "msec", "usec"].contains(argument) {
                role = .time(spaces: 0)
            } else {
                role = .other(spaces: argument.filter { $0 == " " }.count)
            }
        default: role = .other(spaces: 0)
        }
        return (role, index + 1)
    }

    /// `$name` or `${name}` at `index`: its role and where it ends; nil when no name follows.
    private static func nginxField(_ bytes: [UInt8], at start: Int) -> (Role, Int)? {
        var index = start + 1
        let braced = index < bytes.count && bytes[index] == UInt8(ascii: "{")
        if braced { index += 1 }
        let nameStart = index
        while index < bytes.count,
            ASCII.isLetter(bytes[index]) || ASCII.isDigit(bytes[index])
                || bytes[index] == UInt8(ascii: "_")
        {
            index += 1
        }
        guard index > nameStart else { return nil }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        if braced {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else { return nil }
            index += 1
        }
        let role: Role
        switch name {
        case "request": role = .requestLine
        case "request_method": role = .method
        case "request_uri": role = .target
        case "uri", "document_uri": role = .path
        case "args", "query_string": role = .query
        case "status": role = .status
        case "host", "http_host", "server_name": role = .host
        case "server_port": role = .port
        case "http_user_agent": role = .userAgent
        case "time_local": role = .time(spaces: 1)
        case "time_iso8601", "msec": role = .time(spaces: 0)
        default: role = .other(spaces: 0)
        }
        return (role, index)
    }
}
