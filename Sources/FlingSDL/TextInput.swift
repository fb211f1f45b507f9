// TextInput: SDL's keyboard text entry and clipboard, for the UI's text fields.
// - Text input (SDL_TEXTINPUT / SDL_TEXTEDITING events, the on-screen keyboard and the IME)
//   runs only while a field is focused: SDL2 starts it by default on desktops, so it is
//   stopped at start-up.
// - The IME candidate window is placed at the focused field (SDL_SetTextInputRect).
// - The clipboard is the system's (SDL_GetClipboardText / SDL_SetClipboardText).
import CSDL2
import FlingCore

@MainActor
public final class TextInput {
    private let display: Display
    private var active: Bool
    private var lastRect: Rect?

    public init(display: Display) {
        self.display = display
        SDL_StopTextInput()
        active = false
    }

    /// Starts, moves or stops text input for the focused field's frame (pt), or nil.
    public func sync(focusedField rect: Rect?) {
        guard let rect else {
            if active { SDL_StopTextInput(); active = false; lastRect = nil }
            return
        }
        if !active { SDL_StartTextInput(); active = true }
        guard rect != lastRect else { return }
        lastRect = rect
        let s = display.uiScale
        var r = SDL_Rect(x: Int32((rect.minX * s).rounded()), y: Int32((rect.minY * s).rounded()),
                         w: Int32((rect.width * s).rounded()), h: Int32((rect.height * s).rounded()))
        SDL_SetTextInputRect(&r)
    }
}

/// The system clipboard through SDL (needs the video subsystem).
public final class SDLClipboard: Clipboard {
    public init() {}
    public var text: String? {
        get {
            guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
            defer { SDL_free(raw) }
            return String(cString: raw)
        }
        set { SDL_SetClipboardText(newValue ?? "") }
    }
}
