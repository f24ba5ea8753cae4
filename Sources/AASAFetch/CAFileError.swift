import LibC

/// Why `--ca-file` cannot be used.
public struct CAFileError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "cannot read the CA file \(path): \(reason)" }

    /// A readable file holding at least one PEM certificate passes.
    static func check(_ path: String) throws(CAFileError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CAFileError(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        // A bundle of every public root is about 200 KB; 16 MiB is more than any.
        while bytes.count < 1 << 24 {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw CAFileError(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes += block[..<count]
        }
        let marker = Array("-----BEGIN CERTIFICATE-----".utf8)
        guard bytes.count >= marker.count,
            (0...(bytes.count - marker.count)).contains(where: {
                bytes[$0..<($0 + marker.count)].elementsEqual(marker)
            })
        else { throw CAFileError(path: path, reason: "it holds no PEM certificate") }
    }
}
