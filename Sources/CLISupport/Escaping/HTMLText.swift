/// Text made safe for the HTML report. Every string that comes from a log or an AASA file
/// goes through here: `&`, `<`, `>`, `"` and `'` become character references, so no log line
/// can open an element or leave an attribute; and what the terminal escaping makes visible
/// (controls, bidirectional and other format characters, bytes that are not UTF-8,
/// backslashes) gets the same visible escape, so nothing can reorder or hide what is shown.
package enum HTMLText {
    /// Untrusted text as element content; escapes are marked `<span class="ctl">`.
    package static func escaped(_ text: String) -> String { escaped(bytes: Array(text.utf8)) }

    /// Untrusted bytes (a path or host from a log) as element content.
    package static func escaped(bytes: some Collection<UInt8>) -> String {
        var out = ""
        out.reserveCapacity(bytes.count)
        TerminalText.forEachPiece(bytes) { piece in
            switch piece {
            case .character(let scalar): appendReference(scalar, to: &out)
            case .escape(let text): out += #"<span class="ctl">"# + text + "</span>"
            }
        }
        return out
    }

    /// Text that holds no controls (our own words, or untrusted text already made visible by
    /// `TerminalText.escaped`, as attribute values are): only the five characters are
    /// replaced.
    package static func plain(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { appendReference(scalar, to: &out) }
        return out
    }

    private static func appendReference(_ scalar: Unicode.Scalar, to out: inout String) {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.unicodeScalars.append(scalar)
        }
    }
}
