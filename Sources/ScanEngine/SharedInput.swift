import LogIO
import Synchronized

/// An uncompressed regular file that every worker reads: a worker that needs lines takes the
/// input, reads the next chunk into its own buffer, lets the input go, and classifies the
/// chunk. The reads stay in order and one at a time (`InputReading`), so the lines, their
/// numbers and all that depends on their order are those of one reader; but the bytes land
/// in the cache of the core that classifies them. Handed from a reader to a worker, each
/// chunk made its next `read` write over lines the other core had just cached: two workers
/// spent four times the kernel time of one, copying.
///
/// Compressed inputs keep their reader: decoding, not copying, is their cost, and it runs
/// beside the classification only if one thread does nothing else.
final class SharedInput: Sendable {
    private let reading: Locked<InputReading>

    init(_ reading: InputReading) { self.reading = Locked(reading) }

    /// Reads the next lines into `chunk` and classifies them with `worker`; false (and
    /// nothing classified) once the input has ended.
    func classifyNext(into chunk: Chunk, by worker: ScanWorker, progress: ScanProgress) -> Bool {
        let step = reading.withLock { $0.take(chunk) }
        guard case .lines(let parser) = step else { return false }
        worker.process(chunk, parser: parser)
        progress.addLines(chunk.lineCount + chunk.overlongLinesSkipped)
        return true
    }

    /// The input's report, once `classifyNext` has returned false.
    func finalReport() -> InputReport { reading.withLock { $0.finalReport() } }
}
