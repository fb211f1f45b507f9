// FormScene: scene 3, the host of seed 002's form and mini-map: compact or regular for its
// width, scrolled when it does not fit, input passed to its view tree, its preferences dumped.
import FlingCore

/// Scene 3 (seed 002): the form whose mini-map is drawn only from anchor preferences that
/// flow up the view tree. The seed's `ContentView` is the whole scene; this class hosts it.
///
/// The seed is laid out for a tablet (it needs 824 × about 330 pt). Narrower than that the
/// form is compact, as a SwiftUI app's would be on `horizontalSizeClass == .compact`: the
/// mini-map in a band above it, the field rows stacked at the window's width (see
/// `CompactContentView`), scrolling vertically only. Both keep iOS text sizes and 44 pt hit
/// targets; a window shorter than the form scrolls, and focusing a field scrolls it into
/// view, as iOS does above the keyboard.
@MainActor
package final class FormScene: TextInputScene {
    package let id = SceneID.form
    private let env: SceneEnvironment
    let content = ContentView()
    private lazy var viewHost: ViewHost = {
        let host = ViewHost(env: env) { [unowned self] in self.root }
        // Seed 002's views read no time while they are built: the switch's spring and the
        // caret's blink draw again without rebuilding the form.
        host.rebuildsForTime = false
        return host
    }()
    /// The preferences the form published, in collection order (for the state dump). Read
    /// from the laid-out tree when asked: an `onPreferenceChange` recording them made the
    /// host build the tree twice in every frame whose layout moved a field (its action may
    /// change state, so the host lays out again), for a value only the dump reads.
    var collected: [MyPreferenceData] { host.preferenceValue(MyPreferenceKey.self) ?? [] }
    private var bounds = Rect.zero

    package init(env: SceneEnvironment) {
        self.env = env
    }

    private var root: some View {
        // The content, not the scene: the tree the host keeps holds this closure, and a
        // closure holding the scene (which holds the host) was a cycle that never freed the
        // form (found by `make memcheck`: 104 B holding the whole tree, definitely lost).
        let content = self.content
        let keyboardInset = avoidance.inset
        return GeometryReader { geometry in
            // Compact (narrower than the seed's layout needs): the form stacks to the width
            // and scrolls only vertically; regular: the seed's, on both axes.
            let sized = content.sized(toWidth: geometry.size.width)
            ScrollView(sized.horizontalSizeClass == .compact ? .vertical : [.horizontal, .vertical]) {
                sized
                    .frame(minWidth: geometry.size.width, minHeight: geometry.size.height)
                    // Room to scroll the last field above the on-screen keyboard (UIKit's
                    // scroll views add the keyboard's overlap to their content inset).
                    .padding(.bottom, keyboardInset)
            }
        }
    }

    /// The room kept under the form for the on-screen keyboard (KeyboardAvoidance.swift).
    private var avoidance = KeyboardAvoidance()

    /// Keyboard avoidance (`KeyboardAvoidance`): the keyboard will cover the form from `top`.
    package func keyboardWillCover(from top: Double?, following motion: TimedAnimation, time: Double) {
        viewHost.coveredBelow = top
        switch avoidance.keyboardWillCover(from: top, bottom: bounds.maxY, following: motion) {
        case .rising(let insetChanged):
            if insetChanged { viewHost.invalidate() }
            // The focused field rises above the keyboard's final top as the keyboard does.
            host.revealFocused(following: motion, time: time)
        case .leaving(let inset):
            host.settleScrolls(losingBottom: inset, following: motion, time: time)
        case .none:
            break
        }
    }

    package var hasNextTextField: Bool { viewHost.hasNextTextField }
    package var textBeforeCaretEndsSentence: Bool { viewHost.editing?.atSentenceStart ?? false }
    package func focusNextTextField(time: Double) -> Bool { host.focusNextTextField(time: time) }
    package func endEditing(time: Double) { viewHost.unfocus() }

    package func layout(in bounds: Rect, window: Size, time: Double) {
        let resized = bounds != self.bounds
        self.bounds = bounds
        layoutTime = time
        // A resize that leaves the focused field out of view (or under the keyboard) scrolls
        // it back into view, as UIKit does.
        if resized, viewHost.hasFocus { host.revealFocused(time: time) }
    }

    /// The time of the last `layout`.
    private var layoutTime = 0.0
    /// The view tree's host, laid out for the last `layout` first. The app lays out every
    /// scene on a resize, hidden ones too: the form builds its tree when it is next used or
    /// drawn, not on each resize frame behind another scene.
    var host: ViewHost {
        viewHost.update(bounds: bounds, time: max(viewHost.time, layoutTime))
        return viewHost
    }

    package var isModal: Bool { false }

    /// A press moving goes to the tree as last built (PointerRouter): laying it out again
    /// first, for each move of a 125 Hz mouse, rebuilt a dragged slider's form twice a frame.
    package func handlePointer(_ e: PointerEvent) -> Bool { (e.phase == .moved ? viewHost : host).handlePointer(e) }
    package func handleWheel(dy: Double, at p: Point, time: Double) { host.handleWheel(dy: dy, at: p, time: time) }
    package func handleKey(_ key: Key, time: Double) -> Bool { host.handleKey(key, time: time) }
    package func handleText(_ text: String, time: Double) { host.handleText(text, time: time) }
    package func handleComposition(_ text: String, time: Double) { host.handleComposition(text, time: time) }
    package var hasKeyboardFocus: Bool { viewHost.hasFocus }
    package func focusFirstControl(reverse: Bool, time: Double) -> Bool { host.focusFirst(reverse: reverse) }
    package func pastePrimarySelection(_ text: String, at p: Point, time: Double) { host.pastePrimarySelection(text, at: p, time: time) }
    package var textInputRect: Rect? { viewHost.textInputRect }
    package var textInputOwner: String? { viewHost.textInputOwner }
    package func nextRedraw(after time: Double) -> Double? { viewHost.nextRedraw(after: time) }
    package func cancelGestures(time: Double) { host.cancelPress(time: time) }
    package func advance(to time: Double) -> Bool {
        if avoidance.advance(to: time) { viewHost.invalidate() }
        return host.advance(to: time) || avoidance.isLeaving
    }

    package func draw(into list: inout DisplayList, time: Double) {
        viewHost.update(bounds: bounds, time: time)
        list.fill(bounds, Color(white: 0.8))
        viewHost.draw(into: &list)
    }

    package func drawOverlay(into list: inout DisplayList, time: Double) {}

    // MARK: State dump

    package func stateFields(time: Double) -> [(String, JSONValue)] {
        viewHost.update(bounds: bounds, time: time)
        let values = content.fieldValues
        let collected = viewHost.preferenceValue(MyPreferenceKey.self) ?? []
        let fieldPrefs = collected.filter { if case .field = $0.vtype { true } else { false } }
        let containers = collected.filter { $0.vtype == .fieldContainer }
        let textFields = viewHost.nodes(of: TextFieldNode.self)
        var fields: [JSONValue] = []
        for (i, (field, container)) in zip(fieldPrefs, containers).enumerated() where i < ContentView.labels.count {
            fields.append(.object([
                ("label", .string(ContentView.labels[i])), ("text", .string(values[i])),
                ("frame", .rect(field.bounds.global)), ("container", .rect(container.bounds.global)),
            ]))
        }
        let focused = textFields.firstIndex { $0.path == viewHost.focusedPath }
        let toggle = viewHost.nodes(of: SwitchNode.self).first
        let slider = viewHost.nodes(of: SliderNode.self).first
        var formFields: [(String, JSONValue)] = [
            ("title", .string("Hello \(values[0]) \(values[1]) \(values[2])")),
            ("focused", focused.map { .string(ContentView.labels[$0]) } ?? .null),
            ("caret", viewHost.editing.map { .int($0.head) } ?? .null),
            ("toggle", .object([("on", .bool(content.twitterFieldPreset)), ("frame", toggle.map { .rect($0.frame) } ?? .null)])),
            ("slider", .object([("value", .rounded(content.length)), ("frame", slider.map { .rect($0.frame) } ?? .null)])),
            ("fields", .array(fields)),
        ]
        // Typing or a paste stopped at a field's limit: what the field says under itself, and
        // after how many of the typed or pasted characters it stopped (only while it says so).
        if let notice = viewHost.fieldNotice, let i = textFields.firstIndex(where: { $0.path == notice.path }),
           i < ContentView.labels.count {
            formFields.append(("notice", .object([("field", .string(ContentView.labels[i])), ("text", .string(notice.text)),
                                                  ("kept", .int(notice.kept))])))
        }
        let form: JSONValue = .object(formFields)
        let preferences: JSONValue = .array(collected.map { p in
            var o: [(String, JSONValue)] = [("kind", .string(p.vtype.kind))]
            if case .field(let count) = p.vtype { o.append(("count", .int(count))) }
            o.append(("frame", .rect(p.bounds.global)))
            return .object(o)
        })
        return [("form", form), ("preferences", preferences), ("miniMap", miniMapState())]
    }

    /// The mini-map's area and the rectangles it drew, in drawing order.
    private func miniMapState() -> JSONValue {
        let collected = viewHost.preferenceValue(MyPreferenceKey.self) ?? []
        let area = collected.first { $0.vtype == .miniMapArea }.map { JSONValue.rect($0.bounds.global) } ?? .null
        var rects: [JSONValue] = []
        viewHost.node(identifier: MiniMap.identifier)?.visit { node in
            guard let shape = node as? ShapeNode, let fill = shape.fill else { return }
            let kind = fill == .purple ? "title" : fill == .gray ? "fieldContainer" : "field"
            rects.append(.object([("kind", .string(kind)), ("color", .string(fill.seedName)), ("frame", .rect(shape.frame))]))
        }
        return .object([("area", area), ("rects", .array(rects))])
    }
}
