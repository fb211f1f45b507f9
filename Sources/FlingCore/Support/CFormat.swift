// CFormat: printf-style number formatting without Foundation. Foundation's String(format:)
// links ICU's 34 MB of data into a static binary; the C library's vsnprintf does
// the same job for numbers.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `format` (C printf conversions: %d, %ld, %f, %.3f, %05d, %x …; no %@) applied to `args`.
public func cFormat(_ format: String, _ args: CVarArg...) -> String {
    var buffer = [CChar](repeating: 0, count: 128)
    let needed = withVaList(args) { vsnprintf(&buffer, buffer.count, format, $0) }
    guard needed >= 0 else { return "" }
    if Int(needed) >= buffer.count {
        buffer = [CChar](repeating: 0, count: Int(needed) + 1)
        _ = withVaList(args) { vsnprintf(&buffer, buffer.count, format, $0) }
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
