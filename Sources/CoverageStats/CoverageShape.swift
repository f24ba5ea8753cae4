/// Sizes of a summary: how many apps and rules it counts and how much memory its bounded parts
/// may take. Summaries merge only with summaries of the same shape.
public struct CoverageShape: Sendable, Equatable {
    /// Number of apps (dense app indices are `0..<appCount`).
    public var appCount: Int
    /// Number of rules (dense global rule indices are `0..<ruleCount`).
    public var ruleCount: Int
    /// Distinct hosts counted exactly before the host table turns into a top-K.
    public var hostCapacity: Int
    /// Keys kept by each top-path list.
    public var topCapacity: Int
    /// Longest host or path stored in full; longer ones are truncated and marked.
    public var maxKeyLength: Int
    /// Malformed lines kept as samples.
    public var sampleLimit: Int
    /// Bytes kept per malformed sample.
    public var sampleByteLimit: Int

    /// A shape; the defaults bound a summary to a few MiB (see `CoverageSummary`).
    public init(
        appCount: Int, ruleCount: Int, hostCapacity: Int = 10_000, topCapacity: Int = 1_000,
        maxKeyLength: Int = 256, sampleLimit: Int = 10, sampleByteLimit: Int = 300
    ) {
        self.appCount = appCount
        self.ruleCount = ruleCount
        self.hostCapacity = hostCapacity
        self.topCapacity = topCapacity
        self.maxKeyLength = maxKeyLength
        self.sampleLimit = sampleLimit
        self.sampleByteLimit = sampleByteLimit
    }
}
