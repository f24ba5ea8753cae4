import LibC

/// The number of cores online, the default of `--threads`.
enum ProcessInfoCores {
    static var count: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
