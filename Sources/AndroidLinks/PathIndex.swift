/// The path rules (`path`, `pathPrefix`, `pathSuffix`, `pathPattern`, `pathAdvancedPattern`,
/// A4.5) of the filters one host leads to, each kind in the structure that suits it: literal
/// paths in a table, prefixes in a trie, suffixes in a trie of reversed keys, patterns as
/// programs (one per distinct pattern). A lookup meets every filter one of whose rules matches.
/// A class: a decision holds it by one reference, not by each of its tables.
final class PathIndex: Sendable {
    private let literals: UnitTable
    private let literalFilters: [[Int]]
    private let prefixes: UnitTrie
    private let suffixes: UnitTrie
    private let programs: [PatternProgram]
    private let programFilters: [[Int]]

    /// The index of each filter's path rules.
    init(_ filters: [(filter: Int, paths: [AndroidPattern])]) {
        var prefixKeys: [(key: [UInt16], value: Int)] = []
        var suffixKeys: [(key: [UInt16], value: Int)] = []
        var programIndex: [AndroidPattern.Kind: [String: Int]] = [:]
        var literals = UnitTable()
        var literalFilters: [[Int]] = []
        var programs: [PatternProgram] = []
        var programFilters: [[Int]] = []
        for (filter, paths) in filters {
            for pattern in paths {
                switch pattern.kind {
                case .literal:
                    let key = literals.insert(Array(pattern.text.utf16))
                    if key == literalFilters.count { literalFilters.append([]) }
                    literalFilters[key].append(filter)
                case .prefix:
                    prefixKeys.append((Array(pattern.text.utf16), filter))
                case .suffix:
                    suffixKeys.append((Array(pattern.text.utf16), filter))
                case .simpleGlob, .advancedGlob:
                    if let known = programIndex[pattern.kind]?[pattern.text] {
                        programFilters[known].append(filter)
                    } else {
                        programIndex[pattern.kind, default: [:]][pattern.text] = programs.count
                        programs.append(PatternProgram(pattern))
                        programFilters.append([filter])
                    }
                }
            }
        }
        prefixes = UnitTrie(prefixKeys, backward: false)
        suffixes = UnitTrie(suffixKeys, backward: true)
        self.literals = literals
        self.literalFilters = literalFilters
        self.programs = programs
        self.programFilters = programFilters
    }

    /// Calls `body` with each filter one of whose rules matches the path (a filter may come
    /// more than once).
    func forEachMatch<Unit: TextUnit>(_ path: UnsafeBufferPointer<Unit>, _ body: (Int) -> Void) {
        if let key = literals.index(of: path) { literalFilters[key].forEach(body) }
        prefixes.walk(path, body)
        suffixes.walk(path, body)
        for (program, filters) in zip(programs, programFilters) where program.matches(path) {
            filters.forEach(body)
        }
    }
}
