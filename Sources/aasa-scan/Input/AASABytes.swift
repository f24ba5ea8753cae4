import AASAModel
import LibC
import Synchronization

/// The bytes of AASA files. Standard input (`--aasa -`) and FIFOs can be read only once: their
/// bytes are kept, so that a stream named twice (`diff --old f.fifo --new f.fifo`), or read
/// again for a saved state, gives the same bytes instead of waiting forever for a writer.
/// Regular files are read each time.
enum AASABytes {
    private static let streams = Mutex<[String: [UInt8]]>([:])

    static func read(_ path: String) throws(AASAParseError) -> [UInt8] {
        guard let key = streamKey(path) else { return try AASADocument.readBytes(path: path) }
        if let bytes = streams.withLock({ $0[key] }) { return bytes }
        let bytes =
            path == "-"
            ? try AASADocument.readStandardInputBytes() : try AASADocument.readBytes(path: path)
        streams.withLock { $0[key] = bytes }
        return bytes
    }

    /// What names a stream: `-`, or a FIFO or device by device and inode; nil for a file.
    private static func streamKey(_ path: String) -> String? {
        if path == "-" { return "-" }
        var info = stat()
        guard FileName.withPlatformPath(path, { stat($0, &info) }) == 0,
            info.st_mode & S_IFMT != S_IFREG
        else { return nil }
        return "\(info.st_dev):\(info.st_ino)"
    }
}
