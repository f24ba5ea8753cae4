import ArgumentParser
import LibC

/// `aasa-scan fetch`: runs `aasa-scan-fetch`, found beside this executable. It is built apart
/// (`make fetch`, package `Fetch/`) because its HTTP client takes minutes to compile, which
/// every other use of aasa-scan should not pay for.
struct FetchCommand: ParsableCommand {
    static let helperName = "aasa-scan-fetch"

    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch AASA files as iOS gets them (Apple's CDN and the site) and check how "
            + "they are served. Built apart: make fetch.",
        discussion: """
            Runs aasa-scan-fetch from the folder of this executable; `make fetch` builds it \
            and puts it there. `aasa-scan fetch --help` shows its options.
            """,
        // Every argument, --help included, goes to aasa-scan-fetch.
        helpNames: [])

    @Argument(parsing: .captureForPassthrough, help: "The arguments of aasa-scan-fetch.")
    var arguments: [String] = []

    func run() throws {
        let helper = Self.ownDirectory() + "/" + Self.helperName
        guard access(helper, X_OK) == 0 else {
            StandardError.line(
                "aasa-scan: error: fetch is built apart and \(TerminalText.escaped(helper)) is "
                    + "missing: run `make fetch` in the aasa-scan folder (it builds "
                    + "\(Self.helperName) and puts it beside aasa-scan)")
            throw ExitCode(2)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = ([helper] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(helper, argv)
        StandardError.line(
            "aasa-scan: error: cannot run \(TerminalText.escaped(helper)): "
                + String(cString: strerror(errno)))
        throw ExitCode(2)
    }

    /// The folder of the running executable (links resolved).
    private static func ownDirectory() -> String {
        guard let path = executablePath(), let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
