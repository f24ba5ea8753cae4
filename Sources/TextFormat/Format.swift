/// Number formatting for human output.
package enum Format {
    /// `1234567` as `1,234,567`.
    package static func count<T: BinaryInteger>(_ value: T) -> String {
        let digits = Array(String(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0, digit != "-" { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// Shares of `counts` in their sum, with one decimal, adding up to exactly 100.0%:
    /// the tenths left over after rounding down go to the largest remainders.
    package static func percentsAddingUp(_ counts: [UInt64]) -> [String] {
        // In Double: counts near `UInt64.max` have a sum that no UInt64 holds.
        let total = counts.reduce(0.0) { $0 + Double($1) }
        guard total > 0 else { return counts.map { _ in percent(0) } }
        let exact = counts.map { Double($0) * 1000 / total }
        var tenths = exact.map { Int($0.rounded(.down)) }
        let order = exact.indices.sorted {
            (exact[$0] - Double(tenths[$0]), $1) > (exact[$1] - Double(tenths[$1]), $0)
        }
        for index in order.prefix(max(0, 1000 - tenths.reduce(0, +))) { tenths[index] += 1 }
        return tenths.map { fixed(Double($0) / 10, decimals: 1) + "%" }
    }

    /// `1 line`, `2 lines`, `1,000 lines`.
    package static func plural<T: BinaryInteger>(
        _ value: T, _ noun: String, _ plural: String? = nil
    )
        -> String
    {
        count(value) + " " + (value == 1 ? noun : plural ?? noun + "s")
    }

    /// One decimal and a percent sign.
    package static func percent(_ value: Double) -> String { fixed(value, decimals: 1) + "%" }

    /// A share as a warning states it: `12.3%`, or `<0.1%` for one too small to show.
    package static func share(_ value: Double) -> String {
        value > 0 && value < 0.05 ? "<0.1%" : percent(value)
    }

    /// Two percentages with one decimal, or with as many more (up to six) as it takes for
    /// them to read differently when they differ.
    package static func percentsApart(_ first: Double, _ second: Double) -> (String, String) {
        var decimals = 1
        while decimals < 6, first != second,
            fixed(first, decimals: decimals) == fixed(second, decimals: decimals)
        {
            decimals += 1
        }
        return (fixed(first, decimals: decimals) + "%", fixed(second, decimals: decimals) + "%")
    }

    /// A number with no trailing zeros: `120`, `78.5`.
    package static func shortest(_ value: Double) -> String {
        var text = fixed(value, decimals: 6)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    package static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let magnitude = (abs(value) * scale).rounded()
        // Past 2^63 the scaled value has no room in an Int64 (converting it would trap), and
        // a Double that large holds no fraction: its whole part is written alone.
        guard magnitude < 0x1p63 else { return (value < 0 ? "-" : "") + whole(abs(value)) }
        let scaled = Int64(magnitude)
        let whole = scaled / Int64(scale)
        let fraction = scaled % Int64(scale)
        var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return text
    }

    /// The whole number a large Double holds, in digits while it fits a UInt64, else in
    /// Swift's exponent form (still a JSON number).
    private static func whole(_ value: Double) -> String {
        value < 0x1p64 ? String(UInt64(value.rounded())) : value.rounded().description
    }

    /// An estimate (a distinct count, a rate) as a whole count: rounded, and held within
    /// 0...UInt64.max, where a plain conversion would trap.
    package static func wholeCount(_ value: Double) -> UInt64 {
        guard value > 0 else { return 0 }
        return value < 0x1p64 ? UInt64(value.rounded(.down)) : .max
    }

    /// Bytes as B, KB, MB, GB (powers of 1000, as `ls -lh --si`).
    package static func bytes(_ value: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var size = Double(value)
        var unit = 0
        while size >= 1000, unit < units.count - 1 {
            size /= 1000
            unit += 1
        }
        return unit == 0 ? "\(value) B" : fixed(size, decimals: 1) + " " + units[unit]
    }

    /// Seconds as `m:ss` or `h:mm:ss`.
    package static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "-" }
        let total = Int(seconds.rounded())
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let mmss =
            (minutes < 10 && hours > 0 ? "0" : "") + "\(minutes):" + (secs < 10 ? "0" : "")
            + "\(secs)"
        return hours > 0 ? "\(hours):" + mmss : mmss
    }
}
