import Foundation

/// A strict reading of an OpenMetrics text, written from the format's rules and not from the
/// writer: descriptors before samples, each sample in the family declared last (a counter's
/// as `NAME_total`), only the escapes `\\`, `\"` and `\n` in label values, no series twice,
/// and `# EOF` as the last line.
struct Exposition {
    struct Series: Hashable, CustomStringConvertible {
        var name: String
        var labels: [String: String]
        var description: String { "\(name)\(labels.sorted { $0.key < $1.key })" }
    }

    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    /// Family name to its type, and to its unit when it has one.
    private(set) var types: [String: String] = [:]
    private(set) var units: [String: String] = [:]
    private(set) var values: [Series: Double] = [:]

    init(openMetrics text: String) throws {
        guard text.hasSuffix("# EOF\n") else { throw Invalid(description: "no # EOF at the end") }
        let lines = text.dropLast("# EOF\n".count).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .dropLast()
        var family: String?
        for line in lines {
            if line.hasPrefix("# ") {
                let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
                guard parts.count >= 3 else { throw Invalid(description: "bad line: \(line)") }
                switch parts[1] {
                case "HELP": family = parts[2]
                case "TYPE" where parts[2] == family && parts.count == 4:
                    types[parts[2]] = parts[3]
                case "UNIT" where parts[2] == family && parts.count == 4:
                    guard parts[2].hasSuffix("_" + parts[3]) else {
                        throw Invalid(description: "\(parts[2]) does not end in its unit")
                    }
                    units[parts[2]] = parts[3]
                default: throw Invalid(description: "bad descriptor: \(line)")
                }
                continue
            }
            guard let family, let type = types[family] else {
                throw Invalid(description: "a sample before its family: \(line)")
            }
            let (series, value) = try Self.sample(line)
            guard series.name == (type == "counter" ? family + "_total" : family) else {
                throw Invalid(description: "\(series.name) is not a sample of \(family)")
            }
            guard values.updateValue(value, forKey: series) == nil else {
                throw Invalid(description: "\(series) given twice")
            }
        }
    }

    private static func sample(_ line: Substring) throws -> (Series, Double) {
        // Scalars, not characters: a combining mark after a quote must not hide the quote.
        let characters = Array(line.unicodeScalars)
        var index = 0
        var name = ""
        while index < characters.count, characters[index] != "{", characters[index] != " " {
            name.unicodeScalars.append(characters[index])
            index += 1
        }
        var labels: [String: String] = [:]
        if index < characters.count, characters[index] == "{" {
            index += 1
            while characters[index] != "}" {
                var key = ""
                while characters[index] != "=" {
                    key.unicodeScalars.append(characters[index])
                    index += 1
                }
                guard characters[index + 1] == "\"" else { throw Invalid(description: "\(line)") }
                index += 2
                var value = ""
                while characters[index] != "\"" {
                    if characters[index] == "\\" {
                        index += 1
                        switch characters[index] {
                        case "\\": value.append("\\")
                        case "\"": value.append("\"")
                        case "n": value.append("\n")
                        default: throw Invalid(description: "unknown escape in \(line)")
                        }
                    } else {
                        value.unicodeScalars.append(characters[index])
                    }
                    index += 1
                }
                index += 1
                guard labels.updateValue(value, forKey: key) == nil else {
                    throw Invalid(description: "label \(key) twice in \(line)")
                }
                if characters[index] == "," { index += 1 }
            }
            index += 1
        }
        guard index < characters.count, characters[index] == " ",
            let value = Double(String(String.UnicodeScalarView(characters[(index + 1)...])))
        else { throw Invalid(description: "no value in \(line)") }
        return (Series(name: name, labels: labels), value)
    }
}
