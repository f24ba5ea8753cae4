import CLISupport
import Dispatch
import LibC
import Reports
import ScanEngine
import TextFormat

/// The progress line on standard error: bytes, lines per second, and percent and ETA for
/// inputs of known size. Drawn only when standard error is a terminal; machine output on
/// standard output never sees it.
final class ProgressDisplay: @unchecked Sendable {
    private let progress: ScanProgress
    private let timer: DispatchSourceTimer
    private let startNanoseconds = DispatchTime.now().uptimeNanoseconds

    static func startIfWanted(_ progress: ScanProgress, quiet: Bool) -> ProgressDisplay? {
        guard !quiet, Terminal.drawsOnStandardError else { return nil }
        return ProgressDisplay(progress)
    }

    private init(_ progress: ScanProgress) {
        self.progress = progress
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250))
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    func stop() {
        timer.cancel()
        StandardError.write("\r\u{1B}[K")
    }

    private func draw() {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - startNanoseconds) / 1e9
        let lines = progress.linesDone
        let input = progress.input
        var text = "\(Format.bytes(progress.bytesRead)) read, \(Format.count(lines)) lines"
        if seconds > 0 {
            text += ", \(Format.count(Format.wholeCount(Double(lines) / seconds))) lines/s"
        }
        if let total = input.total, total > 0 {
            let fraction = min(Double(input.read) / Double(total), 1)
            text += "; input \(input.index + 1): \(Format.percent(fraction * 100))"
            if fraction > 0.01 {
                text += ", ETA \(Format.duration(seconds * (1 - fraction) / fraction))"
            }
        }
        StandardError.write("\r\u{1B}[K" + text)
    }
}
