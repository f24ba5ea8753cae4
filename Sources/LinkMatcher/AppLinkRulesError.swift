import AASAModel

/// Why an AASA file could not become an `AppLinkRules`.
public struct AppLinkRulesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in one word a program can switch on.
    public enum Code: String, Sendable, Equatable {
        /// The file could not be read, is not JSON, or is not an AASA file.
        case invalidFile
        /// The rules compile to more automaton than one rule set may take
        /// (`AutomatonSize.limit`); the set would not decide as the file says.
        case tooLarge
    }

    /// What went wrong.
    public var code: Code
    /// The parse error, with file, line, column and a hint, when `code` is `invalidFile`.
    public var parseError: AASAParseError?
    /// The rule that went over the budget, when `code` is `tooLarge`.
    public var budgetExceeded: CompileBudgetExceeded?

    /// An error for a file that could not be read or parsed.
    public init(_ parseError: AASAParseError) {
        code = .invalidFile
        self.parseError = parseError
    }

    /// An error for rules that compile to too much automaton.
    public init(_ budgetExceeded: CompileBudgetExceeded) {
        code = .tooLarge
        self.budgetExceeded = budgetExceeded
    }

    /// The message of the underlying error.
    public var description: String {
        if let parseError { return parseError.description }
        if let budgetExceeded { return budgetExceeded.description }
        return code.rawValue
    }
}
