import ASCIIBytes

/// Picks the format of an input from its first lines.
///
/// Every format's parser runs over the sample (up to `sampleLimit` non-empty lines, headers
/// included, so W3C and Zeek learn their columns). Lines that are blank or start with `#` do
/// not vote. A format's score is its requests plus its own no-request lines (ELB TCP lines,
/// `"-"` requests); the highest score wins, ties going to the earlier format in `LogFormat`
/// order, and the winner must fit more than half of the voting lines.
public enum FormatDetector {
    /// How many non-empty lines are examined.
    public static let sampleLimit = 50

    /// How one format fared on the sample.
    public struct Candidate: Sendable, Equatable, CustomStringConvertible {
        /// The format tried.
        public var format: LogFormat
        /// Lines read as requests.
        public var requests = 0
        /// Lines of the format without a request.
        public var noRequest = 0
        /// Lines that did not fit.
        public var malformed = 0
        /// First line that did not fit (1-based within the sample) and why.
        public var firstFailure: (line: Int, reason: MalformedReason)? {
            get { failureLine.map { ($0, failureReason ?? .missingFields) } }
            set {
                failureLine = newValue?.line
                failureReason = newValue?.reason
            }
        }
        private var failureLine: Int?
        private var failureReason: MalformedReason?

        init(format: LogFormat) { self.format = format }

        /// Lines that fit the format.
        public var score: Int { requests + noRequest }

        public var description: String {
            var text = "\(format.rawValue): \(score) of \(score + malformed) lines fit"
            if let (line, reason) = firstFailure { text += " (line \(line): \(reason))" }
            return text
        }
    }

    /// The outcome: a parser to use, or a refusal; `candidates` says how every format fared.
    public struct Detection: Sendable {
        /// The chosen format, nil when nothing fits.
        public var format: LogFormat?
        /// Every format tried, in table order.
        public var candidates: [Candidate]
        /// Lines that voted (non-blank, not `#`).
        public var votingLines: Int

        /// A fresh parser for the chosen format (state at the start of the input).
        public func makeParser(jsonNames: JSONFieldNames = .standard) -> LineParser? {
            format.map { LineParser(format: $0, jsonNames: jsonNames) }
        }

        /// The format that came closest, and where it stopped fitting, in a few words:
        /// `closest is combined, which fits 0 of 2 lines (line 1: no [timestamp] where expected)`.
        /// With no line fitting anywhere, combined (the usual access log) stands for them all.
        public var closestMismatch: String {
            if votingLines == 0 { return "no log lines to recognise (only blank or # lines)" }
            var closest = candidates.first { $0.format == .combined } ?? candidates.first
            for candidate in candidates where candidate.score > (closest?.score ?? 0) {
                closest = candidate
            }
            guard let closest else { return "no format to try" }
            var text =
                "closest is \(closest.format.rawValue), which fits \(closest.score) of "
                + "\(closest.score + closest.malformed) lines"
            if let (line, reason) = closest.firstFailure { text += " (line \(line): \(reason))" }
            return text
        }

        /// The refusal message: every format tried and what did not fit.
        public var explanation: String {
            if votingLines == 0 { return "no log lines to recognise (only blank or # lines)" }
            let head = format.map { "detected \($0.rawValue)" } ?? "no log format fits"
            return head + "; " + candidates.map(\.description).joined(separator: "; ")
        }
    }

    /// Detects the format of `sample` (the first bytes of an input, whole lines).
    public static func detect(
        _ sample: UnsafeBufferPointer<UInt8>, formats: [LogFormat] = LogFormat.allCases,
        jsonNames: JSONFieldNames = .standard
    ) -> Detection {
        var lines: [(number: Int, range: Range<Int>)] = []
        var start = 0
        var number = 0
        while start < sample.count && lines.count < sampleLimit {
            number += 1
            var end = start
            while end < sample.count && sample[end] != 0x0A { end += 1 }
            var trimmedEnd = end
            if trimmedEnd > start && sample[trimmedEnd - 1] == 0x0D { trimmedEnd -= 1 }
            if trimmedEnd > start { lines.append((number, start..<trimmedEnd)) }
            start = end + 1
        }
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        defer { scratch.deallocate() }
        var candidates: [Candidate] = []
        var voting = 0
        for format in formats {
            var parser = LineParser(format: format, jsonNames: jsonNames)
            var candidate = Candidate(format: format)
            voting = 0
            for (number, range) in lines {
                let line = UnsafeBufferPointer(rebasing: sample[range])
                let voteless = line.isBlankLine() || line[line.afterBOM()...].first == ASCII.hash
                let result = parser.parse(line, scratch: scratch)
                if voteless { continue }
                voting += 1
                switch result {
                case .ok: candidate.requests += 1
                case .skip(.noRequest): candidate.noRequest += 1
                case .skip: candidate.malformed += 1
                case .malformed(let reason):
                    candidate.malformed += 1
                    if candidate.firstFailure == nil { candidate.firstFailure = (number, reason) }
                }
            }
            candidates.append(candidate)
        }
        var best: Candidate?
        for candidate in candidates where candidate.score > (best?.score ?? 0) {
            best = candidate
        }
        var chosen: LogFormat?
        if let best, best.score * 2 > voting { chosen = best.format }
        return Detection(format: chosen, candidates: candidates, votingLines: voting)
    }
}
