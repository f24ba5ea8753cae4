/// A summary that merges with another of the same shape (`+=`): per worker, per file or per
/// partition of a cluster, merged in any grouping. `+` follows from `+=`.
public protocol MergeableSummary {
    /// Merges `rhs` into `lhs`.
    static func += (lhs: inout Self, rhs: Self)
}

extension MergeableSummary {
    /// The merge of two summaries of the same shape.
    public static func + (lhs: Self, rhs: Self) -> Self {
        var result = lhs
        result += rhs
        return result
    }
}
