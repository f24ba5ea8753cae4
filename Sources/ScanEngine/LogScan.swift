import CoverageStats
import Dispatch
import LinkMatcher
import LogIO
import LogParsing
import Synchronization
import Synchronized

/// The scan pipeline (DESIGN.md §2): readers decode the inputs and cut them into chunks; worker
/// threads classify chunks into their own summaries; the summaries are merged at the end.
/// Memory is bounded by the chunk buffers in circulation (`2 x workers + 2`, and one more per
/// worker that reads a plain file), whatever the size of the inputs.
///
/// With several inputs, up to `workers` of them are decoded side by side, each by one reader
/// (a thread that takes the next input not yet taken): one input's inflate no longer caps a
/// scan of many files at one core. Every reader is also one of the `workers`: when every
/// buffer is full it classifies a chunk itself instead of waiting. So the scan runs exactly
/// `workers` threads, a decoder never competes with classifiers for a core, and whichever side
/// is slower gets the spare time of the other. Chunks carry their input's index, so the counts
/// per input, and every exact figure, are those of a serial read.
///
/// An input made of independent zstd frames or BGZF members (`PieceDecoding`) is also decoded
/// by the workers that no other reader keeps busy (`workers / readers` threads per input): its
/// reader queues whole pieces beside the chunks, any worker that takes one decodes it, and the
/// reader hands the output on in order, so the lines and their numbers are those of a serial
/// read too.
///
/// An uncompressed regular file has no decoding to run beside the classification: every
/// worker reads its chunks itself, in turn, into its own buffer (`SharedInput`), so that the
/// bytes are classified by the core that copied them in.
public enum LogScan {
    /// Runs a scan. Errors of single inputs do not stop it: they are reported per input and
    /// the other inputs are still read. `observers`, when given, holds one observer per worker
    /// (at least `configuration.workers`): each sees the requests its worker classifies (not
    /// with `newFiles`). With `newFiles` (`diff`), every request is also decided under those
    /// files in the same pass, and the result carries the comparison.
    public static func run(
        _ configuration: ScanConfiguration, associations: Associations,
        comparedWith newFiles: Associations? = nil, progress: ScanProgress = ScanProgress(),
        observers: [any RequestObserver] = []
    ) -> ScanResult {
        let clock = ContinuousClock()
        let start = clock.now
        let workerCount = max(1, configuration.workers)
        let shape = CoverageShape(
            appCount: associations.appCount, ruleCount: associations.ruleCount,
            hostCapacity: configuration.hostCapacity, topCapacity: configuration.topCapacity)
        precondition(observers.isEmpty || observers.count >= workerCount, "one observer per worker")
        let workers = (0..<workerCount).map { index in
            ScanWorker(
                associations: associations, filter: configuration.filter, shape: shape,
                lineLimit: configuration.chunkSize, perApp: configuration.perApp,
                observer: observers.isEmpty ? nil : observers[index], comparedWith: newFiles,
                bucket: configuration.bucket, perAppSeries: configuration.perAppSeries,
                android: configuration.android, rulesSeen: configuration.rulesSeen)
        }
        let free = ChunkQueue<Chunk>()
        for _ in 0..<(2 * workerCount + 2) { free.push(Chunk(capacity: configuration.chunkSize)) }
        let filled = ChunkQueue<Work?>()
        let idle = configuration.idleWorkers
        /// Does one work item; a shared input is read to its end, or, by a reader waiting
        /// for a buffer (`toTheEnd` false), for one chunk, and offered again.
        @Sendable func perform(_ work: Work, by worker: ScanWorker, toTheEnd: Bool = true) {
            switch work {
            case .lines(let chunk, let parser):
                worker.process(chunk, parser: parser)
                progress.addLines(chunk.lineCount + chunk.overlongLinesSkipped)
                free.push(chunk)
            case .piece(let piece):
                piece.run()
            case .share(let input):
                let chunk = worker.ownChunk
                if toTheEnd {
                    while input.classifyNext(into: chunk, by: worker, progress: progress) {}
                } else if input.classifyNext(into: chunk, by: worker, progress: progress) {
                    // This reader's own input still waits: it joins again later.
                    filled.push(.share(input))
                }
            }
        }
        let inputs = InputResolver.resolveMarked(configuration.inputs)
        let readerCount = max(1, min(workerCount, inputs.count))
        // The workers no other reader keeps busy help to decode an input made of independent
        // frames or BGZF members; pieces in flight, and so memory, grow with them.
        let pieces = PieceDecoding(threads: workerCount / readerCount) { filled.push(.piece($0)) }
        let taken = Atomic<Int>(0)
        let reading = Atomic<Int>(readerCount)
        let readReports = Locked<[InputReport?]>(Array(repeating: nil, count: inputs.count))
        /// Classifies queued chunks until the end mark; then hands the tallies over.
        @Sendable func classifyUntilTheEnd(worker: ScanWorker) {
            while let work = filled.pop(idle: idle) { perform(work, by: worker) }
            worker.finish()
            // Done: its core is left to the work beside the scan for good.
            idle?.pause()
        }
        /// Reads inputs not yet taken, one at a time, classifying with `worker` whenever no
        /// buffer is free; then classifies like the other workers, so that the inputs still
        /// being read have every core. The last reader done marks the end for every worker.
        @Sendable func readInputs(worker: ScanWorker) {
            let nextFreeChunk = { () -> Chunk in
                while true {
                    if let chunk = free.tryPop() { return chunk }
                    if let waiting = filled.tryPop(), let work = waiting {
                        perform(work, by: worker, toTheEnd: false)
                        continue
                    }
                    // Both queues empty for now: a chunk comes back to one of them soon. A
                    // bounded wait, since another reader may fill the other queue meanwhile.
                    if let chunk = free.pop(waitingAtMost: 1, idle: idle) { return chunk }
                }
            }
            while true {
                let index = taken.add(1, ordering: .relaxed).oldValue
                guard index < inputs.count else { break }
                let report = read(
                    inputs[index], index: index, configuration: configuration, pieces: pieces,
                    pipes: Pipes(
                        worker: worker, others: workerCount - 1, nextFreeChunk: nextFreeChunk,
                        free: free, filled: filled, progress: progress))
                readReports.withLock { $0[index] = report }
            }
            // Every chunk is queued before the marks: the queue is first in, first out.
            if reading.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
                for _ in workers { filled.push(nil) }
            }
            classifyUntilTheEnd(worker: worker)
        }
        let group = DispatchGroup()
        for (index, worker) in workers.enumerated().dropFirst() {
            DispatchQueue.global(qos: .userInitiated).async(group: group) {
                if index < readerCount {
                    readInputs(worker: worker)
                } else {
                    classifyUntilTheEnd(worker: worker)
                }
            }
        }
        readInputs(worker: workers[0])
        group.wait()
        var reports = readReports.withLock { $0.compactMap(\.self) }
        // The first worker's summary is the start, not merged into an empty one: merging
        // walks every table, and the empty summary is the merge's identity.
        var summary = workers[0].summary
        var counts: [InputCounts] = []
        for (index, worker) in workers.enumerated() {
            if index > 0 { summary += worker.summary }
            for (input, value) in worker.inputCounts.enumerated() {
                while counts.count <= input { counts.append(InputCounts()) }
                counts[input] = counts[input] + value
            }
        }
        for index in reports.indices where index < counts.count {
            reports[index].counts = counts[index]
        }
        // Requests of inputs that log no time fall in no bucket: the series holds part.
        if counts.contains(where: { $0.unknownTime > 0 }) { summary.series?.isPartial = true }
        let elapsed = clock.now - start
        let globCaches = workers.map(\.globCaches).reduce(
            Array(repeating: GlobCacheStatistics(), count: associations.files.count)
        ) { total, worker in zip(total, worker).map(+) }
        var result = ScanResult(
            summary: summary, inputs: reports, associations: associations,
            elapsedSeconds: Double(elapsed.components.seconds)
                + Double(elapsed.components.attoseconds) / 1e18,
            workers: workerCount, globCaches: globCaches)
        if let newFiles {
            result.comparison = Comparison(workers: workers, newFiles: newFiles)
        }
        return result
    }

    /// What the workers take from the queue: a chunk to classify with the parser of its
    /// input, a piece of an input to decode, or a plain file to read and classify.
    enum Work: @unchecked Sendable {
        case lines(Chunk, LineParser)
        case piece(PieceWork)
        case share(SharedInput)
    }

    /// What a reader hands its chunks through: its own worker, the queues, the progress.
    struct Pipes {
        let worker: ScanWorker
        /// Workers besides the reader's own.
        let others: Int
        let nextFreeChunk: () -> Chunk
        let free: ChunkQueue<Chunk>
        let filled: ChunkQueue<Work?>
        let progress: ScanProgress
    }

    /// The report of input `index`: read to its end (or its first error), its chunks handed
    /// to the workers; or what could not be opened.
    private static func read(
        _ resolved: InputResolver.Resolved, index: Int, configuration: ScanConfiguration,
        pieces: PieceDecoding, pipes: Pipes
    ) -> InputReport {
        var report: InputReport
        switch resolved.result {
        case .success(let source):
            report = read(
                source, index: index,
                expanded: resolved.isExpanded || configuration.skipsNamedNonLogs,
                configuration: configuration, pieces: pieces, pipes: pipes)
        case .failure(let error) where resolved.isExpanded && error.isUnfollowableLink:
            // A folder's dangling or looping link is no log: left out, as a README is.
            report = InputReport(
                path: error.path, bytes: 0, compression: nil, format: nil,
                counts: InputCounts(), complete: true, error: nil, errorCode: nil)
            report.skipped = true
            report.skipReason = error.detail
        case .failure(let error):
            report = InputReport(
                path: error.path, bytes: 0, compression: nil, format: nil,
                counts: InputCounts(), complete: false, error: error.description,
                errorCode: error.code.description)
        }
        report.argument = resolved.argument
        return report
    }

    /// Reads one input to its end (or its first error), handing chunks to the workers; a
    /// plain file is shared with them instead (`SharedInput`).
    private static func read(
        _ source: InputSource, index: Int, expanded: Bool, configuration: ScanConfiguration,
        pieces: PieceDecoding, pipes: Pipes
    ) -> InputReport {
        var reading: InputReading
        switch InputReading.open(
            source, index: index, expanded: expanded, configuration: configuration,
            pieces: pieces, progress: pipes.progress)
        {
        case .success(let opened): reading = opened
        case .failure(let failure): return failure.report
        }
        if pipes.others > 0 && reading.isPlainFile {
            let shared = SharedInput(reading)
            for _ in 0..<pipes.others { pipes.filled.push(.share(shared)) }
            let worker = pipes.worker
            while shared.classifyNext(into: worker.ownChunk, by: worker, progress: pipes.progress) {
            }
            return shared.finalReport()
        }
        while true {
            let chunk = pipes.nextFreeChunk()
            guard case .lines(let parser) = reading.take(chunk) else {
                pipes.free.push(chunk)
                break
            }
            pipes.filled.push(.lines(chunk, parser))
        }
        return reading.finalReport()
    }
}
