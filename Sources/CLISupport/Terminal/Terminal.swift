import LibC

/// What the tool knows of the terminal it runs in, asked in one place: whether a stream is a
/// terminal, how wide it is, whether it is a dumb one, and so whether tables are coloured and
/// progress is drawn.
package enum Terminal {
    /// Whether standard input (0), output (1) or error (2) is a terminal.
    package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) != 0 }

    /// Someone types the log lines: worth a hint that Ctrl-D ends them.
    package static var standardInputIsTerminal: Bool { isTerminal(0) }

    /// A person reads standard output: the table is the default report there.
    package static var standardOutputIsTerminal: Bool { isTerminal(1) }

    /// `TERM=dumb` terminals get no colour and no cursor control.
    package static var isDumb: Bool {
        guard let term = getenv("TERM") else { return false }
        return String(cString: term) == "dumb"
    }

    /// True when standard error is a terminal worth drawing progress on (`TERM=dumb` is not).
    package static var drawsOnStandardError: Bool { isTerminal(2) && !isDumb }

    /// Whether `--color auto` colours: standard output is a terminal, `NO_COLOR` is not set
    /// and the terminal is not dumb.
    package static var wantsColour: Bool {
        standardOutputIsTerminal && getenv("NO_COLOR") == nil && !isDumb
    }

    /// Columns the table may use: the terminal's width when standard output is one, else
    /// `COLUMNS` when set (`COLUMNS=80 aasa-scan ... | less`), else no limit.
    package static var columns: Int? {
        if let width = terminalColumns(of: 1) { return width }
        if let text = getenv("COLUMNS"), let value = Int(String(cString: text)), value > 0 {
            return value
        }
        return nil
    }
}
