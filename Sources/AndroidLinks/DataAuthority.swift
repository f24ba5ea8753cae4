/// An `android:host` with the `android:port` of the same `<data>` element (A4.3, A4.4).
public struct DataAuthority: Sendable, Equatable {
    /// The host as written: `example.com`, `*.example.com`, `*`.
    public var host: String
    /// The port as written, if it is.
    public var port: Int?
    /// The line of the `<data>` element.
    public var line: Int

    /// An authority with every field given.
    public init(host: String, port: Int? = nil, line: Int) {
        self.host = host
        self.port = port
        self.line = line
    }

    /// The port a URL must write, if any: the written one unless it is negative, which, like
    /// none, takes any port (A4.4).
    public var requiredPort: Int? { port.flatMap { $0 >= 0 ? $0 : nil } }

    /// True when the host starts with `*`: the rest must then end the URL's host.
    public var isWildcard: Bool { host.hasPrefix("*") }
}
