#if canImport(Darwin)
    import MachO
#endif

/// The path of the running executable with symbolic links resolved, or nil when the system
/// does not tell: Linux has it in `/proc`, Darwin asks dyld.
public func executablePath() -> String? {
    #if canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil)
        else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    #else
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #endif
}
