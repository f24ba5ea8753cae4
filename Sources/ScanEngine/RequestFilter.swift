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

    public init() {}

    /// File extensions of static assets (lower case, without the dot).
    public static let assetExtensions: [[UInt8]] = [
        "css", "js", "mjs", "map", "png", "jpg", "jpeg", "gif", "webp", "avif", "svg", "ico",
        "bmp", "tif", "tiff", "woff", "woff2", "ttf", "otf", "eot", "mp4", "webm", "mp3", "ogg",
        "wav", "m4a", "mov", "avi", "pdf", "zip", "gz", "tgz", "bz2", "xz", "zst", "rar", "7z",
        "dmg", "exe", "apk", "ipa", "txt", "xml", "json", "wasm",
    ].map { Array($0.utf8) }

    public var isEmpty: Bool {
        methods.isEmpty && statusClasses.isEmpty && statusCodes.isEmpty && !skipAssets
    }

    /// True when `--status` was given.
    var filtersStatus: Bool { !statusClasses.isEmpty || !statusCodes.isEmpty }

    /// Why a request is left out, or nil to classify it. A request that logs no method (URL
    /// lists) or no status (`-`, formats without one) cannot be judged by that filter and is
    /// kept: the caller counts it, and the user is told, instead of a silent 0%.
    @inline(__always)
    func reason(method: UnsafeBufferPointer<UInt8>, status: Int, path: UnsafeBufferPointer<UInt8>)
        -> FilterReason?
    {
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
        if skipAssets, Self.isAsset(path) { return .asset }
        return nil
    }

    static func isAsset(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
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
        guard length <= 5 else { return false }
        return assetExtensions.contains { ext in
            ext.count == length
                && zip(ext, path[(dot + 1)...]).allSatisfy {
                    $0 == ($1 &- 0x41 < 26 ? $1 | 0x20 : $1)
                }
        }
    }
}
