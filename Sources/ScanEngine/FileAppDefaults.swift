import LinkMatcher

/// One file's default answers (`CompiledRuleSet.defaultAppDecisions`) as `AppVectors` reads
/// them: per app of the file, what its default says (`Answer`). Plain memory, read for every
/// app a decision overrides.
final class FileAppDefaults {
    /// What an app does with a URL: nothing, open it, or exclude it.
    enum Answer: UInt8 {
        case none
        case opens
        case excludes

        init(_ kind: Decision.Kind) {
            self =
                switch kind {
                case .handled: .opens
                case .excluded: .excludes
                case .unmatched: .none
                }
        }
    }

    /// Per app of the file, its default answer.
    private let answers: UnsafeMutableBufferPointer<Answer>
    /// How many apps the file names.
    let appCount: Int
    /// The apps whose default is an answer, ascending: the others answer nothing by default,
    /// so a vector of answers is made from these and its overrides alone.
    private(set) var answering: [Int32] = []

    /// No defaults, for a file of `appCount` apps: every app answers nothing unless a
    /// decision says otherwise.
    init(appCount: Int) {
        self.appCount = appCount
        answers = .allocate(capacity: max(appCount, 1))
        answers.initialize(repeating: .none)
    }

    /// The defaults of `rules`.
    convenience init(_ rules: CompiledRuleSet) {
        self.init(appCount: rules.apps.count)
        for decision in rules.defaultAppDecisions {
            answers[Int(decision.app)] = Answer(decision.kind)
        }
        answering = (0..<Int32(appCount)).filter { answers[Int($0)] != .none }
    }

    deinit { answers.deallocate() }

    /// The default answer of app `app` of the file.
    @inline(__always)
    func answer(_ app: Int32) -> Answer { answers[Int(app)] }
}
