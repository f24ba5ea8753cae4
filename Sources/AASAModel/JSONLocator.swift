/// Finds where in a file the value a diagnostic's JSON path names starts, so that every
/// finding, those proven on the compiled rules included, points at a line and a column.
struct JSONLocator {
    private let root: JSONNode

    init(root: JSONNode) { self.root = root }

    /// One step of a path written by `JSONPath`: `.key`, `["key"]` or `[3]`.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// Where the value at `path` starts; where the deepest value the path reaches starts when
    /// the rest of it names nothing in the file (a default the file does not spell out).
    func location(of path: String) -> SourceLocation {
        var node = root
        for step in Self.steps(path) ?? [] {
            switch (step, node.value) {
            case (.key(let key), .object):
                guard let next = node.member(key) else { return node.location }
                node = next
            case (.index(let index), .array(let items)) where items.indices.contains(index):
                node = items[index]
            default:
                return node.location
            }
        }
        return node.location
    }

    /// The steps of a path as `JSONPath` writes it, or nil for text it never writes.
    static func steps(_ path: String) -> [Step]? {
        if path == JSONPath.root { return [] }
        let text = Array(path.unicodeScalars)
        var steps: [Step] = []
        var at = 0
        func identifier() -> String {
            var name = String.UnicodeScalarView()
            while at < text.count, text[at] != ".", text[at] != "[" {
                name.append(text[at])
                at += 1
            }
            return String(name)
        }
        while at < text.count {
            switch text[at] {
            case ".":
                at += 1
                steps.append(.key(identifier()))
            case "[":
                at += 1
                guard at < text.count else { return nil }
                if text[at] == "\"" {
                    at += 1
                    var key = String.UnicodeScalarView()
                    while at < text.count, text[at] != "\"" {
                        if text[at] == "\\", at + 1 < text.count { at += 1 }
                        key.append(text[at])
                        at += 1
                    }
                    // The closing quote and bracket.
                    guard at + 1 < text.count, text[at + 1] == "]" else { return nil }
                    at += 2
                    steps.append(.key(String(key)))
                } else {
                    var digits = ""
                    while at < text.count, text[at] != "]" {
                        digits.unicodeScalars.append(text[at])
                        at += 1
                    }
                    guard at < text.count, let index = Int(digits) else { return nil }
                    at += 1
                    steps.append(.index(index))
                }
            default:
                guard steps.isEmpty else { return nil }
                steps.append(.key(identifier()))
            }
        }
        return steps
    }
}

extension AASADocument {
    /// `diagnostics` with a location for each one that had none: where the value its path
    /// names starts in `bytes`, the file the document was parsed from (the JSON inside a
    /// signed file). Unchanged when the bytes do not parse.
    public static func locating(_ diagnostics: [Diagnostic], in bytes: [UInt8]) -> [Diagnostic] {
        guard diagnostics.contains(where: { $0.location == nil }),
            let json = try? unwrapped(bytes).json, let root = try? parseJSON(json)
        else { return diagnostics }
        let locator = JSONLocator(root: root)
        return diagnostics.map { diagnostic in
            guard diagnostic.location == nil else { return diagnostic }
            var located = diagnostic
            located.location = locator.location(of: diagnostic.path)
            return located
        }
    }
}
