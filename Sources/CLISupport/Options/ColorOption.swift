import ArgumentParser

/// `--color`: whether tables are coloured.
package struct ColorOption: ParsableArguments {
    @Option(name: .long, help: "Colour in the table: auto, always, never (NO_COLOR is honoured).")
    package var color: ColorChoice = .auto

    package init() {}

    /// Whether the table is coloured.
    package var isEnabled: Bool { color.isEnabled }
}

/// The values of `--color`.
package enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    /// Whether tables are coloured: `auto` colours a terminal, unless `NO_COLOR` is set or
    /// the terminal is dumb (`Terminal.wantsColour`).
    package var isEnabled: Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: Terminal.wantsColour
        }
    }
}
