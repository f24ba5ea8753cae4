import ASCIIBytes
import CoverageStats

/// Which requests are left out before classification (`--methods`, `--status`,
/// `--skip-assets`); by default every request line is classified.
public struct RequestFilter: Sendable, Equatable {
    /// Upper-case methods to keep; empty keeps all.
    public var methods: [[UInt8]] = []
    /// Status codes to keep: `2xx` style classes or exact codes; empty keeps all.
    public var statusClasses: Set<Int> = []
    public var statusCodes: Set<Int> = []
    /// Leave out static files (by extension of the last path segment).
    public var skipAssets = false
    /// The extensions `skipAssets` leaves out (lower case, without the dot).
    public var assetExtensions: [[UInt8]] = Self.defaultAssetExtensions
    /// Leave out requests whose user agent names a well-known crawler.
    public var skipBots = false
    /// Keep only requests logged at or after `since` and before `until` (UTC seconds): the
    /// window includes its start and excludes its end, so consecutive windows
    /// (`--since D1 --until D2`, then `--since D2 --until D3`) count every request once.
    public var since: Int64?
    public var until: Int64?

    public init() {}

    /// True when `--since` or `--until` was given.
    public var filtersTime: Bool { since != nil || until != nil }

    /// Substrings of the user agents of well-known crawlers, lower case: search engines,
    /// link previews, archivers, SEO and AI crawlers, uptime checkers.
    public static let botAgents: [[UInt8]] = [
        "googlebot", "google-inspectiontool", "adsbot-google", "mediapartners-google",
        "storebot-google", "bingbot", "bingpreview", "msnbot", "slurp", "duckduckbot",
        "baiduspider", "yandexbot", "yandeximages", "sogou", "exabot", "applebot",
        "facebookexternalhit", "facebot", "meta-externalagent", "twitterbot", "linkedinbot",
        "pinterestbot", "slackbot", "discordbot", "telegrambot", "whatsapp", "ia_archiver",
        "archive.org_bot", "semrushbot", "ahrefsbot", "mj12bot", "dotbot", "petalbot",
        "bytespider", "gptbot", "chatgpt-user", "oai-searchbot", "ccbot", "claudebot",
        "anthropic-ai", "perplexitybot", "amazonbot", "seznambot", "rogerbot", "screaming frog",
        "uptimerobot", "pingdom", "statuscake",
    ].map { Array($0.utf8) }

    /// The extensions `--skip-assets` leaves out unless `--asset-extensions` says otherwise.
    public static let defaultAssetExtensions: [[UInt8]] = [
        "css", "js", "mjs", "map", "png", "jpg", "jpeg", "gif", "webp", "avif", "svg", "ico",
        "bmp", "tif", "tiff", "woff", "woff2", "ttf", "otf", "eot", "mp4", "webm", "mp3", "ogg",
        "wav", "m4a", "mov", "avi", "pdf", "zip", "gz", "tgz", "bz2", "xz", "zst", "rar", "7z",
        "dmg", "exe", "apk", "ipa", "txt", "xml", "json", "wasm",
    ].map { Array($0.utf8) }

    public var isEmpty: Bool {
        methods.isEmpty && statusClasses.isEmpty && statusCodes.isEmpty && !skipAssets
            && !skipBots
    }

    /// True when `--status` was given.
    var filtersStatus: Bool { !statusClasses.isEmpty || !statusCodes.isEmpty }

    /// Why a request is left out, or nil to classify it. A request that logs no method (URL
    /// lists) or no status (`-`, formats without one) cannot be judged by that filter and is
    /// kept: the caller counts it, and the user is told, instead of a silent 0%.
    @inline(__always)
    func reason(
        method: UnsafeBufferPointer<UInt8>, status: Int, path: UnsafeBufferPointer<UInt8>,
        agent: UnsafeBufferPointer<UInt8>? = nil
    ) -> FilterReason? {
        if !methods.isEmpty, !method.isEmpty,
            !methods.contains(where: { $0.elementsEqual(method) })
        {
            return .method
        }
        if filtersStatus, status != 0, !statusClasses.contains(status / 100),
            !statusCodes.contains(status)
        {
            return .status
        }
        if skipAssets, isAsset(path) { return .asset }
        if skipBots, let agent, Self.isBot(agent) { return .bot }
        return nil
    }

    /// Whether `agent` holds one of `botAgents`, compared case-insensitively.
    static func isBot(_ agent: UnsafeBufferPointer<UInt8>) -> Bool {
        guard agent.count >= 4 else { return false }
        for start in 0..<agent.count {
            let first = ASCII.lowercased(agent[start])
            for bot in botAgents where bot[0] == first && bot.count <= agent.count - start {
                var matched = true
                for offset in 1..<bot.count {
                    let byte = agent[start + offset]
                    if ASCII.lowercased(byte) != bot[offset] {
                        matched = false
                        break
                    }
                }
                if matched { return true }
            }
        }
        return false
    }

    func isAsset(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        var dot = path.count
        var index = path.count - 1
        while index >= 0 {
            let byte = path[index]
            if byte == UInt8(ascii: "/") { return false }
            if byte == UInt8(ascii: ".") {
                dot = index
                break
            }
            index -= 1
        }
        guard dot < path.count - 1 else { return false }
        let length = path.count - dot - 1
        return assetExtensions.contains { ext in
            ext.count == length
                && zip(ext, path[(dot + 1)...]).allSatisfy { $0 == ASCII.lowercased($1) }
        }
    }
}
