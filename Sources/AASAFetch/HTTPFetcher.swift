import CCurl
import LibC

/// Downloads AASA files as iOS does, through the system's libcurl: HTTPS only, no redirect
/// followed, no decompression asked for, at most `sizeLimit` body bytes, within a deadline.
/// The proxy is libcurl's, from the environment. Many requests share one thread (libcurl's
/// multi interface), a bounded number of them at a time.
public struct HTTPFetcher: Sendable {
    public let settings: FetchSettings
    private let curl: Curl

    /// Fails when the CA file cannot be read or holds no PEM certificate (checked before any
    /// request, since libcurl would only say so for each of them), or when this machine has
    /// no libcurl.
    public init(settings: FetchSettings) throws(FetchSetupError) {
        if let caFile = settings.caFile {
            do throws(CAFileError) { try CAFileError.check(caFile) } catch {
                throw .caFile(error)
            }
        }
        switch Curl.shared {
        case .success(let curl): self.curl = curl
        case .failure(let missing): throw .curlMissing(missing)
        }
        self.settings = settings
    }

    /// One GET of each URL, at most `atOnce` at a time, answers in the order of `urls`. Never
    /// throws: a failure is part of an answer.
    public func fetch(_ urls: [String], atOnce: Int) -> [FetchedResponse] {
        var answers = urls.map { FetchedResponse(url: $0) }
        guard let multi = curl.multiInit() else {
            for index in answers.indices {
                answers[index].failure = .unreachable("libcurl could not start")
            }
            return answers
        }
        defer { _ = curl.multiCleanup(multi) }
        var waiting = urls.indices.makeIterator()
        var running: [UnsafeMutableRawPointer: (index: Int, transfer: CurlTransfer)] = [:]

        func startNext() -> Bool {
            guard let index = waiting.next() else { return false }
            let url = urls[index]
            // libcurl would refuse it too; nothing is sent.
            guard url.lowercased().hasPrefix("https://") else {
                answers[index].failure = .notHTTPS
                return true
            }
            guard let transfer = CurlTransfer(url: url, settings: settings, curl: curl) else {
                answers[index].failure = .unreachable("libcurl could not make a request")
                return true
            }
            _ = curl.multiAdd(multi, transfer.handle)
            running[transfer.handle] = (index, transfer)
            return true
        }

        while running.count < max(1, atOnce), startNext() {}
        var stillRunning: Int32 = 0
        while !running.isEmpty {
            _ = curl.multiPerform(multi, &stillRunning)
            var queued: Int32 = 0
            while let message = curl.multiRead(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                    let (index, transfer) = running.removeValue(forKey: handle)
                else { continue }
                let code = message.pointee.data.result
                _ = curl.multiRemove(multi, handle)
                answers[index] = transfer.finish(code)
                while running.count < max(1, atOnce), startNext() {}
            }
            if running.isEmpty { break }
            // Until a socket is ready or libcurl's next timer; at most 100 ms.
            _ = curl.multiPoll(multi, nil, 0, 100, nil)
        }
        return answers
    }
}

/// Why `fetch` cannot start.
public enum FetchSetupError: Error, Sendable, CustomStringConvertible {
    case caFile(CAFileError)
    case curlMissing(CurlMissing)

    public var description: String {
        switch self {
        case .caFile(let error): error.description
        case .curlMissing(let missing): missing.description
        }
    }
}
