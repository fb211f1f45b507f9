// Log: messages on stderr filtered by --log-level, with control characters escaped so that text
// from data files or scripts cannot forge log lines.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages on stderr, filtered by --log-level.
@MainActor
enum Log {
    static var level: LogLevel = .warning
    /// The last error logged (whatever the level shows), for `--status-file`.
    private(set) static var lastError: String?
    static func error(_ m: String) { lastError = m; write(.error, m) }
    static func warning(_ m: String) { write(.warning, m) }
    static func info(_ m: String) { write(.info, m) }
    static func debug(_ m: String) { write(.debug, m) }

    private static func write(_ l: LogLevel, _ m: String) {
        guard l <= level else { return }
        printError("fling: \(m)")
    }
}

/// One line on stderr. Control characters in it (a newline, ESC, a C1 code) are written as
/// escapes: text from a data file, a script or a recording cannot forge a log line or retitle
/// the terminal. A message of several lines is given as `lines`.
func printError(_ s: String) {
    let line = escapedControls(s) + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

/// Several lines on stderr, each escaped as `printError` does.
func printError(lines: [String]) {
    for l in lines { printError(l) }
}

/// `s` with every control character but the tab as `\n`, `\r` or `\u{1B}`.
func escapedControls(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: { isControl($0) }) else { return s }
    var out = ""
    for u in s.unicodeScalars {
        switch u {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case _ where isControl(u): out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
        default: out.unicodeScalars.append(u)
        }
    }
    return out
}

private func isControl(_ u: Unicode.Scalar) -> Bool {
    (u.value < 0x20 && u != "\t") || (0x7F...0x9F).contains(u.value)
}
