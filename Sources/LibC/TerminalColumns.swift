/// The width in columns of the terminal behind `descriptor`, or nil when it is not a terminal
/// or does not say. The request number is a C macro of a different type on each platform.
public func terminalColumns(of descriptor: Int32) -> Int? {
    guard isatty(descriptor) != 0 else { return nil }
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
}
