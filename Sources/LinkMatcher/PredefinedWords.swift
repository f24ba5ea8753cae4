/// The word lists of `$(lang)` and `$(region)` (SEMANTICS.md S6.3), for code that writes
/// patterns and must know which path segments such a variable matches.
public enum PredefinedWords {
    /// The 631 language codes `$(lang)` stands for.
    public static var languageCodes: [String] { PredefinedVariable.languageCodes }
    /// The 257 region codes `$(region)` stands for.
    public static var regionCodes: [String] { PredefinedVariable.regionCodes }
}
