import CLISupport
import LibC

/// The entries of a folder, read with `opendir`.
enum FolderEntries {
    /// The names in `directory`, hidden ones (a leading `.`) left out, in the order the system
    /// gives them; a folder that cannot be read ends the command with status 2.
    static func names(in directory: String) throws -> [String] {
        guard let handle = FileName.withPlatformPath(directory, { opendir($0) }) else {
            throw CommandFailure.error("cannot read the folder \(TerminalText.escaped(directory))")
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                FileName.decode(raw.prefix(while: { $0 != 0 }))
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names
    }
}
