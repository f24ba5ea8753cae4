import ASCIIBytes

/// Reads the timestamps logs write, from their bytes, as UTC seconds since 1970.
///
/// Three shapes cover every format read here: NCSA (`01/May/2024:23:30:00 -0200`, optional
/// brackets, optional fraction, no offset meaning UTC: HAProxy's accept date), ISO 8601
/// (`2024-05-01T23:30:00.123Z`, `T` or a space, `Z`, `±hh:mm`, `±hhmm` or none meaning UTC)
/// and epoch numbers (seconds, or milliseconds, microseconds or nanoseconds told by their
/// size). Years outside `TimestampText.years` read as no timestamp: a bounded span keeps the
/// time buckets of a report bounded too.
public enum TimestampText {
    /// The years a timestamp may fall in.
    public static let years = 1970...2099

    /// What `parse` learns besides the value, for `MinuteMemo`: where the minute ends, the
    /// second, and where the text after the seconds (and their fraction) starts.
    struct Layout {
        var minuteEnd = 0
        var second: Int64 = 0
        var zoneStart = 0
    }

    /// Any of the three shapes, told by its first bytes.
    static func parse(_ text: LineBytes, _ range: Range<Int>, layout: inout Layout) -> Int64? {
        var range = range
        if range.count >= 2, text[range.lowerBound] == ASCII.leftBracket {
            range = (range.lowerBound + 1)..<range.upperBound
        }
        if !range.isEmpty, text[range.upperBound - 1] == ASCII.rightBracket {
            range = range.lowerBound..<(range.upperBound - 1)
        }
        guard range.count >= 4 else { return epoch(text, range) }
        if range.count >= 10, text[range.lowerBound + 4] == ASCII.minus {
            return iso8601(text, range, layout: &layout)
        }
        if text[range.lowerBound + 2] == ASCII.slash { return ncsa(text, range, layout: &layout) }
        return epoch(text, range)
    }

    /// `dd/Mon/yyyy:HH:MM:SS[.fff][ ±hhmm]`.
    static func ncsa(_ text: LineBytes, _ range: Range<Int>, layout: inout Layout) -> Int64? {
        let s = range.lowerBound
        guard range.count >= 20, text[s + 2] == ASCII.slash, text[s + 6] == ASCII.slash,
            text[s + 11] == ASCII.colon, text[s + 14] == ASCII.colon, text[s + 17] == ASCII.colon,
            let day = twoDigits(text, s), let month = monthNumber(text, s + 3),
            let year = ASCII.decimalValue(text, in: (s + 7)..<(s + 11)),
            let hour = twoDigits(text, s + 12), let minute = twoDigits(text, s + 15),
            let second = twoDigits(text, s + 18)
        else { return nil }
        let zoneStart = fractionEnd(text, s + 20, range.upperBound)
        var zone = zoneStart
        while zone < range.upperBound && text[zone] == ASCII.space { zone += 1 }
        guard let offset = zoneOffset(text, zone..<range.upperBound) else { return nil }
        layout = Layout(minuteEnd: 17, second: Int64(second), zoneStart: zoneStart - s)
        return utcSeconds(year, month, day, hour, minute, second, offset: offset)
    }

    /// `yyyy-mm-dd[T ]HH:MM[:SS[.fff]][Z|±hh:mm|±hhmm|±hh]`.
    static func iso8601(_ text: LineBytes, _ range: Range<Int>, layout: inout Layout) -> Int64? {
        let s = range.lowerBound
        let end = range.upperBound
        guard let (year, month, day) = date(text, s..<(s + 10)) else { return nil }
        if range.count == 10 { return utcSeconds(year, month, day, 0, 0, 0, offset: 0) }
        guard range.count >= 16,
            text[s + 10] == 0x54 || text[s + 10] == 0x74
                || text[s + 10] == ASCII.space,
            text[s + 13] == ASCII.colon,
            let hour = twoDigits(text, s + 11), let minute = twoDigits(text, s + 14)
        else { return nil }
        var second = 0
        var zoneStart = s + 16
        if zoneStart < end, text[zoneStart] == ASCII.colon {
            guard zoneStart + 3 <= end, let value = twoDigits(text, zoneStart + 1) else {
                return nil
            }
            second = value
            zoneStart = fractionEnd(text, zoneStart + 3, end)
        }
        guard let offset = zoneOffset(text, zoneStart..<end) else { return nil }
        layout = Layout(minuteEnd: 16, second: Int64(second), zoneStart: zoneStart - s)
        return utcSeconds(year, month, day, hour, minute, second, offset: offset)
    }

    /// W3C's separate `date` (`yyyy-mm-dd`) and `time` (`HH:MM[:SS[.fff]]`) fields, in UTC.
    public static func dateAndTime(
        _ text: LineBytes, date dateRange: Range<Int>, time timeRange: Range<Int>
    ) -> Int64? {
        guard dateRange.count == 10, let (year, month, day) = date(text, dateRange),
            timeRange.count >= 5, text[timeRange.lowerBound + 2] == ASCII.colon,
            let hour = twoDigits(text, timeRange.lowerBound),
            let minute = twoDigits(text, timeRange.lowerBound + 3)
        else { return nil }
        var second = 0
        if timeRange.count >= 8 {
            guard text[timeRange.lowerBound + 5] == ASCII.colon,
                let value = twoDigits(text, timeRange.lowerBound + 6)
            else { return nil }
            second = value
        }
        return utcSeconds(year, month, day, hour, minute, second, offset: 0)
    }

    /// Seconds since 1970 as a number (`1716723772.6014807`); a fraction is dropped, and a
    /// value too large for seconds is read as milliseconds, microseconds or nanoseconds.
    static func epoch(_ text: LineBytes, _ range: Range<Int>) -> Int64? {
        let digitsEnd = ASCII.digitsEnd(text, from: range.lowerBound, to: range.upperBound)
        guard digitsEnd > range.lowerBound, digitsEnd - range.lowerBound <= 19,
            digitsEnd == range.upperBound || text[digitsEnd] == ASCII.dot,
            fractionEnd(text, digitsEnd, range.upperBound) == range.upperBound,
            var value = ASCII.decimalValue(text, in: range.lowerBound..<digitsEnd)
        else { return nil }
        while value >= 100_000_000_000 { value /= 1000 }
        let seconds = Int64(value)
        let first = utcSeconds(years.lowerBound, 1, 1, 0, 0, 0, offset: 0)
        let last = utcSeconds(years.upperBound + 1, 1, 1, 0, 0, 0, offset: 0)
        guard let first, let last, seconds >= first, seconds < last else { return nil }
        return seconds
    }

    /// A date `yyyy-mm-dd` (for `--since`, `--until`), or nil.
    public static func date(_ text: LineBytes, _ range: Range<Int>) -> (Int, Int, Int)? {
        let s = range.lowerBound
        guard range.count == 10, text[s + 4] == ASCII.minus, text[s + 7] == ASCII.minus,
            let year = ASCII.decimalValue(text, in: s..<(s + 4)),
            let month = twoDigits(text, s + 5), let day = twoDigits(text, s + 8)
        else { return nil }
        return (year, month, day)
    }

    /// Any timestamp shape of `parse` in a whole buffer (`--since 2024-05-01T00:00:00Z`).
    public static func parse(_ text: LineBytes) -> Int64? {
        var layout = Layout()
        return parse(text, 0..<text.count, layout: &layout)
    }

    /// The UTC seconds of a civil date and time at `offset` seconds east of UTC; nil when a
    /// field is out of range.
    static func utcSeconds(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int,
        offset: Int
    ) -> Int64? {
        guard years.contains(year) || (year == years.upperBound + 1 && month == 1 && day == 1),
            (1...12).contains(month), day >= 1, day <= daysIn(month, year), hour < 24,
            minute < 60, second <= 60
        else { return nil }
        // Days from civil (proleptic Gregorian), with March as the first month of the year.
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Int64(days * 86_400 + hour * 3_600 + minute * 60 + second - offset)
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `Z`, `±hh:mm`, `±hhmm`, `±hh`, or nothing (UTC): seconds east of UTC.
    static func zoneOffset(_ text: LineBytes, _ range: Range<Int>) -> Int? {
        if range.isEmpty { return 0 }
        let s = range.lowerBound
        if range.count == 1, text[s] == 0x5A || text[s] == 0x7A { return 0 }
        guard text[s] == ASCII.plus || text[s] == ASCII.minus, let hours = twoDigits(text, s + 1)
        else { return nil }
        var minutes = 0
        switch range.count {
        case 3: break
        case 5: minutes = twoDigits(text, s + 3) ?? 60
        case 6 where text[s + 3] == ASCII.colon: minutes = twoDigits(text, s + 4) ?? 60
        default: return nil
        }
        guard hours < 24, minutes < 60 else { return nil }
        let east = hours * 3_600 + minutes * 60
        return text[s] == ASCII.minus ? -east : east
    }

    /// The end of `.ddd` (or `,ddd`) at `start`, or `start` when no fraction is there.
    @inline(__always)
    static func fractionEnd(_ text: LineBytes, _ start: Int, _ end: Int) -> Int {
        guard start < end, text[start] == ASCII.dot || text[start] == 0x2C else { return start }
        return ASCII.digitsEnd(text, from: start + 1, to: end)
    }

    @usableFromInline @inline(__always)
    static func twoDigits(_ text: LineBytes, _ at: Int) -> Int? {
        guard at + 2 <= text.count else { return nil }
        let tens = text[at] &- 0x30
        let ones = text[at + 1] &- 0x30
        guard tens < 10, ones < 10 else { return nil }
        return Int(tens) * 10 + Int(ones)
    }

    /// `Jan` ... `Dec` (any case) as 1 ... 12.
    static func monthNumber(_ text: LineBytes, _ at: Int) -> Int? {
        let key =
            UInt32(ASCII.lowercased(text[at])) << 16 | UInt32(ASCII.lowercased(text[at + 1])) << 8
            | UInt32(ASCII.lowercased(text[at + 2]))
        switch key {
        case 0x6A_616E: return 1  // jan
        case 0x66_6562: return 2  // feb
        case 0x6D_6172: return 3  // mar
        case 0x61_7072: return 4  // apr
        case 0x6D_6179: return 5  // may
        case 0x6A_756E: return 6  // jun
        case 0x6A_756C: return 7  // jul
        case 0x61_7567: return 8  // aug
        case 0x73_6570: return 9  // sep
        case 0x6F_6374: return 10  // oct
        case 0x6E_6F76: return 11  // nov
        case 0x64_6563: return 12  // dec
        default: return nil
        }
    }
}

extension TimestampText {
    /// `2024-05-01T23:30:00Z`: UTC seconds as RFC 3339, for reports.
    public static func rfc3339(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let clock = seconds - days * 86_400
        // The inverse of `utcSeconds`.
        let date = CivilDate(daysSinceEpoch: Int(days))
        func two(_ value: some BinaryInteger) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(date.year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-"
            + two(date.month) + "-" + two(date.day) + "T" + two(clock / 3_600) + ":"
            + two(clock / 60 % 60) + ":" + two(clock % 60) + "Z"
    }
}
