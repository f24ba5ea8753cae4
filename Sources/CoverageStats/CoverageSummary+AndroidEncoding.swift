/// The Android section of a saved summary, after the time section: the labels (package, API
/// level, fingerprint, host of hostless requests, reasons, rules as kind, source, pattern and whether they read the fragment), then the counts. Written
/// only for a scan with Android, so other summaries keep the bytes they had.
extension CoverageSummary {
    func encodeAndroid(into out: inout ByteWriter) {
        guard let android else { return }
        let labels = android.labels
        out.text(labels.package)
        out.int(labels.apiLevel)
        out.u64(labels.fingerprint)
        out.text(labels.hostlessHost)
        out.int(labels.reasons.count)
        for reason in labels.reasons { out.text(reason) }
        out.int(labels.rules.count)
        for rule in labels.rules {
            for text in [rule.kind, rule.source, rule.pattern] { out.text(text) }
            out.u64(rule.readsFragment ? 1 : 0)
        }
        for value in [android.handled, android.excluded, android.unmatched] { out.u64(value) }
        out.u64s(android.reasonCounts)
        out.u64s(android.ruleCounts)
        out.u64s(android.cross)
    }

    mutating func decodeAndroid(from input: inout ByteReader) throws(SummaryDecodingError) {
        let package = try input.text()
        let apiLevel = try input.int()
        let fingerprint = try input.u64()
        let hostlessHost = try input.text()
        let reasonCount = try input.int()
        guard reasonCount < 1 << 8 else { throw input.failure("implausible Android reasons") }
        var reasons: [String] = []
        for _ in 0..<reasonCount { reasons.append(try input.text()) }
        let ruleCount = try input.int()
        guard ruleCount < 1 << 24 else { throw input.failure("implausible Android rule count") }
        var rules: [AndroidRuleLabel] = []
        for _ in 0..<ruleCount {
            rules.append(
                AndroidRuleLabel(
                    kind: try input.text(), source: try input.text(), pattern: try input.text(),
                    readsFragment: try input.u64() != 0))
        }
        var counts = AndroidCounts(
            labels: AndroidLabels(
                package: package, apiLevel: apiLevel, fingerprint: fingerprint,
                hostlessHost: hostlessHost, reasons: reasons,
                rules: rules),
            appCount: shape.appCount)
        counts.handled = try input.u64()
        counts.excluded = try input.u64()
        counts.unmatched = try input.u64()
        counts.reasonCounts = try input.u64s(count: reasonCount)
        counts.ruleCounts = try input.u64s(count: ruleCount)
        counts.cross = try input.u64s(count: (shape.appCount + 1) * 2)
        android = counts
    }
}
