import CoverageStats
import LinkMatcher
import PublicSuffix
import TextFormat

extension ScanReport {
    /// Everything that may mislead in the figures of `result`, in the order a reader needs it.
    static func warnings(_ result: ScanResult, rules: [RuleRow]) -> [ReportWarning] {
        [noRequestsWarning(result), siteWarning(result)].compactMap { $0 } + portWarnings(result)
            + [hostlessWarning(result), fragmentWarning(result, rules: rules)].compactMap { $0 }
            + filterWarnings(result) + seriesWarnings(result)
            + [androidHostWarning(result), androidHostAssumedWarning(result)].compactMap { $0 }
    }

    /// No request was classified (an empty log, every request filtered out): each share is 0
    /// of 0 and every rule decided none, which says nothing of the rules.
    static func noRequestsWarning(_ result: ScanResult) -> ReportWarning? {
        let totals = result.summary.totals
        guard totals.handled == 0, totals.excluded == 0, totals.unmatched == 0 else { return nil }
        return ReportWarning(
            code: "no_requests",
            message: "no request was classified (\(Format.count(totals.lines)) lines read, "
                + "\(Format.count(totals.requests)) requests): every share is 0 of 0 and every "
                + "rule is listed as dead, which says nothing of the rules")
    }

    /// Requests without a host that Android decided on the host it was given for them: the
    /// figure holds only if the log is that host's.
    static func androidHostAssumedWarning(_ result: ScanResult) -> ReportWarning? {
        let count = result.summary.hostlessRequests
        guard let android = result.summary.android, !android.labels.hostlessHost.isEmpty,
            count > 0
        else { return nil }
        return ReportWarning(
            code: "android_host_assumed",
            message: "\(Format.count(count)) requests name no host: Android decided them as "
                + "requests to \(android.labels.hostlessHost) (the app's verified host, or "
                + "--android-host); scan logs with a host column if they hold other hosts",
            alsoOnStandardError: false)
    }

    /// Requests without a host when Android was given none for them: Android decides by
    /// host, so they count as unmatched for it, which says nothing of the app.
    static func androidHostWarning(_ result: ScanResult) -> ReportWarning? {
        guard let android = result.summary.android,
            let index = android.labels.reasons.firstIndex(of: AndroidScanSetup.hostNotLogged),
            android.reasonCounts[index] > 0
        else { return nil }
        let count = android.reasonCounts[index]
        return ReportWarning(
            code: "android_host_not_logged",
            message: "\(Format.count(count)) requests name no host and the app verifies no "
                + "single host to take for them, so Android counts them as unmatched "
                + "(host-not-logged); give --android-host HOST, or scan logs with a host column")
    }

    /// A series that is coarser than asked (too many buckets), or that holds only part of
    /// the requests (inputs without times, states merged with states without a series).
    static func seriesWarnings(_ result: ScanResult) -> [ReportWarning] {
        guard let series = result.summary.series else { return [] }
        var warnings: [ReportWarning] = []
        if series.size != series.askedSize {
            warnings.append(
                ReportWarning(
                    code: "series_coarsened",
                    message:
                        "the requests span more than \(Format.count(UInt64(TimeSeries.bucketLimit))) "
                        + "\(series.askedSize.name) buckets, so the series counts them per "
                        + "\(series.size.name); narrow the time with --since and --until for "
                        + "\(series.askedSize.name) buckets"))
        }
        if series.isPartial {
            warnings.append(
                ReportWarning(
                    code: "series_partial",
                    message: "the series leaves out requests without a time (inputs that log "
                        + "none, or merged states saved without --bucket): its buckets do not "
                        + "sum to the totals"))
        }
        return warnings
    }

    /// The file given without a domain applies to every host no domain claims: when those
    /// hosts make more than one site (registrable domain, `PublicSuffixList`), its figures
    /// mix sites it does not belong to. Hosts are counted exactly up to the host table's
    /// capacity; past it the shares are estimates, and said to be.
    public static func siteWarning(_ result: ScanResult) -> ReportWarning? {
        let associations = result.associations
        guard let fallback = associations.fallback else { return nil }
        // One host (on any port) is one site: no list to consult, the usual single-site log.
        let names = Set(
            result.summary.hosts(limit: 3).filter { !$0.host.isEmpty }.map { row in
                row.host.prefix { $0 != UInt8(ascii: ":") || row.host.first == UInt8(ascii: "[") }
            })
        if names.count < 2, !result.summary.hostsAreApproximate { return nil }
        var requests: [String: UInt64] = [:]
        var handled: [String: UInt64] = [:]
        // The fallback's requests with a host: exact, whatever the host table kept.
        let totals = result.summary.totals
        var total = totals.requests &- totals.filtered.total &- result.summary.hostlessRequests
        for row in result.summary.hosts() where !row.host.isEmpty {
            let host = String(decoding: row.host, as: UTF8.self)
            guard associations.file(forHostRow: host) == fallback else {
                total = total >= row.requests ? total - row.requests : 0
                continue
            }
            let site = PublicSuffixList.standard.site(of: host)
            requests[site, default: 0] &+= row.requests
            handled[site, default: 0] &+= row.handled
        }
        guard requests.count > 1, total > 0 else { return nil }
        let ranked = requests.sorted {
            $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
        }
        // The site the file serves is most likely the one it opens most requests of.
        let own =
            handled.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }
            .flatMap { $0.value > 0 ? $0.key : nil } ?? ranked[0].key
        let others = ranked.filter { $0.key != own }
        func share(_ count: UInt64) -> String {
            Format.share(Double(min(count, total)) * 100 / Double(total))
        }
        let shown = others.prefix(5)
        let shownCount = shown.reduce(requests[own] ?? 0) { $0 &+ $1.value }
        let rest = total > shownCount ? total - shownCount : 0
        // Past the host table's capacity, counts are estimates and the long tail is unseen.
        let approximate = result.summary.hostsAreApproximate
        let about = approximate ? "about " : ""
        let file = associations.files[fallback].path
        let siteCount = (approximate ? "more than " : "") + Format.count(UInt64(requests.count))
        var message =
            "\(file) has no domain, so it applied to every host: the requests it decided span "
            + "\(siteCount) sites (by the Public Suffix List): \(own) has \(about)"
            + share(requests[own] ?? 0) + " of these requests, "
        message += shown.map { "\($0.key) \(about)\(share($0.value))" }.joined(separator: ", ")
        if others.count > 5 {
            message +=
                " and \(Format.count(UInt64(others.count - 5))) more (\(about)\(share(rest)))"
        }
        message +=
            "; bind the file to its site to count only its own hosts: --aasa \(own)=FILE, and "
            + "--aasa '*.\(own)=FILE' for its subdomains"
        return ReportWarning(code: "multiple_sites", message: message)
    }

    /// Hosts left without a file only because of their port: which port, and how to name it.
    static func portWarnings(_ result: ScanResult) -> [ReportWarning] {
        let unclaimed = result.summary.hosts().compactMap { row -> (String, UInt64, String)? in
            let host = String(decoding: row.host, as: UTF8.self)
            guard row.unmatched > 0, let domain = result.associations.domainMissingPort(host)
            else { return nil }
            return (host, row.unmatched, domain.description)
        }
        var warnings = unclaimed.prefix(5).map { host, count, domain in
            let port = host[host.index(after: host.lastIndex(of: ":") ?? host.startIndex)...]
            return ReportWarning(
                code: "port_without_file",
                message:
                    "\(Format.count(count)) \(count == 1 ? "request" : "requests") for \(host) "
                    + "\(count == 1 ? "has" : "have") no AASA file: port \(port) is not a "
                    + "default port, and --aasa \(domain)=FILE covers the default one only; "
                    + "name it as --aasa \(host)=FILE")
        }
        if unclaimed.count > 5 {
            warnings.append(
                ReportWarning(
                    code: "port_without_file",
                    message: "\(unclaimed.count - 5) more hosts have no AASA file only because "
                        + "of their port (see the hosts of the report)"))
        }
        return warnings
    }

    /// Requests without a host when every file is bound to a domain: none applies to them.
    static func hostlessWarning(_ result: ScanResult) -> ReportWarning? {
        let count = result.summary.hostlessRequests
        guard result.associations.fallback == nil, count > 0 else { return nil }
        return ReportWarning(
            code: "hostless_requests",
            message: "\(Format.count(count)) requests name no host, so no DOMAIN=FILE association "
                + "applies to them; add --aasa FILE to apply one file to them")
    }

    /// Rules that decide by the fragment, when no input could carry one: a browser never
    /// sends the fragment, so a server log cannot show these rules at work.
    static func fragmentWarning(_ result: ScanResult, rules: [RuleRow]) -> ReportWarning? {
        let unmeasurable = rules.filter { !$0.measurable }
        guard !unmeasurable.isEmpty else { return nil }
        let exclusions = unmeasurable.filter(\.exclude).count
        return ReportWarning(
            code: "fragment_not_measurable",
            message: "server logs cannot show fragments (a browser never sends one), so "
                + "\(unmeasurable.count) \(unmeasurable.count == 1 ? "rule that decides" : "rules that decide") "
                + "by the fragment (\(exclusions) of them fragment opt-outs such as "
                + "#no_universal_links) cannot be measured here: they are marked "
                + "measurable: false, not dead; a URL list with fragments can measure them",
            alsoOnStandardError: false)
    }

    /// Filters that could not judge some requests: they were kept, and the reader is told.
    static func filterWarnings(_ result: ScanResult) -> [ReportWarning] {
        var warnings: [ReportWarning] = []
        for input in result.inputs {
            for (count, option, field) in [
                (input.counts.unknownMethod, "--methods", "method"),
                (input.counts.unknownStatus, "--status", "status"),
                (input.counts.unknownAgent, "--skip-bots", "user agent"),
                (input.counts.unknownTime, "--since, --until and --bucket", "time"),
            ] where count > 0 {
                let all = count == input.counts.requests
                let one = count == 1
                warnings.append(
                    ReportWarning(
                        code: "filter_not_applicable",
                        message: "\(option) cannot apply to \(all ? "the " : "")"
                            + "\(Format.count(count)) \(one ? "request" : "requests") of \(input.path)"
                            + " that \(one ? "logs" : "log") no \(field) "
                            + "(\(input.format?.rawValue ?? "?") format); "
                            + "\(one ? "it was" : "they were") kept"))
            }
        }
        return warnings
    }
}
