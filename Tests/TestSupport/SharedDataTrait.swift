import Testing

extension Trait where Self == ConditionTrait {
    /// Skips a test or suite, saying why, when `../shared/data` (or the named subfolder of it)
    /// is not beside the package.
    public static func needsSharedData(_ subfolder: String = "") -> Self {
        let folder = subfolder.isEmpty ? "../shared/data" : "../shared/data/\(subfolder)"
        return .enabled(
            if: SharedData.isAvailable(subfolder),
            "needs \(folder) beside the package (real files kept out of the repository)")
    }
}
