/// What one thread needs to decide URLs with an `AndroidLinkMatcher`: buffers reused from URL to
/// URL, so deciding allocates nothing once they have grown. Give each thread its own.
public final class AndroidMatchScratch {
    /// The URL's scheme, host, path, query and fragment as Android compares them (`URLUnits`).
    var units: [UInt16] = []
    /// The percent-decoded bytes of the part being decoded.
    var bytes: [UInt8] = []
    /// The query's parameters, as ranges of `units` (A4.6).
    var parameters: [Range<Int>] = []
    /// Per filter, how far it got for the current URL (`FilterMarks`); zero for filters the URL
    /// did not reach.
    var marks: [FilterMarks]
    /// The filters whose marks are set, to clear them for the next URL.
    var touched: [Int] = []

    init(filterCount: Int) {
        marks = Array(repeating: [], count: filterCount)
    }

    /// Clears the marks the last URL set.
    func clearMarks() {
        for filter in touched { marks[filter] = [] }
        touched.removeAll(keepingCapacity: true)
    }

    /// Adds `mark` to the filter's marks.
    func mark(_ filter: Int, _ mark: FilterMarks) {
        if marks[filter].isEmpty { touched.append(filter) }
        marks[filter].insert(mark)
    }
}

/// How far one intent filter got for a URL (A8 step 2).
struct FilterMarks: OptionSet, Sendable {
    let rawValue: UInt8

    /// One of its hosts is the URL's.
    static let host = FilterMarks(rawValue: 1)
    /// One of its hosts is the URL's, with a matching port (or none).
    static let authority = FilterMarks(rawValue: 2)
    /// One of its path rules matches the URL's path.
    static let path = FilterMarks(rawValue: 4)
}
