import ArgumentParser

/// A percentage as users write it: `80`, `78.5` or `80%`: decimal digits with at most one
/// point, nothing else (no exponent, hexadecimal `0x1p6` or `inf`, which `Double` would
/// read). A minus sign reads, so that the range check can say what is wrong.
package struct Percentage: ExpressibleByArgument {
    package var value: Double

    package init?(argument: String) {
        let text = argument.hasSuffix("%") ? argument.dropLast() : argument[...]
        let digits = text.drop { $0 == "-" }.filter { $0 != "." }
        guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }),
            text.count - digits.count <= (text.hasPrefix("-") ? 2 : 1),
            let value = Double(text)
        else { return nil }
        self.value = value
    }

    package init(value: Double) { self.value = value }

    /// How `--help` shows a default: `50`, as a user writes it.
    package var defaultValueDescription: String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
