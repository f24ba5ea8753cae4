import ArgumentParser
import CLISupport
import LibC
import Reports

@main
struct AASAScan: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa-scan",
        abstract: "Which URLs open an iOS/macOS app as universal links, decided exactly as Apple "
            + "decides them, and how much of real traffic that covers.",
        discussion: """
            Exit codes: 0 success; 1 a requested gate failed; 2 input or runtime error \
            (unreadable or corrupt input, invalid AASA file); 64 usage error.
            """,
        version: "0.1.0",
        subcommands: [
            ScanCommand.self, MergeCommand.self, MatchCommand.self, ExplainCommand.self,
            LintCommand.self, GenerateCommand.self, SuggestCommand.self,
            DiffCommand.self, BenchCommand.self, FetchCommand.self,
        ]
    )

    /// A reader that goes away makes writes fail with `EPIPE` (handled where output is
    /// written: a quiet end with status 0) instead of killing the process with `SIGPIPE`, on
    /// standard error as on standard output. A command that fails says why and ends with its
    /// status (`CommandFailure`); usage errors and help are the parser's, or shown as it
    /// shows them (`usageError`).
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        var command: any ParsableCommand
        do {
            // File names as the system gave them, bytes that are not UTF-8 included
            // (`FileName`).
            command = try parseAsRoot(Array(FileName.commandLineArguments().dropFirst()))
        } catch {
            exit(withError: error)
        }
        do {
            try command.run()
        } catch let failure as CommandFailure {
            failure.report()
            exit(withError: ExitCode(failure.status))
        } catch let error as ValidationError where type(of: command) != AASAScan.self {
            usageError(error, of: type(of: command))
        } catch {
            exit(withError: error)
        }
    }

    /// A value checked only once the command runs (against another value, or what a file
    /// holds) is a usage error of that command: it shows that command's usage, as the parser
    /// does for the errors it finds, not the list of commands.
    private static func usageError(_ error: ValidationError, of command: any ParsableCommand.Type)
        -> Never
    {
        let name = [configuration.commandName, command.configuration.commandName]
            .compactMap { $0 }.joined(separator: " ")
        StandardError.line("Error: " + TerminalText.escaped(error.message))
        StandardError.line("Usage: " + usageString(for: command))
        StandardError.line("  See '\(name) --help' for more information.")
        exit(withError: ExitCode.validationFailure)
    }
}
