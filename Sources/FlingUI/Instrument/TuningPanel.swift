// TuningPanel: the floating tuning panel (F5 or the gear button): a policy control and one
// slider per tuning key, Reset and Copy, its hit-testing and the views it is built from.
import FlingCore

/// The tuning panel (F5, or the gear button with `--tuning-panel`): the sheet policy as a
/// segmented control and a slider for each `Tuning.keys` entry, "Reset" and "Copy", built with
/// the form's widgets on the view tree. It floats over the scene as an iOS-style panel (rounded,
/// a light material) and takes only the presses that begin on it; the scene keeps the rest.
/// It holds no reference to the app: it shows the tuning and policy it was handed with the last
/// event or frame, and its controls turn into `InstrumentCommand`s (the app applies them; the
/// models take a new tuning from their next gesture).
@MainActor
package final class TuningPanel {
    package private(set) var isVisible = false
    /// `--tuning-panel`: a small gear button opens and closes the panel.
    package var showsGear = false
    /// Where Copy's text goes besides the clipboard (the app prints it on stdout).
    package var onCopy: ((String) -> Void)?
    /// The text Copy produced last.
    package private(set) var copied: String?

    private(set) var host: ViewHost?
    /// What the controls show: the app's settings as of the last event or frame seen.
    private var shown = Shown()
    private struct Shown {
        var tuning = Tuning.standard
        var policy: SheetPolicyKind?
        var policyOverride: SheetPolicyKind?
        var detents = SheetDetentSpec.standard
        var backgroundInteraction = SheetBackgroundInteraction.disabled
        var cardStyle = CardStyle.expand
        var showsCards = false
        var windowHeight = 844.0
        var env: SceneEnvironment?
    }
    /// What the controls changed while handling the current event, for the app to apply.
    private var pending: [InstrumentCommand] = []
    /// The pointer whose press began on the panel or the gear (it belongs to them until up).
    private var captured: Int64?
    private var capturedGear = false

    package init() {}

    package func toggle(env: SceneEnvironment) {
        isVisible.toggle()
        if isVisible { attach(env) }
    }

    package func close() { isVisible = false }

    private func attach(_ env: SceneEnvironment) {
        guard host == nil else { return }
        host = ViewHost(env: env, followsTextSize: false) { [unowned self] in TuningPanelView(panel: self) }
    }

    /// Takes the app's settings the controls show.
    private func see(_ context: InstrumentContext) {
        let before = shown
        defer {
            // Another scene (another sheet, or Today's cards) shows other controls.
            if before.policy != shown.policy || before.cardStyle != shown.cardStyle || before.showsCards != shown.showsCards
                || before.detents != shown.detents || before.backgroundInteraction != shown.backgroundInteraction { host?.invalidate() }
        }
        shown = Shown(tuning: context.tuning, policy: context.sheetPolicy, policyOverride: context.sheetPolicyOverride,
                      detents: context.sheetDetents, backgroundInteraction: context.sheetBackgroundInteraction,
                      cardStyle: context.cardStyle, showsCards: context.showsCards, windowHeight: context.windowSize.height, env: context.env)
    }

    /// The event was the panel's: it is consumed, with whatever its controls changed.
    func response() -> InstrumentResponse {
        defer { pending.removeAll() }
        return InstrumentResponse(consumed: true, commands: pending)
    }

    // MARK: Geometry

    package static let margin: Double = 12
    package static let width: Double = 340
    static let cornerRadius: Double = 14
    /// The gear: a 36 pt disc (a 44 pt hit area) at the top right.
    static let gearSize: Double = 36

    /// As tall as its rows need (every slider shows at 390 × 844 under the policy, detent and
    /// list-behind controls: the last was once under the footer), at most the window above the
    /// tab bar (737 pt at 844); shorter windows scroll it.
    package static let fullHeight: Double = 737

    package func frame(window: Size) -> Rect {
        let w = min(Self.width, window.width - 2 * Self.margin)
        let h = min(Self.fullHeight, window.height - 2 * Self.margin - TabBar.height)
        return Rect(x: window.width - w - Self.margin, y: Self.margin, width: w, height: max(120, h))
    }

    package func gearFrame(window: Size) -> Rect {
        Rect(x: window.width - Self.margin - Self.gearSize, y: Self.margin + 40, width: Self.gearSize, height: Self.gearSize)
    }

    // MARK: Input

    /// Presses that begin on the panel (or the gear) are the panel's until released.
    package func handlePointer(_ p: PointerEvent, context: InstrumentContext) -> Bool {
        let window = context.windowSize
        see(context)
        switch p.phase {
        case .began:
            guard captured == nil else { return false }
            if showsGear && !isVisible && gearFrame(window: window).insetBy(dx: -4, dy: -4).contains(p.location) {
                captured = p.id; capturedGear = true
                return true
            }
            guard isVisible, frame(window: window).contains(p.location), let host else { return false }
            captured = p.id; capturedGear = false
            update(host, window: window, time: p.time)
            host.handlePointer(p)
            return true
        case .moved, .ended, .cancelled:
            guard p.id == captured else { return false }
            if p.phase != .moved { captured = nil }
            if capturedGear {
                if p.phase == .ended && gearFrame(window: window).insetBy(dx: -4, dy: -4).contains(p.location) { toggle(env: context.env) }
                return true
            }
            if let host {
                update(host, window: window, time: p.time)
                if p.phase == .cancelled { host.cancelPress(time: p.time) } else { host.handlePointer(p) }
            }
            return true
        }
    }

    /// The wheel over the open panel scrolls its rows (not the scene behind it).
    package func handleWheel(dy: Double, at p: Point, time: Double, context: InstrumentContext) -> Bool {
        guard isVisible, frame(window: context.windowSize).contains(p), let host else { return false }
        see(context)
        update(host, window: context.windowSize, time: time)
        host.handleWheel(dy: dy, at: p, time: time)
        return true
    }

    private func update(_ host: ViewHost, window: Size, time: Double) {
        let f = frame(window: window)
        host.update(bounds: f.insetBy(dx: 14, dy: 12), time: max(host.time, time))
    }

    // MARK: Accessibility

    /// The open panel as a dialog of its controls (nil while closed).
    package func accessibilityElement(prefix: String, context: InstrumentContext) -> AccessibilityElement? {
        guard isVisible, let host else { return nil }
        see(context)
        update(host, window: context.windowSize, time: host.time)
        return AccessibilityElement(id: prefix, role: .dialog, label: host.env.localized("Tuning"), frame: frame(window: context.windowSize),
                                    children: host.accessibilityElements(prefix: prefix))
    }

    /// A screen reader's action on one of its controls; what it changed waits in `pending`
    /// for `takeAccessibilityCommands()`.
    package func performAccessibilityAction(_ name: String, on id: String, prefix: String, time: Double) -> Bool {
        host?.performAccessibilityAction(name, on: id, prefix: prefix, time: time) ?? false
    }
    package func setAccessibilityValue(_ value: Double, on id: String, prefix: String, time: Double) -> Bool {
        host?.setAccessibilityValue(value, on: id, prefix: prefix, time: time) ?? false
    }
    /// What the controls changed for a screen reader, for the app to apply.
    package func takeAccessibilityCommands() -> [InstrumentCommand] {
        defer { pending.removeAll() }
        return pending
    }

    // MARK: What the panel changes

    /// The sheet policy the control shows: the current scene's sheet's.
    var policy: SheetPolicyKind? { shown.policy }

    func setPolicy(_ kind: SheetPolicyKind) {
        shown.policy = kind
        shown.policyOverride = kind
        pending.append(.setSheetPolicy(kind))
    }

    /// The detent sets the panel offers (the chosen one joins them when it is none of these).
    nonisolated static let detentPresets: [[SheetDetentSpec]] = [
        SheetDetentSpec.standard, [.fraction(0.3), .fraction(0.6), .large], [.content, .large],
    ]

    /// The sets the Detents control offers, the chosen one among them; nil when the sheet's
    /// policy keeps its seed's own (two-stage) or the scene has no sheet.
    var detentChoices: [[SheetDetentSpec]]? {
        guard let p = shown.policy, p != .twoStage else { return nil }
        return Self.detentPresets.contains(shown.detents) ? Self.detentPresets : Self.detentPresets + [shown.detents]
    }
    var detents: [SheetDetentSpec] { shown.detents }

    func setDetents(_ detents: [SheetDetentSpec]) {
        shown.detents = detents
        pending.append(.setSheetDetents(detents))
        if case .enabledUpThrough(let d) = shown.backgroundInteraction, !detents.contains(where: { $0.detent == d }) {
            shown.backgroundInteraction = .disabled
        }
    }

    /// The list behind the sheet: dimmed and modal, open up through the lowest detent, or
    /// always open (the fluid policy's sheet only).
    var backgroundChoices: [SheetBackgroundInteraction]? {
        guard shown.policy == .fluid else { return nil }
        let lowest = SheetDetentSet(shown.detents).lowest(height: shown.windowHeight).0
        let choices: [SheetBackgroundInteraction] = [.disabled, .enabledUpThrough(lowest), .enabled]
        // One given at launch (upto= another detent) is among them, selected.
        return choices.contains(shown.backgroundInteraction) ? choices : choices + [shown.backgroundInteraction]
    }
    var backgroundInteraction: SheetBackgroundInteraction { shown.backgroundInteraction }

    func setBackgroundInteraction(_ b: SheetBackgroundInteraction) {
        shown.backgroundInteraction = b
        pending.append(.setSheetBackgroundInteraction(b))
    }

    /// A choice as the option writes it, its detent named as in the Detents control ("upto=medium").
    /// A set as its segment shows it, by the names the sheet's state uses: "half·full",
    /// "0.3·0.6·full" (the option's "medium,large" did not fit a third of the panel).
    nonisolated static func segmentText(_ set: [SheetDetentSpec]) -> String { set.map(\.detent.rawValue).joined(separator: "·") }

    /// A list-behind choice as its segment shows it: "disabled", "≤ half", "enabled".
    nonisolated static func segmentText(_ b: SheetBackgroundInteraction) -> String {
        if case .enabledUpThrough(let d) = b { return "≤ " + d.rawValue }
        return b.text
    }

    func label(of b: SheetBackgroundInteraction) -> String {
        guard case .enabledUpThrough(let d) = b, let spec = shown.detents.first(where: { $0.detent == d }) else { return b.text }
        return "upto=" + spec.text
    }

    /// The Today cards' style, shown on Today.
    var cardStyle: CardStyle? { shown.showsCards ? shown.cardStyle : nil }

    func setCardStyle(_ style: CardStyle) {
        shown.cardStyle = style
        pending.append(.setCardStyle(style))
    }

    func value(_ key: Tuning.Key) -> Double { shown.tuning[key] }

    func setValue(_ v: Double, for key: Tuning.Key) {
        shown.tuning[key] = Self.quantized(v, key: key)
        pending.append(.setTuning(shown.tuning))
    }

    package func reset() {
        shown.tuning = .standard
        pending.append(.setTuning(.standard))
    }

    /// The settings as command-line options: the policy when set, the detents, the list behind
    /// and the card style when not the standard ones, and `--tune` with the keys that differ
    /// from the standard tuning (`--tune ''` when none do).
    package func optionString() -> String {
        var parts: [String] = []
        if let p = shown.policyOverride { parts.append("--sheet-policy \(p.rawValue)") }
        if shown.detents != SheetDetentSpec.standard { parts.append("--detents " + SheetDetentSpec.text(shown.detents)) }
        // (The list behind is the fluid sheet's only: under another policy the option is refused.)
        if shown.backgroundInteraction != .disabled, (shown.policyOverride ?? .fluid) == .fluid {
            parts.append("--background-interaction " + label(of: shown.backgroundInteraction))
        }
        if shown.cardStyle != .expand { parts.append("--card-style " + shown.cardStyle.rawValue) }
        let v = shown.tuning.optionValue
        parts.append("--tune \(v.isEmpty ? "''" : v)")
        return parts.joined(separator: " ")
    }

    package func copy() {
        let text = optionString()
        copied = text
        shown.env?.clipboard.text = text
        onCopy?(text)
    }

    /// Slider values on a step of about a thousandth of the key's range, a power of ten (so
    /// Copy writes 0.45, not 0.4500000000000001).
    static func quantized(_ v: Double, key: Tuning.Key) -> Double {
        let span = key.range.upperBound - key.range.lowerBound
        var perUnit = 1.0   // 1 / step, an exact integer power of ten
        var step = 1.0
        while step > span / 200 { step /= 10; perUnit *= 10 }
        while step * 10 <= span / 200 { step *= 10; perUnit /= 10 }
        let q = perUnit >= 1 ? (v * perUnit).rounded() / perUnit : (v / step).rounded() * step
        return min(key.range.upperBound, max(key.range.lowerBound, q))
    }

    // MARK: Drawing

    package func draw(into list: inout DisplayList, context: InstrumentContext, time: Double) {
        let window = context.windowSize
        if showsGear && !isVisible { drawGear(into: &list, window: window, env: context.env) }
        guard isVisible, let host else { return }
        see(context)
        let f = frame(window: window)
        update(host, window: window, time: time)
        let radii = CornerRadii(Self.cornerRadius)
        // Centred: the backend leaves a shadow's inside undrawn, and the panel is translucent.
        list.add(.shadow(f, radii: radii, color: Color(white: 0, alpha: 0.25), radius: 16, offset: .zero))
        // A light material: UIBlurEffect .systemMaterial's near-white, but opaque: unblurred,
        // the list's text through it made the labels hard to read (and a blur every frame is
        // more than a CPU renderer can afford).
        list.add(.fillRect(f, radii: radii, color: Color(white: 0.975)))
        list.add(.strokeRect(f, radii: radii, color: Color(white: 0, alpha: 0.08), lineWidth: 0.5))
        list.clipped(to: f) { host.draw(into: &$0) }
    }

    private func drawGear(into list: inout DisplayList, window: Size, env: SceneEnvironment) {
        let g = gearFrame(window: window)
        list.add(.shadow(g, radii: CornerRadii(g.width / 2), color: Color(white: 0, alpha: 0.25), radius: 6, offset: .zero))
        list.add(.fillCircle(center: g.center, radius: g.width / 2, color: Color(white: 0.975, alpha: 0.94)))
        let glyph = env.layout(MaterialIcon.settings, .icons(size: 22))
        list.text(glyph, at: Point(g.midX - glyph.size.width / 2, g.midY - glyph.size.height / 2), SystemColor.darkGray)
    }

    /// The panel's state for tests and the state dump.
    package func advance(to time: Double) -> Bool {
        guard isVisible, let host else { return false }
        return host.advance(to: max(host.time, time))
    }
}

/// The panel's content: title with Reset, Copy and Done; the policy; one slider per key.
struct TuningPanelView: View {
    /// Unowned: the panel's host keeps this view's closures in its tree, and a strong
    /// reference back was a cycle that never freed the panel (found by `make memcheck`).
    unowned let panel: TuningPanel

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack(spacing: 14) {
                Text("Tuning").font(.headline)
                Spacer()
                PanelButton(title: "Reset") { panel.reset() }
                PanelButton(title: "Copy") { panel.copy() }
                PanelButton(title: "Done") { panel.close() }
            }
            if let policy = panel.policy {
                SegmentedControl(selection: Binding(get: { SheetPolicyKind.allCases.firstIndex(of: policy) ?? 0 },
                                                    set: { panel.setPolicy(SheetPolicyKind.allCases[$0]) }),
                                 labels: SheetPolicyKind.allCases.map(\.rawValue))
                .accessibilityLabel("Sheet policy")
            }
            if let sets = panel.detentChoices {
                PanelChoice(title: "Detents", choices: sets, selected: panel.detents, text: { TuningPanel.segmentText($0) },
                            select: { panel.setDetents($0) })
            }
            if let behind = panel.backgroundChoices {
                PanelChoice(title: "Behind", label: "List behind the sheet", choices: behind, selected: panel.backgroundInteraction, text: { TuningPanel.segmentText($0) },
                            select: { panel.setBackgroundInteraction($0) })
            }
            if let style = panel.cardStyle {
                PanelChoice(title: "Card", label: "Card style", choices: CardStyle.allCases, selected: style, text: { $0.rawValue },
                            select: { panel.setCardStyle($0) })
            }
            ScrollView(.vertical) {
                VStack(alignment: .leading, spacing: 2) {
                    ForEach(0..<Tuning.keys.count) { i in
                        TuningRow(key: Tuning.keys[i], panel: panel)
                    }
                }
            }
            Text("Changes apply from the next gesture.").font(.caption).foregroundColor(SystemColor.secondaryLabel)
        }
    }
}

/// A titled segmented control over a few values (the detent set, the list behind, the card style).
struct PanelChoice<Value: Equatable>: View {
    let title: LocalizedStringKey
    /// What a screen reader calls it (the title, when that says enough).
    var label: LocalizedStringKey?
    let choices: [Value]
    let selected: Value
    let text: (Value) -> String
    let select: @MainActor (Value) -> Void

    /// The titles' column: the control beside its title keeps every slider in view at 390 × 844.
    static var titleWidth: Double { 62 }

    var body: some View {
        HStack(spacing: 8) {
            Text(title).font(Font(size: 13, weight: .semibold)).frame(width: Self.titleWidth, alignment: .leading)
            SegmentedControl(selection: Binding(get: { choices.firstIndex(of: selected) ?? 0 }, set: { select(choices[$0]) }),
                             labels: choices.map(text))
                .accessibilityLabel(label ?? title)
        }
    }
}

/// A key's name and value over its slider.
struct TuningRow: View {
    let key: Tuning.Key
    unowned let panel: TuningPanel

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack {
                Text(key.name).font(Font(size: 13, weight: .semibold))
                Spacer()
                Text(Instrument.short(TuningPanel.quantized(panel.value(key), key: key))).font(Font(size: 13)).foregroundColor(SystemColor.secondaryLabel)
            }
            Slider(value: Binding(get: { panel.value(key) }, set: { panel.setValue($0, for: key) }), in: key.range)
                .accessibilityLabel(key.summary)
        }
    }
}

/// A borderless iOS text button in the tint colour.
struct PanelButton: View {
    let title: LocalizedStringKey
    let action: @MainActor () -> Void

    var body: some View {
        Text(title).font(Font(size: 15, weight: .semibold)).foregroundColor(SystemColor.blue)
            .padding(.vertical, 6)
            .onTapGesture(perform: action)
            .accessibilityAddTraits(.isButton)
    }
}
