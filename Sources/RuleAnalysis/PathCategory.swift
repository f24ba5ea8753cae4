/// What kind of resource a path names, by its words: a page a person visits, or something
/// no universal link should open (a static file, an API call, an admin or login page, a
/// server file or a probe). A suggested rule that would also open the latter says so.
public enum PathCategory: Int, Sendable, CaseIterable, Comparable {
    case page
    /// A static file, by extension (the list `scan --skip-assets` uses).
    case asset
    /// `api`, `graphql`, `rest`, `ajax`, `rpc` segments, or a version such as `v2` first.
    case api
    /// `admin`, `wp-admin`, `dashboard`, `manage`, `cms`, `backend`, `internal`, `staff`.
    case admin
    /// `login`, `logout`, `signin`, `signup`, `register`, `auth`, `oauth`, `sso`, `password`.
    case login
    /// Server files and probes: dot segments (`.well-known`, `.env`, `.git`), `wp-*`,
    /// `cgi-bin`, `phpmyadmin`, `.php`/`.asp`/`.aspx`/`.cgi`/`.jsp` scripts.
    case system

    /// The name used in reports.
    public var name: String {
        switch self {
        case .page: "page"
        case .asset: "asset"
        case .api: "api"
        case .admin: "admin"
        case .login: "login"
        case .system: "system"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Sorts paths into `PathCategory`.
public struct PathCategorizer: Sendable {
    /// Lower-case extensions, without the dot, that make a path a static file.
    public var assetExtensions: Set<[UInt8]>

    public init(assetExtensions: [[UInt8]]) {
        self.assetExtensions = Set(assetExtensions)
    }

    private static let words: [(PathCategory, Set<[UInt8]>)] = [
        (
            .admin,
            [
                "admin", "administrator", "wp-admin", "dashboard", "manage", "cms", "backend",
                "internal", "staff",
            ]
        ),
        (
            .login,
            [
                "login", "logout", "signin", "sign-in", "signup", "sign-up", "register", "auth",
                "oauth", "oauth2", "sso", "password", "reset-password",
            ]
        ),
        (.api, ["api", "graphql", "rest", "ajax", "rpc"]),
        (
            .system,
            [
                "cgi-bin", "xmlrpc.php", "phpmyadmin", "pma", "adminer", "server-status",
                "server-info",
            ]
        ),
    ].map { category, words in (category, Set(words.map { Array($0.utf8) })) }

    private static let scriptExtensions: Set<[UInt8]> = Set(
        ["php", "asp", "aspx", "cgi", "jsp", "env"].map { Array($0.utf8) })

    /// The category of a path (without query): the first of its segments that names one,
    /// else its extension, else a page.
    public func category(of path: UnsafeBufferPointer<UInt8>) -> PathCategory {
        var word: [UInt8] = []
        var found = PathCategory.page
        var first = true
        var start = 0
        for index in 0...path.count where index == path.count || path[index] == UInt8(ascii: "/") {
            defer { start = index + 1 }
            guard index > start else { continue }
            word.removeAll(keepingCapacity: true)
            for byte in path[start..<index] { word.append(byte &- 0x41 < 26 ? byte | 0x20 : byte) }
            let category = Self.category(ofWord: word, first: first)
            first = false
            if category != .page {
                found = category
                break
            }
        }
        if found != .page { return found }
        return extensionCategory(path)
    }

    public func category(of path: String) -> PathCategory {
        Array(path.utf8).withUnsafeBufferPointer { category(of: $0) }
    }

    private static func category(ofWord word: [UInt8], first: Bool) -> PathCategory {
        if word.first == UInt8(ascii: ".") || word.starts(with: Array("wp-".utf8)) {
            return word == Array("wp-admin".utf8) ? .admin : .system
        }
        for (category, words) in Self.words where words.contains(word) { return category }
        // `/v1/...`, `/v2/...`: a versioned API.
        if first, word.count >= 2, word[0] == UInt8(ascii: "v"),
            word.dropFirst().allSatisfy({ $0 &- 0x30 < 10 })
        {
            return .api
        }
        return .page
    }

    private func extensionCategory(_ path: UnsafeBufferPointer<UInt8>) -> PathCategory {
        var index = path.count - 1
        while index >= 0, path[index] != UInt8(ascii: "/") {
            if path[index] == UInt8(ascii: ".") {
                let ext = path[(index + 1)...].map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
                if Self.scriptExtensions.contains(ext) { return .system }
                return assetExtensions.contains(ext) ? .asset : .page
            }
            index -= 1
        }
        return .page
    }
}
