/// What one thread needs to decide URLs with an `AndroidLinkMatcher`: buffers reused from URL to
/// URL, so deciding allocates nothing once they have grown. Give each thread its own.
public final class AndroidMatchScratch {
    /// What `URLUnits` reads a URL into, in plain memory: a class's stored `var` is checked
    /// for exclusive access at every read and write.
    let text: UnsafeMutablePointer<URLText>
    /// Per filter, how far it got for the current URL (`FilterMarks`); zero for filters the URL
    /// did not reach. Plain memory: set at every host and path rule a URL meets.
    let marks: UnsafeMutableBufferPointer<FilterMarks>
    /// The filters whose marks are set, to clear them for the next URL: each at most once.
    private let touchedFilters: UnsafeMutableBufferPointer<Int>
    /// How many `touchedFilters` holds. Plain memory too: a class's stored `var` is checked
    /// for exclusive access at every read and write.
    private let touchedCount: UnsafeMutablePointer<Int>
    /// The dynamic rules a URL's path may meet (`DynamicRuleIndex`): room for every rule of
    /// one host.
    let candidates: UnsafeMutableBufferPointer<Int>
    /// Per literal parameter of a host's dynamic rules (`ParameterLiterals`), the stamp of the
    /// last URL that has it: a URL marks its parameters with a new stamp, so nothing is
    /// cleared between URLs. Room for one literal per rule.
    let parameterStamps: UnsafeMutableBufferPointer<UInt32>
    private let lastStamp: UnsafeMutablePointer<UInt32>
    /// The filters and dynamic rules of one host it has room for: a matcher checks them, as
    /// a scratch made by another matcher may be too small for its own.
    let filterCapacity: Int
    let ruleCapacity: Int

    init(filterCount: Int, ruleCount: Int = 0) {
        (filterCapacity, ruleCapacity) = (filterCount, ruleCount)
        text = .allocate(capacity: 1)
        text.initialize(to: URLText())
        marks = .allocate(capacity: filterCount)
        marks.initialize(repeating: [])
        touchedFilters = .allocate(capacity: filterCount)
        touchedCount = .allocate(capacity: 1)
        touchedCount.initialize(to: 0)
        candidates = .allocate(capacity: ruleCount)
        parameterStamps = .allocate(capacity: ruleCount)
        parameterStamps.initialize(repeating: 0)
        lastStamp = .allocate(capacity: 1)
        lastStamp.initialize(to: 0)
    }

    deinit {
        text.pointee.units.deallocate()
        text.pointee.parameters.deallocate()
        text.deinitialize(count: 1)
        text.deallocate()
        marks.deallocate()
        touchedFilters.deallocate()
        touchedCount.deallocate()
        candidates.deallocate()
        parameterStamps.deallocate()
        lastStamp.deallocate()
    }

    /// A stamp no parameter holds yet; after 2³² URLs the stamps start again from clear.
    func newParameterStamp() -> UInt32 {
        if lastStamp.pointee == .max {
            parameterStamps.update(repeating: 0)
            lastStamp.pointee = 0
        }
        lastStamp.pointee &+= 1
        return lastStamp.pointee
    }

    /// The units of the last URL read.
    var units: UnsafeBufferPointer<UInt16> { text.pointee.units.values }
    /// The last URL's query parameters, as ranges of `units` (A4.6).
    var parameters: UnsafeBufferPointer<Range<Int>> { text.pointee.parameters.values }

    /// The filters the current URL reached, in the order it reached them.
    var touched: UnsafeMutableBufferPointer<Int>.SubSequence {
        touchedFilters[0..<touchedCount.pointee]
    }

    /// Clears the marks the last URL set.
    func clearMarks() {
        for filter in touched { marks[filter] = [] }
        touchedCount.pointee = 0
    }

    /// Adds `mark` to the filter's marks.
    @inline(__always)
    func mark(_ filter: Int, _ mark: FilterMarks) {
        if marks[filter].isEmpty {
            touchedFilters[touchedCount.pointee] = filter
            touchedCount.pointee += 1
        }
        marks[filter].insert(mark)
    }
}

/// A URL's scheme, host, path, query and fragment as Android compares them, and its query's
/// parameters, as ranges of the units (A4.6).
struct URLText {
    var units = UnitStore()
    var parameters = PlainStore<Range<Int>>(capacity: 16)
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
