import ArgumentParser
import CLISupport
import LibC
import LogParsing
import ScanEngine

/// How inputs are read.
struct ReadingOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Log format: auto, one of "
                + LogFormat.allCases.map(\.rawValue).joined(separator: ", ")
                + ", or custom:LAYOUT with Apache % directives or nginx $variables, e.g. "
                + "'custom:%v %h %l %u %t \"%r\" %>s %b' or "
                + "'custom:$remote_addr [$time_local] \"$request\" $status $host'.",
            valueName: "format"))
    var logFormat = "auto"

    @Option(
        help: ArgumentHelp(
            "Threads, the reading one included: 1 to \(Self.maxWorkers) (default: every core, "
                + "up to \(Self.maxWorkers)).", valueName: "n"))
    var workers: Int?

    /// More threads than this only add memory (a summary each) and contention: no machine
    /// reads one stream of logs faster with them.
    static let maxWorkers = 256

    @Option(
        help: ArgumentHelp(
            "JSON lines: key names per role, e.g. host=vhost,target=req_uri,method=verb,status=code "
                + "(added before the built-in names).", valueName: "role=key,..."))
    var jsonFields: String?

    @Option(
        name: .customLong("chunk-kib"),
        help: ArgumentHelp(
            "Chunk size in KiB; also the longest line read.", valueName: "kib"))
    var chunkKiB = 1024

    @Flag(
        help: ArgumentHelp(
            "Skip, with a warning, a named input that is not an access log, as one found in a "
                + "folder or by a glob is skipped (by default a named one is an error)."))
    var skipNonLogs = false

    func apply(to configuration: inout ScanConfiguration) throws {
        configuration.skipsNamedNonLogs = skipNonLogs
        if logFormat.hasPrefix("custom:") {
            do {
                configuration.customLayout = try CustomLayout(String(logFormat.dropFirst(7)))
            } catch {
                throw ValidationError("--log-format \(error.description)")
            }
            configuration.logFormat = .custom
        } else if logFormat != "auto" {
            guard let format = LogFormat(rawValue: logFormat), format != .custom else {
                throw ValidationError("Unknown --log-format '\(logFormat)'.")
            }
            configuration.logFormat = format
        }
        if let workers, !(1...Self.maxWorkers).contains(workers) {
            throw ValidationError("--workers must be between 1 and \(Self.maxWorkers).")
        }
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        configuration.workers = workers ?? min(max(cores, 1), Self.maxWorkers)
        guard (4...(1 << 20)).contains(chunkKiB) else {
            throw ValidationError("--chunk-kib must be between 4 and 1048576.")
        }
        configuration.chunkSize = chunkKiB * 1024
        if let jsonFields {
            var names = JSONFieldNames.standard
            for pair in jsonFields.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[1].isEmpty else {
                    throw ValidationError("--json-fields wants role=key pairs, got '\(pair)'.")
                }
                switch parts[0] {
                case "host": names.host.insert(parts[1], at: 0)
                case "target": names.target.insert(parts[1], at: 0)
                case "method": names.method.insert(parts[1], at: 0)
                case "status": names.status.insert(parts[1], at: 0)
                case "request": names.requestLine.insert(parts[1], at: 0)
                case "time": names.time.insert(parts[1], at: 0)
                default:
                    throw ValidationError(
                        "--json-fields roles are host, target, method, status, request, time.")
                }
            }
            configuration.jsonNames = names
        }
    }
}
