import CoverageStats

/// The section after the summary in a state's body, added with the time options: per input,
/// its time range, the requests kept for logging no time, and its fingerprint. States saved
/// before it end with the summary and read back without them (no fingerprint: `merge` then
/// tells repeats only by their bytes and input names, as it did). Written only when an input
/// has one of them.
extension ScanState {
    func encodeInputTimes(into out: inout ByteWriter) {
        // Absent when there is nothing to say, as in states of earlier versions.
        guard
            inputs.contains(where: {
                $0.fingerprint != nil || $0.counts.time != nil || $0.counts.unknownTime > 0
            })
        else { return }
        out.int(inputs.count)
        for input in inputs {
            if let time = input.counts.time {
                out.u64(1)
                out.u64(UInt64(bitPattern: time.first))
                out.u64(UInt64(bitPattern: time.last))
            } else {
                out.u64(0)
            }
            out.u64(input.counts.unknownTime)
            if let print = input.fingerprint {
                out.u64(1)
                for value in [print.bytes, print.head, print.tail, print.prefix] { out.u64(value) }
                out.u64(UInt64(bitPattern: print.since))
                out.u64(UInt64(bitPattern: print.until))
            } else {
                out.u64(0)
            }
        }
    }

    static func decodeInputTimes(from input: inout ByteReader, into inputs: inout [InputReport])
        throws(SummaryDecodingError)
    {
        guard try input.int() == inputs.count else {
            throw input.failure("times of another number of inputs")
        }
        for index in inputs.indices {
            if try input.u64() != 0 { inputs[index].counts.time = try input.timeRange() }
            inputs[index].counts.unknownTime = try input.u64()
            if try input.u64() != 0 {
                inputs[index].fingerprint = InputFingerprint(
                    bytes: try input.u64(), head: try input.u64(), tail: try input.u64(),
                    prefix: try input.u64(), since: Int64(bitPattern: try input.u64()),
                    until: Int64(bitPattern: try input.u64()))
            }
        }
    }

    /// The first input of `self` that counted bytes an input of `other` counted too (same
    /// fingerprint, or the same start in windows that meet), with that input's path in each.
    public func overlap(with other: ScanState) -> (mine: String, theirs: String)? {
        for mine in inputs {
            guard let print = mine.fingerprint else { continue }
            for theirs in other.inputs {
                if let otherPrint = theirs.fingerprint, print.overlaps(otherPrint) {
                    return (mine.path, theirs.path)
                }
            }
        }
        return nil
    }
}
