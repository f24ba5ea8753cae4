/// How many of `full` generated cases a property test runs: all of them in an optimized
/// build, a quarter in a debug one, where the matcher runs 10 to 30 times slower. CI runs the
/// matcher's suites optimized, under the address sanitizer, with every case, but for the
/// longest (the differential suites).
public func generatedCases(_ full: Int) -> Int {
    #if DEBUG
        return (full + 3) / 4
    #else
        return full
    #endif
}

/// `count` scaled as `generatedCases(full)` scales `full`: a threshold that says the
/// generated cases held enough of what a test is for.
public func scaledToCases(_ count: Int, of full: Int) -> Int {
    count * generatedCases(full) / full
}
