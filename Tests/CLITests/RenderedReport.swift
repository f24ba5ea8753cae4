import Foundation
import TestSupport
import Testing

/// A report read back in its three shapes (JSON, table, CSV) for the checks that every
/// renderer shows the figures of the same model: the JSON's figures are looked up on the
/// table's rows and in the CSV's cells.
struct RenderedReport {
    var json: [String: Any]
    var table: [String]
    var csv: [[String]]

    /// `arguments` run three times with `--format json`, `table` and `csv`. The table is as
    /// wide as its longest row and uncoloured.
    init(_ arguments: [String]) throws {
        let json = try ToolRunner.run(arguments + ["--format", "json"])
        let table = try ToolRunner.run(
            arguments + ["--format", "table", "--color", "never"], environment: ["COLUMNS": "400"])
        let csv = try ToolRunner.run(arguments + ["--format", "csv"])
        #expect(json.status == table.status && json.status == csv.status, "\(table.stderr)")
        self.json = try #require(
            JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any],
            "\(json.stderr)")
        self.table = table.lines
        self.csv = HostileProbeTests.csvCells(csv.stdout)
    }

    /// The rows of the table's section whose title starts with `title`: the lines after it
    /// up to the next blank line.
    func section(_ title: String) -> [String] {
        guard let start = table.firstIndex(where: { $0.hasPrefix(title) }) else { return [] }
        return Array(table[(start + 1)...].prefix { !$0.isEmpty })
    }

    /// Expects a row of the section `title` that holds `key` to show each of `figures` as a
    /// cell of its own (cells are separated by spaces).
    func expectRow(
        _ title: String, key: String, shows figures: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let rows = section(title).filter { $0.contains(key) }
        #expect(!rows.isEmpty, "no row \(key) in \(title)", sourceLocation: sourceLocation)
        let shown = rows.contains { row in
            let cells = Set(row.split(separator: " ").map(String.init))
            return figures.allSatisfy(cells.contains)
        }
        #expect(shown, "\(title) \(key): \(figures) in \(rows)", sourceLocation: sourceLocation)
    }

    /// The CSV's value for the row whose first cells are `prefix`, in the column `column`.
    func csvValue(_ prefix: [String], column: Int) -> String? {
        csv.first { Array($0.prefix(prefix.count)) == prefix }.flatMap {
            column < $0.count ? $0[column] : nil
        }
    }

    /// Expects the CSV row starting with `prefix` to hold `value` in `column`.
    func expectCSV(
        _ prefix: [String], column: Int, _ value: Any?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            csvValue(prefix, column: column) == Self.text(value), "\(prefix)",
            sourceLocation: sourceLocation)
    }

    /// A JSON number or string as the CSV writes it.
    static func text(_ value: Any?) -> String? {
        switch value {
        case let number as NSNumber: number.stringValue
        case let text as String: text
        default: nil
        }
    }

    /// A count as the table writes it: `1,234,567`.
    static func grouped(_ value: Any?) -> String {
        let digits = Array(String((value as? Int) ?? -1))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// A percentage as the table writes it: one decimal and `%`.
    static func percent(_ value: Any?) -> String {
        String(format: "%.1f%%", (value as? Double) ?? -1)
    }

    static func rows(_ value: Any?) -> [[String: Any]] { value as? [[String: Any]] ?? [] }
}
