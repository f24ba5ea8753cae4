import ASCIIBytes

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

    /// Words that name a category, lower case.
    private static let words: [(category: PathCategory, word: [UInt8])] = [
        (
            PathCategory.admin,
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
    ].flatMap { category, words in words.map { (category, Array($0.utf8)) } }

    /// `words` by length, so a segment is compared with words of its own length only.
    private static let wordsByLength: [[(category: PathCategory, word: [UInt8])]] = {
        var table = Array(repeating: [(category: PathCategory, word: [UInt8])](), count: 16)
        for entry in words { table[entry.word.count].append(entry) }
        return table
    }()

    private static let scriptExtensions: [[UInt8]] = ["php", "asp", "aspx", "cgi", "jsp", "env"]
        .map { Array($0.utf8) }

    /// The category of a path (without query): the first of its segments that names one,
    /// else its extension, else a page. Compares in place: it runs for every request measured.
    public func category(of path: UnsafeBufferPointer<UInt8>) -> PathCategory {
        var start = 0
        var first = true
        for index in 0...path.count where index == path.count || path[index] == UInt8(ascii: "/") {
            defer { start = index + 1 }
            guard index > start else { continue }
            let category = Self.category(
                ofWord: UnsafeBufferPointer(rebasing: path[start..<index]), first: first)
            first = false
            if category != .page { return category }
        }
        return extensionCategory(path)
    }

    public func category(of path: String) -> PathCategory {
        Array(path.utf8).withUnsafeBufferPointer { category(of: $0) }
    }

    private static func category(ofWord word: UnsafeBufferPointer<UInt8>, first: Bool)
        -> PathCategory
    {
        if word[0] == UInt8(ascii: ".") { return .system }
        if word.count > 3, equalsFolded(UnsafeBufferPointer(rebasing: word[..<3]), wordPrefix) {
            return equalsFolded(word, wpAdmin) ? .admin : .system
        }
        if word.count < wordsByLength.count {
            for entry in wordsByLength[word.count] where equalsFolded(word, entry.word) {
                return entry.category
            }
        }
        // `/v1/...`, `/v2/...`: a versioned API.
        if first, word.count >= 2, ASCII.lowercased(word[0]) == UInt8(ascii: "v"),
            word.dropFirst().allSatisfy(ASCII.isDigit)
        {
            return .api
        }
        return .page
    }

    private static let wordPrefix = Array("wp-".utf8)
    private static let wpAdmin = Array("wp-admin".utf8)

    /// `bytes`, ASCII letters folded to lower case, equal `lower`.
    private static func equalsFolded(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: [UInt8]) -> Bool
    {
        guard bytes.count == lower.count else { return false }
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if ASCII.lowercased(byte) != lower[index] { return false }
        }
        return true
    }

    private func extensionCategory(_ path: UnsafeBufferPointer<UInt8>) -> PathCategory {
        var index = path.count - 1
        while index >= 0, path[index] != UInt8(ascii: "/") {
            if path[index] == UInt8(ascii: ".") {
                let ext = UnsafeBufferPointer(rebasing: path[(index + 1)...])
                if Self.scriptExtensions.contains(where: { Self.equalsFolded(ext, $0) }) {
                    return .system
                }
                guard ext.count <= 8 else { return .page }
                let lower = ext.map(ASCII.lowercased)
                return assetExtensions.contains(lower) ? .asset : .page
            }
            index -= 1
        }
        return .page
    }
}
