// The saved-state decoder behind `merge`. The first byte picks how the rest is read: as a file
// of states (the checksum stops most changes), as the body of a state with a correct checksum
// (so the decoder itself meets damaged bodies), or as an encoded summary. Whatever decodes
// must merge, report, and encode to bytes that decode to the same state.
import CoverageStats
import FuzzSupport
import ScanEngine

let magic = Array("AASASTATE2".utf8)

func littleEndian(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
}

FuzzDriver.run { bytes in
    guard let mode = bytes.first else { return }
    let rest = Array(bytes.dropFirst())
    switch mode % 3 {
    case 0:
        if let states = try? ScanState.decodeAll(rest) { exercise(states) }
    case 1:
        let checksum = rest.withUnsafeBufferPointer { StableHash.hash($0) }
        let file = magic + littleEndian(UInt64(rest.count)) + rest + littleEndian(checksum)
        if let states = try? ScanState.decodeAll(file) { exercise(states) }
    default:
        if let summary = try? CoverageSummary(encoded: rest) {
            let again = try? CoverageSummary(encoded: summary.encoded())
            precondition(again?.encoded() == summary.encoded(), "summary round trip changed it")
        }
    }
}

func exercise(_ states: [ScanState]) {
    for state in states {
        let again = try? ScanState(encoded: state.encoded())
        precondition(again?.encoded() == state.encoded(), "state round trip changed it")
    }
    if let merged = try? ScanState.merged(states) { _ = try? merged.result() }
}
