// TextInput: SDL's keyboard text entry and clipboard, for the UI's text fields.
// - Text input (SDL_TEXTINPUT / SDL_TEXTEDITING events, the on-screen keyboard and the IME)
//   runs only while a field is focused: SDL2 starts it by default on desktops, so it is
//   stopped at start-up.
// - The IME candidate window is placed at the focused field (SDL_SetTextInputRect).
// - Compositions longer than SDL_TEXTEDITING's 32 bytes arrive whole as SDL_TEXTEDITING_EXT
//   (SDL_HINT_IME_SUPPORT_EXTENDED_TEXT), so multi-byte text is never cut mid-character.
// - Focus moving to another field restarts text input, so an unfinished composition is
//   dropped rather than committed into the next field.
// - The clipboard is the system's (SDL_GetClipboardText / SDL_SetClipboardText), and so is
//   the PRIMARY selection (SDL_SetPrimarySelectionText; a middle click pastes it).
import CSDL2
import CX11Screen
import FlingCore
import Glibc

@MainActor
public final class TextInput {
    private let display: Display
    private var active: Bool
    private var lastRect: Rect?
    private var owner: String?

    public init(display: Display) {
        self.display = display
        SDL_SetHint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, "1")
        SDL_StopTextInput()
        active = false
    }

    /// Starts, moves or stops text input for the focused field (`owner`) with its caret at
    /// `rect` (pt), or stops it when nothing is focused.
    public func sync(caret rect: Rect?, owner newOwner: String?) {
        guard let rect else {
            if active { SDL_StopTextInput(); active = false; lastRect = nil; owner = nil }
            return
        }
        if active, newOwner != owner { SDL_StopTextInput(); active = false }
        owner = newOwner
        if !active { SDL_StartTextInput(); active = true; lastRect = nil }
        guard rect != lastRect else { return }
        lastRect = rect
        // The caret is in layout pt; a rotated window is the turned panel: map both corners.
        let a = display.rotation.panelPoint(fromLayout: Point(rect.minX, rect.minY), layout: display.size)
        let b = display.rotation.panelPoint(fromLayout: Point(rect.maxX, rect.maxY), layout: display.size)
        let s = display.uiScale
        var r = SDL_Rect(x: Int32((min(a.x, b.x) * s).rounded()), y: Int32((min(a.y, b.y) * s).rounded()),
                         w: Int32((abs(b.x - a.x) * s).rounded()), h: Int32((abs(b.y - a.y) * s).rounded()))
        SDL_SetTextInputRect(&r)
    }
}

/// The system clipboard through SDL (needs the video subsystem).
public final class SDLClipboard: Clipboard {
    public init() {}
    public var text: String? {
        get {
            // SDL 2 reads an X clipboard too big for one request (INCR) as empty, and leaves
            // its owner in mid-transfer: a 20 MB clipboard pasted nothing and said nothing.
            // Another app's clipboard is read here, as far as a field can take (a paste stops
            // at the field's limit and says so); the app's own copy through SDL.
            if isX11 {
                let owner = fling_x11_clipboard_owner(nil)
                if owner == 0 { return nil }
                if owner != ownWindow { return Self.x11Text(limit: InteractionConstants.clipboardReadBytes) }
            }
            guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
            defer { SDL_free(raw) }
            return String(cString: raw)
        }
        set {
            SDL_SetClipboardText(newValue ?? "")
            // SDL queues its claim on the clipboard without sending it: sent now (the event
            // pump flushes SDL's connection), so the owner read next is SDL's window.
            if isX11 { SDL_PumpEvents(); ownWindow = fling_x11_clipboard_owner(nil) }
        }
    }

    private lazy var isX11: Bool = SDL_GetCurrentVideoDriver().map { String(cString: $0) == "x11" } ?? false
    /// The clipboard's owner right after the app's last copy (SDL's window).
    private var ownWindow: UInt = 0

    /// The X clipboard's text up to `limit` bytes, through its own connection; a character
    /// the limit cut in two is left out.
    static func x11Text(limit: Int) -> String? {
        var cut: Int32 = 0
        guard let raw = fling_x11_clipboard_text(nil, limit, &cut) else { return nil }
        defer { free(raw) }
        var bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
        if cut != 0 {
            // Back to the start of the last character, and drop it if it is incomplete.
            var i = bytes.count - 1
            while i > 0, bytes[i] & 0xC0 == 0x80 { i -= 1 }
            if i >= 0, i < bytes.count {
                let lead = bytes[i], need = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                if bytes.count - i < need { bytes.removeSubrange(i...) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The PRIMARY selection (X11, and Wayland's primary-selection protocol) through SDL 2.26+:
/// what is selected, pasted with a middle click.
public final class SDLPrimarySelection: Clipboard {
    public init() {}
    public var text: String? {
        get { let s = Self.current(); return s.isEmpty ? nil : s }
        set { SDL_SetPrimarySelectionText(newValue ?? "") }
    }

    /// The PRIMARY selection's text now ("" when there is none: SDL returns an empty string),
    /// in one request to the display server.
    public static func current() -> String {
        guard let raw = SDL_GetPrimarySelectionText() else { return "" }
        defer { SDL_free(raw) }
        return String(cString: raw)
    }
}

