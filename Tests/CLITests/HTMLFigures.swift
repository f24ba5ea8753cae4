import Foundation
import Testing

/// What an HTML report marks for machines, read back from its markup: report-wide figures by
/// their JSON path (`data-metric`), and the rows of its tables (`<tr>` with data attributes)
/// with their cells. The report writes double-quoted attributes only, which keeps this short.
struct HTMLFigures {
    struct Tag {
        var name: String
        var attributes: [String: String]
        /// The text right after the tag, up to the next tag.
        var text: String
    }

    struct Row {
        var attributes: [String: String]
        var cells: [Tag]

        /// The `data-value` of the cell whose `data-field` is `field`.
        func value(_ field: String) -> String? {
            cells.first { $0.attributes["data-field"] == field }?.attributes["data-value"]
        }
    }

    let html: String
    let tags: [Tag]

    init(_ html: String) {
        self.html = html
        let pattern = #/<([a-zA-Z0-9]+)((?:\s+[a-zA-Z-]+="[^"]*")*)\s*>([^<]*)/#
        let attribute = #/([a-zA-Z-]+)="([^"]*)"/#
        tags = html.matches(of: pattern).map { match in
            var attributes: [String: String] = [:]
            for pair in match.output.2.matches(of: attribute) {
                attributes[String(pair.output.1)] = Self.unescaped(String(pair.output.2))
            }
            return Tag(
                name: String(match.output.1), attributes: attributes,
                text: Self.unescaped(String(match.output.3)))
        }
    }

    /// Character references back to characters.
    static func unescaped(_ text: String) -> String {
        text.replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&quot;", with: "\"").replacing("&#39;", with: "'")
            .replacing("&amp;", with: "&")
    }

    /// Plain text (no controls) as the report writes it.
    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
            .replacing("'", with: "&#39;")
    }

    /// Every `data-metric` with its `data-value`, in document order.
    var metrics: [(path: String, value: String)] {
        tags.compactMap { tag in
            guard let path = tag.attributes["data-metric"], let value = tag.attributes["data-value"]
            else { return nil }
            return (path, value)
        }
    }

    /// The body rows of the table with this id (empty when there is none).
    func rows(_ table: String) -> [Row] {
        guard let start = html.range(of: "id=\"\(table)\""),
            let end = html.range(of: "</table>", range: start.upperBound..<html.endIndex)
        else { return [] }
        var rows: [Row] = []
        for tag in HTMLFigures(String(html[start.upperBound..<end.lowerBound])).tags {
            if tag.name == "tr", tag.attributes.keys.contains(where: { $0.hasPrefix("data-") }) {
                rows.append(Row(attributes: tag.attributes, cells: []))
            } else if tag.name != "tr", !rows.isEmpty {
                rows[rows.count - 1].cells.append(tag)
            }
        }
        return rows
    }

    /// The value at a dotted JSON path (`totals.filtered.total`) of `object`.
    static func resolve(_ path: String, in object: [String: Any]) -> Any? {
        var current: Any? = object
        for key in path.split(separator: ".") {
            current = (current as? [String: Any])?[String(key)]
        }
        return current
    }

    /// True when a `data-value` reads as the JSON value: the same boolean, or the same number
    /// (the JSON's percentages have three decimals, as the attribute).
    static func same(_ value: String, _ json: Any?) -> Bool {
        if value == "true" || value == "false" { return (json as? Bool) == (value == "true") }
        guard let number = json as? NSNumber, let parsed = Double(value) else { return false }
        return number.doubleValue == parsed
    }

    /// Expects every marked figure to equal the JSON report's, and `required` to be marked.
    func expectMetricsEqual(_ json: [String: Any], required: [String]) {
        let metrics = metrics
        for (path, value) in metrics {
            #expect(
                Self.same(value, Self.resolve(path, in: json)),
                "\(path): html \(value), json \(String(describing: Self.resolve(path, in: json)))"
            )
        }
        for path in required {
            #expect(metrics.contains { $0.path == path }, "\(path) is not marked")
        }
    }

    /// `1234567` as the report shows it, `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (value < 0 ? "−" : "") + text
    }

    /// Expects every cell and figure marked with a count to show that count, grouped.
    func expectShownCountsEqualValues() {
        for tag in tags {
            guard let value = tag.attributes["data-value"], let number = Int(value) else {
                continue
            }
            let shown = tag.text.trimmingCharacters(in: .whitespaces)
            let expected =
                (number > 0 && tag.attributes["class"]?.contains("up") == true ? "+" : "")
                + Self.grouped(number)
            #expect(shown == expected, "\(tag.name) \(tag.attributes)")
        }
    }
}
