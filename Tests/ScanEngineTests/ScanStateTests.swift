import AASAModel
import CoverageStats
import LinkMatcher
import Testing

@testable import ScanEngine

struct ScanStateTests {
    @Test func bigCountsAndEveryFieldSurviveSaving() throws {
        var counts = InputCounts()
        counts.lines = 5_000_000_000
        counts.requests = 4_999_999_999
        counts.malformed = 1
        let input = InputReport(
            path: "/logs/a.zst", bytes: 300_000_000_000, compression: .zstd, format: .combined,
            counts: counts, complete: false, error: "a.zst: truncated", errorCode: "truncated")
        var skipped = InputReport(
            path: "/logs/README", bytes: 40, compression: .plain, format: nil,
            counts: InputCounts(), complete: true, error: nil, errorCode: nil)
        skipped.skipped = true
        skipped.skipReason = "not an access log: closest is combined"
        let state = ScanState(
            sources: [
                ScanState.Source(domain: "*.example.com", path: "a.json", bytes: Array("{}".utf8))
            ],
            inputs: [input, skipped],
            summary: CoverageSummary(shape: CoverageShape(appCount: 0, ruleCount: 0)),
            elapsedSeconds: 12.5, workers: 2)
        let restored = try ScanState(encoded: state.encoded())
        #expect(restored.sources == state.sources)
        #expect(restored.inputs.first?.counts == counts)
        #expect(restored.inputs.first?.bytes == 300_000_000_000)
        #expect(restored.inputs.first?.error == "a.zst: truncated")
        #expect(restored.inputs.first?.compression == .zstd)
        #expect(restored.inputs.first?.skipped == false)
        #expect(restored.inputs.last?.skipped == true && restored.inputs.last?.complete == true)
        #expect(restored.inputs.last?.skipReason == skipped.skipReason)
        #expect(restored.inputs.last?.error == nil)
        #expect(restored.elapsedSeconds == 12.5)
        #expect(restored.summary == state.summary)
        #expect(throws: ScanStateError.self) {
            try ScanState(encoded: Array(state.encoded().dropLast()))
        }
    }

    /// A state whose summary has counts: what a real scan saves.
    static func countedState() -> ScanState {
        var summary = CoverageSummary(shape: CoverageShape(appCount: 2, ruleCount: 3))
        for index in 0..<50 {
            let path = Array("/p/\(index % 7)".utf8)
            _ = path.withUnsafeBytes {
                summary.recordRequests(
                    index % 3 == 0 ? .unmatched : .handled(app: index % 2, rule: index % 3),
                    path: $0, lines: 1, weight: 1)
            }
        }
        return ScanState(
            sources: [ScanState.Source(domain: nil, path: "a.json", bytes: Array("{}".utf8))],
            inputs: [], summary: summary, elapsedSeconds: 1, workers: 1)
    }

    /// Any flipped bit, anywhere, is refused: a damaged state never merges into wrong counts.
    @Test func everyFlippedBitIsRefused() throws {
        let bytes = Self.countedState().encoded()
        #expect(try ScanState(encoded: bytes).summary == Self.countedState().summary)
        for index in bytes.indices {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[index] ^= 1 << UInt8(bit)
                #expect(throws: ScanStateError.self) { try ScanState(encoded: damaged) }
            }
        }
        #expect(throws: ScanStateError.self) { try ScanState(encoded: bytes + [0]) }
    }

    /// States saved before the checksum existed (`AASASTATE1`, the body alone) read only when
    /// asked for: by default they are refused, as nothing shows they were not edited.
    @Test func statesOfTheFormerLayoutReadOnlyWhenAllowed() throws {
        let state = Self.countedState()
        let bytes = state.encoded()
        // Header (10), body length (8), body, checksum (8).
        let former = Array("AASASTATE1".utf8) + bytes[18..<(bytes.count - 8)]
        #expect(try ScanState(encoded: former, allowingUnverified: true).summary == state.summary)
        #expect(try ScanState.decodeAll(former, allowingUnverified: true).count == 1)
        #expect(throws: ScanStateError.self) { try ScanState(encoded: former) }
        #expect(throws: ScanStateError.self) { try ScanState.decodeAll(former) }
    }
}
