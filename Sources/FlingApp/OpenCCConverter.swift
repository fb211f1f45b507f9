// OpenCCConverter: simplified Chinese written in traditional characters with Taiwan's words
// (OpenCC's s2twp: 软件 → 軟體, 鼠标 → 滑鼠), for zh-Hant's pinyin; libopencc opened with
// dlopen the first time traditional pinyin is used.
import Glibc

@MainActor
final class OpenCCConverter {
    private typealias Convert = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int) -> UnsafeMutablePointer<CChar>?
    private typealias Free = @convention(c) (UnsafeMutablePointer<CChar>?) -> Void

    static let library = "libopencc.so.1.1"
    /// Simplified to traditional as written in Taiwan, phrases included (Debian's
    /// libopencc-data: /usr/share/opencc/s2twp.json).
    static let taiwanConfig = "s2twp.json"

    private let handle: OpaquePointer
    private let convertUTF8: Convert, free: Free
    /// Candidates come back as the bar is drawn again: each word is converted once.
    private var converted: [String: String] = [:]

    struct ConverterError: Error, CustomStringConvertible { let description: String }

    private static var cache: [String: OpenCCConverter] = [:]

    static func open(config: String) -> Result<OpenCCConverter, ConverterError> {
        if let c = cache[config] { return .success(c) }
        guard let lib = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(ConverterError(description: "no \(library) (Debian: libopencc1.1, libopencc-data)"))
        }
        typealias Open = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        func symbol<T>(_ name: String, _ type: T.Type) -> T? { dlsym(lib, name).map { unsafeBitCast($0, to: type) } }
        guard let open = symbol("opencc_open", Open.self), let convert = symbol("opencc_convert_utf8", Convert.self),
              let free = symbol("opencc_convert_utf8_free", Free.self) else {
            return .failure(ConverterError(description: "\(library) lacks opencc_open/opencc_convert_utf8"))
        }
        // opencc_open answers (opencc_t) -1 when the configuration cannot be read.
        guard let h = open(config), Int(bitPattern: UnsafeRawPointer(h)) != -1 else {
            return .failure(ConverterError(description: "OpenCC could not read \(config) (Debian: libopencc-data)"))
        }
        let c = OpenCCConverter(handle: h, convert: convert, free: free)
        cache[config] = c
        return .success(c)
    }

    private init(handle: OpaquePointer, convert: @escaping Convert, free: @escaping Free) {
        self.handle = handle; convertUTF8 = convert; self.free = free
    }

    /// `text` converted (as it is when OpenCC fails on it).
    func convert(_ text: String) -> String {
        if let c = converted[text] { return c }
        let out: String = text.withCString { p in
            guard let r = convertUTF8(handle, p, text.utf8.count) else { return text }
            defer { free(r) }
            return String(cString: r)
        }
        if converted.count > 4096 { converted.removeAll(keepingCapacity: true) }
        converted[text] = out
        return out
    }
}
