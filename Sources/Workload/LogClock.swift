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
        let date = CivilDate(daysSinceEpoch: epochSecond / 86_400)
        let secondOfDay = epochSecond % 86_400
        var text: [UInt8] = [UInt8(ascii: "[")]
        text.append(decimal: date.day, width: 2)
        text.append(UInt8(ascii: "/"))
        text.append(contentsOf: Vocabulary.months[date.month - 1])
        text.append(UInt8(ascii: "/"))
        text.append(decimal: date.year)
        text.append(UInt8(ascii: ":"))
        text.append(decimal: secondOfDay / 3600, width: 2)
        text.append(UInt8(ascii: ":"))
        text.append(decimal: secondOfDay / 60 % 60, width: 2)
        text.append(UInt8(ascii: ":"))
        text.append(decimal: secondOfDay % 60, width: 2)
        text.append(" +0000]")
        return text
    }
}
