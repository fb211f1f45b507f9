// Scene: the `Scene` protocol every screen of the app implements (layout, input, advance,
// drawing, state dump, focus; text fields are `TextInputScene`'s), and `SceneEnvironment`: the text measurement, image sizes,
// clipboard and PRIMARY selection scenes may use.
import FlingCore

/// What scenes may ask of the platform, without seeing SDL: text measurement (with a cache of
/// set text) and image sizes.
@MainActor
package final class SceneEnvironment {
    package let measurer: any TextMeasurer
    /// Copy and paste in text fields (the system clipboard when windowed).
    package var clipboard: any Clipboard = MemoryClipboard()
    /// The PRIMARY selection (X11/Wayland: selected text, pasted with a middle click).
    package var primarySelection: any Clipboard = MemoryClipboard()
    private let imageSizeLookup: (String) -> Size?
    private struct LayoutKey: Hashable {
        var text: String; var font: Font; var maxWidth: Double?; var lineLimit: Int?; var maxHeight: Double?
        var minimumScale: Double; var lineHeight: Double?; var alignment: String
        /// Text of up to 512 characters whole; longer, its first and last 32 characters: a
        /// story of 200,000 characters is looked up every frame it shows, and hashing it whole
        /// cost more than drawing it. Characters hash as `String` does (canonically
        /// equivalent text alike), and the length is counted in characters, so equal keys hash
        /// alike; `==` still compares the whole text (at once for the same string, the common
        /// case: it shares its storage).
        func hash(into h: inout Hasher) {
            let short = text.index(text.startIndex, offsetBy: 512, limitedBy: text.endIndex).map { $0 == text.endIndex } ?? true
            if short { h.combine(text) } else { h.combine(text.prefix(32)); h.combine(text.suffix(32)) }
            h.combine(font); h.combine(maxWidth); h.combine(lineLimit); h.combine(maxHeight)
            h.combine(minimumScale); h.combine(lineHeight); h.combine(alignment)
        }
    }
    /// Set text and the UTF-8 bytes of the text it was set from.
    private struct Held { var layout: TextLayout; var bytes: Int }
    private var layouts = LRUCache<LayoutKey, Held>(capacity: 2048)

    /// Larger text: the scale of every text style the scenes' views use (1 by
    /// default); the on-screen keyboard and the instrument keep theirs.
    package var textScale = 1.0 {
        didSet { if textScale != oldValue { invalidateLayouts() } }
    }

    /// The user's language: every string a view shows is looked up in it.
    package var strings: Localization = .english {
        didSet { if strings != oldValue { invalidateLayouts() } }
    }

    /// The language's direction: every tree's root is laid out in it (mirrored in Arabic),
    /// and what a scene draws itself (the tab bar, Today's close button) follows it.
    package var layoutDirection: LayoutDirection { strings.isRightToLeft ? .rightToLeft : .leftToRight }

    /// `key` in the user's language, for what is drawn without a `Text` (a scene's own
    /// drawing, accessibility labels).
    package func localized(_ key: LocalizedStringKey) -> String { key.resolved(strings) }

    package init(measurer: any TextMeasurer, imageSize: @escaping (String) -> Size?) {
        self.measurer = measurer
        self.imageSizeLookup = imageSize
    }

    package func imageSize(_ name: String) -> Size? { imageSizeLookup(name) }

    /// Sets `text`, reusing the result while text, font and options stay the same.
    package func layout(_ text: String, _ font: Font, _ options: TextOptions = TextOptions()) -> TextLayout {
        let key = LayoutKey(text: text, font: font, maxWidth: options.maxWidth, lineLimit: options.lineLimit,
                            maxHeight: options.maxHeight, minimumScale: options.minimumScale, lineHeight: options.lineHeight,
                            alignment: options.alignment.rawValue + (options.rightToLeftLayout ? "-rtl" : ""))
        if let held = layouts.value(for: key) { return held.layout }
        let l = TextLayoutEngine.layout(text, font: font, options: options, measurer: measurer)
        let bytes = text.utf8.count
        for gone in layouts.insert(Held(layout: l, bytes: bytes), for: key) { heldTextBytes -= gone.bytes }
        heldTextBytes += bytes
        if heldTextBytes > trimAbove { trimLayouts(keeping: key) }
        return l
    }

    /// UTF-8 bytes of the texts `layouts` holds.
    package private(set) var heldTextBytes = 0
    /// What is held before the next trim: the budget, or, while a long text is spared, what
    /// the last trim left plus a quarter of the budget (each label set beside a story held
    /// would otherwise sort every entry to trim nothing).
    private var trimAbove = RenderBudgets.setTextBytes

    /// The least recently set text goes until what is held fits `RenderBudgets.setTextBytes`.
    /// The text just set stays, however long, and so does the newest text longer than the
    /// budget alone (a story of 200,000 characters in a script of three bytes a character,
    /// 600 KB to 1.7 MB): the next label set must not evict the story shown, to set it again
    /// in the next frame.
    private func trimLayouts(keeping key: LayoutKey) {
        let oldestFirst = layouts.keysOldestFirst
        let isLong = { (held: Held) in held.bytes > RenderBudgets.setTextBytes / 2 }
        let long = oldestFirst.last { $0.0 != key && isLong($0.1) }
        // What stays whatever the budget: the newest long text, and the one just set if long.
        let spared = (long?.1.bytes ?? 0) + (oldestFirst.last { $0.0 == key && isLong($0.1) }?.1.bytes ?? 0)
        for (old, held) in oldestFirst where old != key && old != long?.0 {
            guard heldTextBytes - spared > RenderBudgets.setTextBytes else { break }
            _ = layouts.remove(old)
            heldTextBytes -= held.bytes
        }
        trimAbove = spared > 0 ? max(RenderBudgets.setTextBytes, heldTextBytes + RenderBudgets.setTextBytes / 4) : RenderBudgets.setTextBytes
    }

    /// Forget set text (the scale changed, so widths did).
    package func invalidateLayouts() {
        _ = layouts.removeAll()
        heldTextBytes = 0
        trimAbove = RenderBudgets.setTextBytes
        layoutGeneration += 1
    }
    /// Counts `invalidateLayouts()`: what a scene keeps of set text is stale once it changes.
    package private(set) var layoutGeneration = 0
}

/// A screen of the app. Scenes hold value-type interactions from core and never call SDL.
@MainActor
package protocol Scene: AnyObject {
    var id: SceneID { get }
    /// The area the scene lays out in (the window minus the tab bar), in window pt; modal
    /// overlays (sheets, expanded cards) cover the whole `window`.
    func layout(in bounds: Rect, window: Size, time: Double)
    /// A modal overlay is up: it takes all input, the tab bar included.
    var isModal: Bool { get }
    /// A pointer event of the primary pointer; return true if handled.
    func handlePointer(_ e: PointerEvent) -> Bool
    func handleWheel(dy: Double, at p: Point, time: Double)
    /// Return true if the key was used.
    func handleKey(_ key: Key, time: Double) -> Bool
    /// A gesture must end now (focus lost, pointer gone): settle cleanly.
    func cancelGestures(time: Double)
    /// Steps animations; returns true while anything moves.
    func advance(to time: Double) -> Bool
    func draw(into list: inout DisplayList, time: Double)
    /// Drawn above the tab bar (sheets and their dim).
    func drawOverlay(into list: inout DisplayList, time: Double)
    /// The scene's part of the state dump.
    func stateFields(time: Double) -> [(String, JSONValue)]

    /// A control holds keyboard focus: Tab moves focus instead of switching scenes.
    var hasKeyboardFocus: Bool { get }
    /// Tab with nothing focused: focus the first control (Shift+Tab: the last); false when
    /// the scene has none (Tab then switches scenes).
    func focusFirstControl(reverse: Bool, time: Double) -> Bool
    /// When the picture next changes by itself while nothing animates (a caret blink).
    func nextRedraw(after time: Double) -> Double?
    /// How far the tab bar has slid down out of view (0 shown … 1 hidden): an expanded card
    /// takes the whole window and the bar slides back as it closes (App Store).
    func tabBarHiddenFraction(time: Double) -> Double
    /// How opaque the backdrop (scene and tab bar behind a modal overlay) is drawn over the
    /// window's white (default 1). A scene that fades all of it says so here rather than
    /// inside its drawing, so the backdrop stays one unchanging layer and its fade folds into
    /// its copy together with the overlay's dim.
    func backdropOpacity(time: Double) -> Double
}

extension Scene {
    package func backdropOpacity(time: Double) -> Double { 1 }
    package var hasKeyboardFocus: Bool { false }
    package func focusFirstControl(reverse: Bool, time: Double) -> Bool { false }
    package func nextRedraw(after time: Double) -> Double? { nil }
    package func tabBarHiddenFraction(time: Double) -> Double { 0 }
}

extension JSONValue {
    package static func rect(_ r: Rect) -> JSONValue {
        .array([.rounded(r.x), .rounded(r.y), .rounded(r.width), .rounded(r.height)])
    }
}
