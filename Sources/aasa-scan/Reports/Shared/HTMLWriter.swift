import CLISupport
import TextFormat

/// An HTML document written element by element. Tags and attribute names are our own
/// constants; every attribute value and every text goes through `HTMLText`, so a caller
/// cannot put a string from a log into the markup unescaped by forgetting to. Attribute
/// values from logs or files are passed as `TerminalText.escaped` makes them, so a row's
/// `data-path` reads as its cell does.
package struct HTMLWriter {
    /// Attributes in the order written; a nil value leaves the attribute out.
    package typealias Attributes = KeyValuePairs<String, String?>

    private(set) var html = ""

    /// Markup we wrote ourselves (constants, or the output of another `HTMLWriter`).
    package mutating func raw(_ markup: String) { html += markup }

    /// Untrusted text from a log or an AASA file.
    package mutating func text(_ untrusted: String) { html += HTMLText.escaped(untrusted) }

    /// Untrusted bytes from a log.
    package mutating func text(bytes: some Collection<UInt8>) {
        html += HTMLText.escaped(bytes: bytes)
    }

    /// Our own words.
    package mutating func say(_ own: String) { html += HTMLText.plain(own) }

    package mutating func open(_ tag: String, _ attributes: Attributes = [:]) {
        html += "<" + tag
        for (name, value) in attributes {
            guard let value else { continue }
            html += " " + name + "=\"" + HTMLText.plain(value) + "\""
        }
        html += ">"
    }

    package mutating func close(_ tag: String) { html += "</" + tag + ">" }

    /// An element holding our own words.
    package mutating func element(_ tag: String, _ attributes: Attributes = [:], say own: String) {
        open(tag, attributes)
        say(own)
        close(tag)
    }

    /// An element holding untrusted text.
    package mutating func element(
        _ tag: String, _ attributes: Attributes = [:], text untrusted: String
    ) {
        open(tag, attributes)
        text(untrusted)
        close(tag)
    }

    /// An element whose content `body` writes.
    package mutating func element(
        _ tag: String, _ attributes: Attributes = [:], _ body: (inout HTMLWriter) -> Void
    ) {
        open(tag, attributes)
        body(&self)
        close(tag)
    }

    /// A count cell: `1,234` shown, `data-value="1234"` for machines. `field` names the
    /// column (as the JSON row names it); `metric` is the JSON path of a report-wide figure.
    package mutating func count(
        _ value: UInt64, tag: String = "td", field: String? = nil, metric: String? = nil,
        errorBound: UInt64 = 0, classes: String = "n"
    ) {
        open(
            tag,
            [
                "class": classes.isEmpty ? nil : classes, "data-field": field,
                "data-metric": metric,
                "data-value": String(value),
                "data-error-bound": errorBound > 0 ? String(errorBound) : nil,
            ])
        say(Format.count(value))
        if errorBound > 0 {
            element("small", ["class": "bound"], say: " ±" + Format.count(errorBound))
        }
        close(tag)
    }
}
