// TextInputScene: what a scene with text fields adds to `Scene` (typed and composed text, the
// PRIMARY paste, where the platform's input method shows, and what the on-screen keyboard
// asks). Only the form adopts it; the keyboard and the input route reach it through
// `scene.textInput`, nil for a scene without fields.
import FlingCore

@MainActor
package protocol TextInputScene: Scene {
    /// Typed text for the focused field.
    func handleText(_ text: String, time: Double)
    /// The input method's composition (marked text) for the focused field.
    func handleComposition(_ text: String, time: Double)
    /// A middle click: paste `text` (the PRIMARY selection) into the text field under `p`.
    func pastePrimarySelection(_ text: String, at p: Point, time: Double)
    /// Where the focused text field's caret is, so the platform shows its text input there (nil: none).
    var textInputRect: Rect? { get }
    /// The focused text field's identity (text input restarts when it changes).
    var textInputOwner: String? { get }

    // What the on-screen keyboard asks.
    /// Whether a text field follows the focused one (the return key then says "next").
    var hasNextTextField: Bool { get }
    /// The keyboard's Next: the following text field takes focus; false past the last.
    func focusNextTextField(time: Double) -> Bool
    /// Editing ends (Done, the hide key, an idle reset): the focused field lets go.
    func endEditing(time: Double)
    /// The keyboard's top (window pt) once it is up, or nil when it goes, and its motion (0
    /// to 1 on the keyboard's curve): the scroll view of the focused field keeps it above the
    /// keyboard, moving with it, as UIKit's scroll views do.
    func keyboardWillCover(from top: Double?, following motion: TimedAnimation, time: Double)
    /// The focused field's next letter starts a sentence (the keyboard's shift comes on).
    var textBeforeCaretEndsSentence: Bool { get }
}

extension Scene {
    /// The scene's text fields, nil for a scene without any.
    package var textInput: (any TextInputScene)? { self as? any TextInputScene }
}
