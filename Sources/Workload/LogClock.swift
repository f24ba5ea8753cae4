import ASCIIBytes

/// The time of the next log line: starts at a fixed instant and moves forward by a few
/// milliseconds a line, so five million lines cover about a day. The formatted
/// `[dd/Mon/yyyy:HH:MM:SS +0000]` is cached and rebuilt only when the second changes.
struct LogClock {
    /// 2024-05-01T00:00:00Z.
    static let start = 1_714_521_600

    private var milliseconds = 0
    private var formattedSecond = -1
    private(set) var formatted: [UInt8] = []

    mutating func advance(byMilliseconds step: Int) {
        milliseconds += step
    }

    /// `[01/May/2024:00:00:00 +0000]` for the current time.
    mutating func appendTimestamp(to buffer: inout [UInt8]) {
        let second = Self.start + milliseconds / 1000
        if second != formattedSecond {
            formattedSecond = second
            formatted = Self.format(second)
        }
        buffer.append(contentsOf: formatted)
    }

    private static func format(_ epochSecond: Int) -> [UInt8] {
        let (year, month, day) = civilDate(daysSinceEpoch: epochSecond / 86_400)
        let secondOfDay = epochSecond % 86_400
        var text: [UInt8] = [UInt8(ascii: "[")]
        text.append(decimal: day, width: 2)
        text.append(UInt8(ascii: "/"))
        text.append(contentsOf: Vocabulary.months[month - 1])
        text.append(UInt8(ascii: "/"))
        text.append(decimal: year)
        text.append(UInt8(ascii: ":"))
        text.append(decimal: secondOfDay / 3600, width: 2)
        text.append(UInt8(ascii: ":"))
        text.append(decimal: secondOfDay / 60 % 60, width: 2)
        text.append(UInt8(ascii: ":"))
        text.append(decimal: secondOfDay % 60, width: 2)
        text.append(" +0000]")
        return text
    }

    /// Proleptic Gregorian date of a day count (Howard Hinnant's `civil_from_days`).
    static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
