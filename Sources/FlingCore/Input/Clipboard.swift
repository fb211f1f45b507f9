/// The system clipboard's text, as the UI sees it: the SDL backend reads and writes the real
/// one; tests and headless runs use `MemoryClipboard`.
public protocol Clipboard: AnyObject {
    var text: String? { get set }
}

/// A clipboard that lives in memory (tests, headless runs).
public final class MemoryClipboard: Clipboard {
    public var text: String?
    public init(text: String? = nil) { self.text = text }
}
