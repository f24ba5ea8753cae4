import AASAModel
import CoverageStats
import LinkMatcher
import LogIO
import LogParsing

/// A scan saved for merging later (`scan --save-state`, `aasa-scan merge`): the AASA files it
/// used, byte for byte, its inputs, and its summary. States merge only when their AASA files
/// are the same, so that rule and app numbers mean the same thing in each.
public struct ScanState: Sendable {
    /// One AASA file as the scan used it.
    public struct Source: Sendable, Equatable {
        public var domain: String?
        public var path: String
        public var bytes: [UInt8]

        public init(domain: String?, path: String, bytes: [UInt8]) {
            self.domain = domain
            self.path = path
            self.bytes = bytes
        }
    }

    public var sources: [Source]
    public var inputs: [InputReport]
    public var summary: CoverageSummary
    public var elapsedSeconds: Double
    public var workers: Int

    /// Layout: `AASASTATE2`, the body's length (64 bits, little-endian), the body, and a
    /// 64-bit checksum of the body (`StableHash`), so that a damaged or cut state is refused
    /// before anything in it is believed. `AASASTATE1` states (the body alone, no checksum),
    /// saved by earlier versions, still read.
    static let magic = Array("AASASTATE2".utf8)
    static let uncheckedMagic = Array("AASASTATE1".utf8)

    public init(
        sources: [Source], inputs: [InputReport], summary: CoverageSummary,
        elapsedSeconds: Double, workers: Int
    ) {
        self.sources = sources
        self.inputs = inputs
        self.summary = summary
        self.elapsedSeconds = elapsedSeconds
        self.workers = workers
    }

    /// The state as bytes.
    public func encoded() -> [UInt8] {
        let body = encodedBody()
        var out = ByteWriter()
        out.raw(Self.magic)
        out.u64(UInt64(body.count))
        out.raw(body)
        out.u64(body.withUnsafeBufferPointer { StableHash.hash($0) })
        return out.bytes
    }

    private func encodedBody() -> [UInt8] {
        var out = ByteWriter()
        out.int(sources.count)
        for source in sources {
            out.text(source.domain ?? "")
            out.text(source.path)
            out.blob(source.bytes)
        }
        out.int(inputs.count)
        for input in inputs {
            out.text(input.path)
            out.u64(UInt64(input.bytes))
            out.text(input.compression?.rawValue ?? "")
            out.text(input.format?.rawValue ?? "")
            for value in [input.counts.lines, input.counts.requests, input.counts.malformed] {
                out.u64(value)
            }
            out.int(InputEnding(input).rawValue)
            out.text((input.skipped ? input.skipReason : input.error) ?? "")
            out.text(input.errorCode ?? "")
        }
        out.u64(UInt64(max(0, elapsedSeconds) * 1000))
        out.int(workers)
        out.blob(summary.encoded())
        encodeInputTimes(into: &out)
        return out.bytes
    }

    /// Every state of `bytes`: states written one after another (each says its length), or,
    /// when `allowingUnverified`, one state of the earlier, unchecked layout. An error names the
    /// state and its byte offset.
    public static func decodeAll(_ bytes: [UInt8], allowingUnverified: Bool = false)
        throws(ScanStateError) -> [ScanState]
    {
        if Array(bytes.prefix(uncheckedMagic.count)) == uncheckedMagic {
            return [try ScanState(encoded: bytes, allowingUnverified: allowingUnverified)]
        }
        var states: [ScanState] = []
        var offset = 0
        while offset < bytes.count {
            let context = "state \(states.count + 1) at byte \(offset)"
            let headerEnd = offset + magic.count + 8
            guard headerEnd <= bytes.count,
                Array(bytes[offset..<(offset + magic.count)]) == magic
            else { throw ScanStateError(message: "\(context): not a saved aasa-scan state") }
            var reader = ByteReader(bytes: Array(bytes[(offset + magic.count)..<headerEnd]))
            let length = (try? reader.u64()) ?? UInt64.max
            guard length <= UInt64(bytes.count - headerEnd),
                UInt64(bytes.count - headerEnd) - length >= 8
            else { throw ScanStateError(message: "\(context): cut short") }
            let end = headerEnd + Int(length) + 8
            do {
                states.append(try ScanState(encoded: Array(bytes[offset..<end])))
            } catch {
                throw ScanStateError(message: "\(context): \(error.message)")
            }
            offset = end
        }
        if states.isEmpty { throw ScanStateError(message: "no saved state in it") }
        return states
    }

    /// A state from `encoded()` bytes. The unchecked bytes of an earlier version
    /// (`AASASTATE1`, no checksum) are read only when `allowingUnverified`: nothing tells an
    /// edited or damaged one from a true one, so they are refused by default.
    public init(encoded bytes: [UInt8], allowingUnverified: Bool = false) throws(ScanStateError) {
        let header = Array(bytes.prefix(Self.magic.count))
        if header == Self.uncheckedMagic {
            guard allowingUnverified else {
                throw ScanStateError(
                    message: "a state of an earlier version (AASASTATE1), saved without a "
                        + "checksum: nothing shows it was not changed since; merge it with "
                        + "--allow-unverified-state if you trust it, or scan its logs again")
            }
            try self.init(body: Array(bytes[Self.magic.count...]), at: Self.magic.count)
            return
        }
        guard header == Self.magic else {
            throw ScanStateError(message: "not a saved aasa-scan state (no AASASTATE2 header)")
        }
        let bodyStart = Self.magic.count + 8
        var input = ByteReader(bytes: bytes)
        _ = try? input.take(Self.magic.count)
        guard let length = try? input.u64(), bytes.count >= bodyStart,
            UInt64(bytes.count - bodyStart) >= 8, length == UInt64(bytes.count - bodyStart - 8)
        else {
            throw ScanStateError(
                message: "damaged state: its header announces a body that is not all there "
                    + "(\(bytes.count) bytes in all; cut short or followed by other bytes?)")
        }
        let body = Array(bytes[bodyStart..<(bytes.count - 8)])
        var trailer = ByteReader(bytes: Array(bytes.suffix(8)))
        let checksum = (try? trailer.u64()) ?? 0
        guard body.withUnsafeBufferPointer({ StableHash.hash($0) }) == checksum else {
            throw ScanStateError(
                message: "damaged state: the checksum of bytes \(bodyStart)..<\(bytes.count - 8) "
                    + "does not match (the state was changed after it was saved)")
        }
        try self.init(body: body, at: bodyStart)
    }

    /// Decodes a state's body; `start` is its offset in the file, for messages.
    private init(body bytes: [UInt8], at start: Int) throws(ScanStateError) {
        var input = ByteReader(bytes: bytes)
        do {
            var sources: [Source] = []
            for _ in 0..<(try input.int()) {
                let domain = try input.text()
                sources.append(
                    Source(
                        domain: domain.isEmpty ? nil : domain, path: try input.text(),
                        bytes: try input.blob()))
            }
            var inputs: [InputReport] = []
            for _ in 0..<(try input.int()) {
                let path = try input.text()
                let size = Int(clamping: try input.u64())
                let compression = Compression(rawValue: try input.text())
                let format = LogFormat(rawValue: try input.text())
                var counts = InputCounts()
                counts.lines = try input.u64()
                counts.requests = try input.u64()
                counts.malformed = try input.u64()
                let ending = InputEnding(stored: try input.int())
                let error = try input.text()
                let code = try input.text()
                var report = InputReport(
                    path: path, bytes: size, compression: compression, format: format,
                    counts: counts, complete: ending != .cutShort,
                    error: error.isEmpty ? nil : error,
                    errorCode: code.isEmpty ? nil : code)
                if ending == .skipped {
                    report.skipped = true
                    report.skipReason = report.error
                    report.error = nil
                }
                inputs.append(report)
            }
            let milliseconds = try input.u64()
            let workers = try input.int()
            let summary = try CoverageSummary(encoded: try input.blob())
            if !input.isAtEnd { try Self.decodeInputTimes(from: &input, into: &inputs) }
            guard input.isAtEnd else { throw input.failure("bytes after the state") }
            self.init(
                sources: sources, inputs: inputs, summary: summary,
                elapsedSeconds: Double(milliseconds) / 1000, workers: workers)
        } catch {
            throw ScanStateError(
                message: "damaged state: \(error) (body at byte \(start) of the file)")
        }
    }

    /// The associations the state was made with, compiled again from the saved files.
    public func associations() throws(ScanStateError) -> Associations {
        var associations = Associations()
        for source in sources {
            let document: AASADocument
            do {
                document = try AASADocument.parse(source.bytes)
            } catch {
                throw ScanStateError(message: "the saved copy of \(source.path) does not parse")
            }
            var domain: DomainPattern?
            if let name = source.domain {
                do throws(InvalidDomain) {
                    domain = try DomainPattern.parse(name)
                } catch {
                    throw ScanStateError(message: "the state names \(error)")
                }
            }
            let rules = CompiledRuleSet(document)
            if let exceeded = rules.budgetExceeded {
                throw ScanStateError(message: "the saved copy of \(source.path): \(exceeded)")
            }
            associations.add(domain: domain, path: source.path, rules: rules)
        }
        return associations
    }

    /// Merges states made with the same AASA files: counts add, inputs are listed in order.
    public static func merged(_ states: [ScanState]) throws(ScanStateError) -> ScanState {
        guard var result = states.first else { throw ScanStateError(message: "no state to merge") }
        for state in states.dropFirst() {
            guard state.sources == result.sources else {
                throw ScanStateError(
                    message: "the states were made with different AASA files; merge only scans "
                        + "of the same files")
            }
            guard state.summary.shape == result.summary.shape else {
                throw ScanStateError(message: "the states were made with different table sizes")
            }
            guard state.summary.android?.labels == result.summary.android?.labels else {
                throw ScanStateError(
                    message: state.summary.android == nil || result.summary.android == nil
                        ? "some states counted Android (--android-manifest) and others did not; "
                            + "merge only scans made alike"
                        : "the states counted Android with different files, package or API level "
                            + "(--android-manifest, --assetlinks, --package, --android-api, "
                            + "--android-host); merge only scans made alike")
            }
            var summary = state.summary
            summary.offsetInputs(by: result.inputs.count)
            result.summary += summary
            result.inputs += state.inputs
            result.elapsedSeconds += state.elapsedSeconds
            result.workers = max(result.workers, state.workers)
        }
        return result
    }

    /// The state as a scan result, for the report renderers.
    public func result() throws(ScanStateError) -> ScanResult {
        ScanResult(
            summary: summary, inputs: inputs, associations: try associations(),
            elapsedSeconds: elapsedSeconds, workers: workers)
    }
}

/// Why a saved state could not be used.
public struct ScanStateError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// How an input's scan ended, as a saved state stores it (one integer per input).
private enum InputEnding: Int {
    case cutShort = 0
    case complete = 1
    /// Skipped, its reason in the error's place. A value of its own (not a new field) so that
    /// states saved before inputs could be skipped read back unchanged.
    case skipped = 2

    /// Other values read as they always have: above 0 complete, else cut short.
    init(stored: Int) {
        self = InputEnding(rawValue: stored) ?? (stored > 0 ? .complete : .cutShort)
    }

    init(_ input: InputReport) {
        self = input.skipped ? .skipped : input.complete ? .complete : .cutShort
    }
}
