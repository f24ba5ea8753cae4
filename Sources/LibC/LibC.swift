// The platform's C library under one name: the other targets import `LibC`, never Glibc, Musl
// or Darwin, so choosing between them happens here only. The calls whose form differs between
// the platforms are wrapped in the other files of this target.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Darwin)
    @_exported import Darwin
#elseif canImport(Musl)
    @_exported import Musl
#else
    #error("aasa-scan needs a POSIX C library: Glibc, Musl or Darwin")
#endif
