import ASCIIBytes

/// The last timestamp read, up to its minute, and that minute's value: most lines of a log
/// share their minute with the line before, so a timestamp whose bytes up to the minute and
/// whose zone are those of the last one costs a few word compares and its two seconds digits
/// instead of a full reading (date, month name, offset, days since 1970).
public struct MinuteMemo: Sendable {
    /// Bytes up to the minute as three overlapping words: at 0, at 8 and ending at the minute.
    private var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// Index after the minute digits; 0 while nothing is remembered.
    private var minuteEnd = 0
    /// The bytes after the seconds and their fraction (the zone, at most 8 bytes), as the
    /// top bytes of the word that ends the timestamp.
    private var zone: UInt64 = 0
    private var zoneLength = 0
    /// UTC seconds of the remembered minute (its second 0).
    private var minuteValue: Int64 = 0
    /// The same for NCSA timestamps (`ncsaSeconds`), once one was read.
    @usableFromInline var ncsaKnown = false
    @usableFromInline var ncsaWords: (UInt64, UInt64, UInt64) = (0, 0, 0)
    @usableFromInline var ncsaZone: UInt64 = 0
    @usableFromInline var ncsaMinute: Int64 = 0

    public init() {}

    /// The UTC seconds of the timestamp at `range` of `text` (`TimestampText` shapes).
    @inline(__always)
    public mutating func seconds(_ text: LineBytes, _ range: Range<Int>) -> Int64? {
        if minuteEnd > 0, let value = remembered(text, trimmed(text, range)) { return value }
        return read(text, range)
    }

    @inline(__always)
    private func trimmed(_ text: LineBytes, _ range: Range<Int>) -> Range<Int> {
        var range = range
        if range.count >= 2, text[range.lowerBound] == ASCII.leftBracket {
            range = (range.lowerBound + 1)..<range.upperBound
        }
        if !range.isEmpty, text[range.upperBound - 1] == ASCII.rightBracket {
            range = range.lowerBound..<(range.upperBound - 1)
        }
        return range
    }

    /// The value when `range` holds the remembered minute and zone, else nil.
    @inline(__always)
    private func remembered(_ text: LineBytes, _ range: Range<Int>) -> Int64? {
        let start = range.lowerBound
        let secondsAt = start + minuteEnd
        guard secondsAt + 3 <= range.upperBound, let base = text.baseAddress,
            Self.word(base, start) == words.0, Self.word(base, start + 8) == words.1,
            Self.word(base, secondsAt - 8) == words.2, text[secondsAt] == ASCII.colon,
            let second = TimestampText.twoDigits(text, secondsAt + 1), second <= 60
        else { return nil }
        let zoneStart = TimestampText.fractionEnd(text, secondsAt + 3, range.upperBound)
        guard range.upperBound - zoneStart == zoneLength,
            Self.word(base, range.upperBound - 8) >> (64 - 8 * UInt64(zoneLength)) == zone
        else { return nil }
        return minuteValue + Int64(second)
    }

    /// Reads the timestamp in full, and remembers its minute when it has seconds.
    private mutating func read(_ text: LineBytes, _ range: Range<Int>) -> Int64? {
        var layout = TimestampText.Layout()
        guard let value = TimestampText.parse(text, range, layout: &layout) else { return nil }
        let trimmed = trimmed(text, range)
        let start = trimmed.lowerBound
        let zoneLength = trimmed.count - layout.zoneStart
        if layout.minuteEnd >= 16, layout.zoneStart > layout.minuteEnd, zoneLength <= 8,
            let base = text.baseAddress
        {
            words = (
                Self.word(base, start), Self.word(base, start + 8),
                Self.word(base, start + layout.minuteEnd - 8)
            )
            minuteEnd = layout.minuteEnd
            self.zoneLength = zoneLength
            zone = Self.word(base, trimmed.upperBound - 8) >> (64 - 8 * UInt64(zoneLength))
            minuteValue = value - layout.second
        } else {
            minuteEnd = 0
        }
        return value
    }

    /// The UTC seconds of the NCSA timestamp (`01/May/2024:23:30:00 -0200`, 26 bytes) that
    /// starts at `start` of `text`: the common logs' shape, remembered apart so that a line of
    /// the last minute costs four word compares and the seconds digits. Inlinable: it is
    /// the time of nearly every line of a timed scan.
    @inlinable @inline(__always)
    public mutating func ncsaSeconds(_ text: LineBytes, _ start: Int) -> Int64? {
        // Bytes 0-17 (up to the minute and the colon after it) as three words, the zone
        // (bytes 20-25) as the top of the word of bytes 18-25.
        if ncsaKnown, start + 26 <= text.count, let base = text.baseAddress,
            Self.word(base, start) == ncsaWords.0, Self.word(base, start + 8) == ncsaWords.1,
            Self.word(base, start + 10) == ncsaWords.2,
            Self.word(base, start + 18) >> 16 == ncsaZone,
            let second = TimestampText.twoDigits(text, start + 18), second <= 60
        {
            return ncsaMinute + Int64(second)
        }
        return readNCSA(text, start)
    }

    /// Reads an NCSA timestamp in full, and remembers its minute when it has the usual shape.
    @usableFromInline @inline(never)
    mutating func readNCSA(_ text: LineBytes, _ start: Int) -> Int64? {
        let end = min(start + 26, text.count)
        var layout = TimestampText.Layout()
        guard let value = TimestampText.parse(text, start..<end, layout: &layout) else {
            return nil
        }
        ncsaKnown = false
        // Seconds right after the minute, no fraction: bytes 18-19 are the only ones that
        // differ within the minute.
        if end == start + 26, layout.minuteEnd == 17, layout.zoneStart == 20,
            let base = text.baseAddress
        {
            ncsaWords = (
                Self.word(base, start), Self.word(base, start + 8), Self.word(base, start + 10)
            )
            ncsaZone = Self.word(base, start + 18) >> 16
            ncsaMinute = value - layout.second
            ncsaKnown = true
        }
        return value
    }

    @usableFromInline @inline(__always)
    static func word(_ base: UnsafePointer<UInt8>, _ at: Int) -> UInt64 {
        UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
    }
}
