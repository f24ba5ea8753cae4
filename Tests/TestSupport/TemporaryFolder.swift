import Foundation

/// A fresh folder under the system's temporary directory, removed with everything in it when
/// the value goes away.
public final class TemporaryFolder {
    public let path: String

    public init() throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("aasa-scan-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    public var url: URL { URL(fileURLWithPath: path) }

    /// Writes a file of the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Writes a text file of the folder (UTF-8) and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }

    /// The bytes of a file of the folder.
    public func read(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path + "/" + name)))
    }
}
