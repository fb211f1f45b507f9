#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages on stderr, filtered by --log-level.
@MainActor
enum Log {
    static var level: LogLevel = .warning
    static func error(_ m: String) { write(.error, m) }
    static func warning(_ m: String) { write(.warning, m) }
    static func info(_ m: String) { write(.info, m) }
    static func debug(_ m: String) { write(.debug, m) }

    private static func write(_ l: LogLevel, _ m: String) {
        guard l <= level else { return }
        printError("fling: \(m)")
    }
}

/// One line on stderr.
func printError(_ s: String) {
    let line = s + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
