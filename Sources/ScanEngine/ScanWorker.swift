import CoverageStats
import LinkMatcher
import LogIO
import LogParsing

/// Counts kept per input by each worker, merged at the end.
public struct InputCounts: Sendable, Equatable {
    public var lines: UInt64 = 0
    public var requests: UInt64 = 0
    public var malformed: UInt64 = 0

    public init() {}

    static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        sum.lines &+= rhs.lines
        sum.requests &+= rhs.requests
        sum.malformed &+= rhs.malformed
        return sum
    }
}

/// One worker: classifies the lines of the chunks it is given into its own summary, with its
/// own scratch, so workers share nothing while they run.
final class ScanWorker {
    let associations: Associations
    let filter: RequestFilter
    private(set) var summary: CoverageSummary
    private(set) var inputCounts: [InputCounts] = []
    private let scratches: [MatchScratch]
    private let parseScratch: UnsafeMutableBufferPointer<UInt8>
    private let hostBuffer: UnsafeMutableBufferPointer<UInt8>
    private static let hostLimit = 255

    init(associations: Associations, filter: RequestFilter, shape: CoverageShape, lineLimit: Int) {
        self.associations = associations
        self.filter = filter
        summary = CoverageSummary(shape: shape)
        scratches = associations.files.map { $0.rules.makeScratch() }
        parseScratch = .allocate(capacity: max(lineLimit, 4096))
        hostBuffer = .allocate(capacity: Self.hostLimit)
    }

    deinit {
        parseScratch.deallocate()
        hostBuffer.deallocate()
    }

    /// Classifies every line of `chunk`, reading it with `parser` as it was at the chunk's start.
    func process(_ chunk: Chunk, parser initial: LineParser) {
        var parser = initial
        let input = chunk.inputIndex
        while inputCounts.count <= input { inputCounts.append(InputCounts()) }
        var counts = inputCounts[input]
        let firstLine = UInt64(chunk.firstLineNumber)
        for skipped in 0..<chunk.overlongLinesSkipped {
            let note = "<line longer than \(chunk.capacity - 1) bytes: not read>"
            var text = Array(note.utf8)
            text.withUnsafeMutableBytes { bytes in
                summary.recordMalformed(
                    input: input,
                    line: firstLine - UInt64(chunk.overlongLinesSkipped - skipped),
                    bytes: UnsafeRawBufferPointer(bytes))
            }
            counts.lines &+= 1
            counts.malformed &+= 1
        }
        var lineNumber = firstLine
        for line in chunk.lines {
            counts.lines &+= 1
            switch parser.parse(line, scratch: parseScratch) {
            case .ok(let request):
                counts.requests &+= UInt64(max(request.weight, 0))
                classify(request, line: line)
            case .skip:
                summary.recordSkipped()
            case .malformed:
                counts.malformed &+= 1
                summary.recordMalformed(
                    input: input, line: lineNumber, bytes: UnsafeRawBufferPointer(line))
            }
            lineNumber &+= 1
        }
        inputCounts[input] = counts
    }

    @inline(__always)
    private func field(_ range: Range<Int>, inScratch: Bool, _ line: UnsafeBufferPointer<UInt8>)
        -> UnsafeBufferPointer<UInt8>
    {
        let base = inScratch ? UnsafeBufferPointer(parseScratch) : line
        return UnsafeBufferPointer(rebasing: base[range])
    }

    private func classify(_ request: ParsedRequest, line: UnsafeBufferPointer<UInt8>) {
        let weight = UInt64(max(request.weight, 0))
        let target = field(request.target, inScratch: request.inScratch.contains(.target), line)
        let parts = URLParts.split(target)
        let path = UnsafeBufferPointer(rebasing: target[parts.path])
        if !filter.isEmpty {
            let method = field(request.method, inScratch: request.inScratch.contains(.method), line)
            if let reason = filter.reason(method: method, status: request.status, path: path) {
                summary.recordFiltered(reason, weight: weight)
                return
            }
        }
        // The host: the target's own (absolute form) wins over a host column.
        let host: UnsafeBufferPointer<UInt8>
        var port = parts.port
        if let hostRange = parts.host {
            host = lowercasedHost(UnsafeBufferPointer(rebasing: target[hostRange]))
        } else {
            host = lowercasedHost(
                field(request.host, inScratch: request.inScratch.contains(.host), line))
            if !request.port.isEmpty { port = Self.number(line[request.port]) }
        }
        let outcome: CoverageOutcome
        if let fileIndex = associations.file(
            host: host, port: port, defaultPort: parts.defaultPort(in: target))
        {
            let file = associations.files[fileIndex]
            let decision = file.rules.decide(parts, in: target, scratch: scratches[fileIndex])
            switch decision.kind {
            case .handled:
                outcome = .handled(
                    app: file.appOffset + Int(decision.app),
                    rule: file.ruleOffset + Int(decision.rule))
            case .excluded:
                let entry = file.rules.rules[Int(decision.rule)].entryIndex
                outcome = .excluded(
                    app: file.entryFirstApp[entry], rule: file.ruleOffset + Int(decision.rule))
            case .unmatched:
                outcome = .unmatched
            }
        } else {
            outcome = .noAssociation
        }
        summary.record(outcome, host: host, path: path, weight: weight)
    }

    /// The host lower-cased into the worker's buffer (hosts compare case-insensitively, S9).
    @inline(__always)
    private func lowercasedHost(_ host: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let count = min(host.count, Self.hostLimit)
        for index in 0..<count {
            let byte = host[index]
            hostBuffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
        }
        return UnsafeBufferPointer(rebasing: hostBuffer[0..<count])
    }

    private static func number(_ digits: UnsafeBufferPointer<UInt8>.SubSequence) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= 0x30 && byte <= 0x39, value < 100_000 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return digits.isEmpty ? nil : value
    }
}

// Each worker is driven by exactly one thread from its start to `DispatchGroup.wait()`, after
// which only the caller reads it.
extension ScanWorker: @unchecked Sendable {}
