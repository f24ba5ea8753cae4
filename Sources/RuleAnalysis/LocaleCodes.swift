import LinkMatcher

/// The codes `$(lang)` and `$(region)` match, as bytes, to recognise locale segments.
enum LocaleCodes {
    static let languages: Set<[UInt8]> = Set(PredefinedWords.languageCodes.map { Array($0.utf8) })
    static let regions: Set<[UInt8]> = Set(PredefinedWords.regionCodes.map { Array($0.utf8) })
}
