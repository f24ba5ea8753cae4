import LogIO
import LogParsing

/// One input being read, chunk after chunk, in order: everything that depends on the order of
/// its lines (the format detected from its first lines, the headers that change the columns,
/// the fingerprint, the progress) happens here, one chunk at a time; what is left for a worker
/// is to classify the chunk with the parser it is handed.
///
/// Whoever calls `take(_:)` must hold the input alone for the call; the chunks it filled may
/// then be classified in any order, on any thread.
struct InputReading {
    /// What `take(_:)` made of a chunk.
    enum Step {
        /// The chunk holds lines to classify with this parser.
        case lines(LineParser)
        /// The input has ended (or stopped at an error): the chunk holds nothing.
        case ended
    }

    private let reader: ChunkReader
    private let source: InputSource
    private let index: Int
    private let expanded: Bool
    private let configuration: ScanConfiguration
    private let progress: ScanProgress
    private var report: InputReport
    private var parser: LineParser?
    /// Lines too long for a chunk met before the format was known: they vote for none.
    private var overlongBeforeFormat = false
    private var fingerprint: FingerprintCollector?
    private var bytesSaid = 0
    private(set) var hasEnded = false

    /// Opens `source`; the report of an input that cannot be opened instead.
    static func open(
        _ source: InputSource, index: Int, expanded: Bool, configuration: ScanConfiguration,
        pieces: PieceDecoding, progress: ScanProgress
    ) -> Result<InputReading, InputReportFailure> {
        var report = InputReport(
            path: source.name, bytes: 0, compression: nil, format: configuration.logFormat,
            counts: InputCounts(), complete: true, error: nil, errorCode: nil)
        let reader: ChunkReader
        do {
            reader = try ChunkReader.open(
                source, inputIndex: index, chunkSize: configuration.chunkSize, pieces: pieces)
        } catch {
            report.complete = false
            report.error = error.description
            report.errorCode = error.code.description
            return .failure(InputReportFailure(report: report))
        }
        report.compression = reader.compression
        progress.startInput(index, total: reader.progress.totalBytes)
        return .success(
            InputReading(
                reader: reader, source: source, index: index, expanded: expanded,
                configuration: configuration, progress: progress, report: report))
    }

    private init(
        reader: ChunkReader, source: InputSource, index: Int, expanded: Bool,
        configuration: ScanConfiguration, progress: ScanProgress, report: InputReport
    ) {
        self.reader = reader
        self.source = source
        self.index = index
        self.expanded = expanded
        self.configuration = configuration
        self.progress = progress
        self.report = report
        parser = configuration.logFormat.map { format in
            configuration.customLayout.map(LineParser.init(layout:))
                ?? LineParser(format: format, jsonNames: configuration.jsonNames)
        }
        fingerprint = configuration.fingerprintsInputs ? FingerprintCollector() : nil
    }

    /// True for an uncompressed regular file (not standard input): its bytes cost a copy
    /// and nothing else, so the workers read it themselves, each into its own buffer (see
    /// `SharedInput`).
    var isPlainFile: Bool {
        if case .standardInput = source { return false }
        return reader.compression == .plain && reader.progress.totalBytes != nil
    }

    /// Fills `chunk` with the next lines of the input and says how to classify them.
    mutating func take(_ chunk: Chunk) -> Step {
        guard !hasEnded else { return .ended }
        let step = fill(chunk)
        if case .ended = step { hasEnded = true }
        return step
    }

    private mutating func fill(_ chunk: Chunk) -> Step {
        let hasLines: Bool
        do {
            hasLines = try reader.next(into: chunk)
        } catch {
            report.complete = false
            report.error = error.description
            report.errorCode = error.code.description
            return .ended
        }
        let read = reader.progress.bytesRead
        progress.addInputBytes(read - bytesSaid, input: index, read: read)
        bytesSaid = read
        guard hasLines else { return .ended }
        fingerprint?.add(chunk.bytes)
        if parser == nil {
            let detection = FormatDetector.detect(
                chunk.bytes, jsonNames: configuration.jsonNames)
            if detection.votingLines == 0 {
                overlongBeforeFormat = overlongBeforeFormat || chunk.overlongLinesSkipped > 0
                // Only blank or `#` lines so far: every parser skips them; detect later.
                return .lines(LineParser(format: .url))
            }
            guard let detected = detection.makeParser(jsonNames: configuration.jsonNames) else {
                refuse(detection)
                return .ended
            }
            parser = detected
            report.format = detected.format
        }
        if report.detection == nil, configuration.logFormat != nil {
            let detection = FormatDetector.detect(
                chunk.bytes, jsonNames: configuration.jsonNames)
            if detection.votingLines > 0 { report.detection = detection }
        }
        guard var current = parser else { return .ended }
        let state = current
        current.absorbHeaders(in: chunk.bytes)
        parser = current
        return .lines(state)

    }

    /// An input whose first lines fit no format: skipped in a folder, an error when named.
    private mutating func refuse(_ detection: FormatDetector.Detection) {
        if expanded {
            // A README or an error log beside the access logs of a folder.
            report.skipped = true
            report.skipReason = "not an access log: " + detection.closestMismatch
        } else {
            report.complete = false
            report.errorCode = "unknown-format"
            report.error =
                "\(source.name): not a log format we know: "
                + detection.closestMismatch + "; name it with --log-format, or "
                + "describe its layout: --log-format 'custom:%h %l %u %t \"%r\" %>s %b'"
        }
    }

    /// The report of the input once it has ended.
    func finalReport() -> InputReport {
        precondition(hasEnded, "an input reported before its end")
        var report = report
        if parser == nil, overlongBeforeFormat, !expanded, report.error == nil {
            // No line short enough to tell the format: a named file that is likely no log at
            // all (a binary, a minified file) must not pass as an empty log. (In a folder its
            // lines count as malformed, as a long line of a log does.)
            report.complete = false
            report.errorCode = "line-too-long"
            report.error =
                "\(source.name): its lines are longer than --chunk-kib "
                + "(\(configuration.chunkSize / 1024) KiB), so its format cannot be told; raise "
                + "--chunk-kib if it is a log with lines that long"
        }
        report.bytes = reader.progress.bytesRead
        report.fingerprint = fingerprint?.fingerprint(
            since: configuration.filter.since, until: configuration.filter.until)
        return report
    }
}

/// The report of an input that could not be opened.
struct InputReportFailure: Error {
    var report: InputReport
}
