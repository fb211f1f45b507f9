// KeyboardView: the on-screen keyboard's views: the key caps of the page on UIKit's light
// keyboard backdrop, the callout over a pressed key, and the row of accented variants.
import FlingCore

/// One key cap: a rounded key on a 1 pt darker edge, its label or glyph centred.
struct KeyCap: View {
    let key: KeyboardKey
    let label: String
    /// A named key's words in the user's language (space, return); nil: `label` as it is.
    var words: LocalizedStringKey? = nil
    let isGlyph: Bool
    let pressed: Bool
    let highlighted: Bool
    let idiom: KeyboardLayout.Idiom

    private var fill: Color {
        let function = !key.kind.isCharacter && key.kind != .space
        // Pressed: a character key darkens to the function colour, a function key lightens to
        // white (UIKit); a shift that is on shows white.
        if pressed { return function ? KeyboardConstants.keyColor : KeyboardConstants.functionKeyColor }
        if highlighted { return KeyboardConstants.keyColor }
        return function ? KeyboardConstants.functionKeyColor : KeyboardConstants.keyColor
    }

    private var font: Font {
        if isGlyph { return .icons(size: idiom == .pad ? 26 : 24) }
        let letter = label.count == 1
        let size = letter ? (idiom == .pad ? KeyboardConstants.padLetterSize : KeyboardConstants.phoneLetterSize)
            : (idiom == .pad ? KeyboardConstants.padWordSize : KeyboardConstants.phoneWordSize)
        return Font(size: size, weight: letter ? .regular : .regular)
    }

    var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: KeyboardConstants.keyCornerRadius).fill(KeyboardConstants.keyShadowColor)
                .offset(y: 1)
            RoundedRectangle(cornerRadius: KeyboardConstants.keyCornerRadius).fill(fill)
            (words.map { Text($0) } ?? Text(verbatim: label)).font(font).foregroundColor(KeyboardConstants.labelColor)
        }
        .frame(width: key.frame.width, height: key.frame.height)
        .offset(x: key.frame.minX, y: key.frame.minY)
    }
}

/// The keys of the current page on the keyboard's backdrop, in keyboard coordinates, and
/// while pinyin composes the candidates on the bar over them.
struct KeyboardView: View {
    let model: KeyboardModel
    var candidates: [(text: String, frame: Rect)] = []

    static func candidateFont(_ idiom: KeyboardLayout.Idiom) -> Font {
        Font(size: idiom == .pad ? KeyboardConstants.padCandidateSize : KeyboardConstants.phoneCandidateSize)
    }

    var body: some View {
        let layout = model.layout
        return ZStack(alignment: .topLeading) {
            KeyboardConstants.backgroundColor
                .frame(width: layout.width, height: layout.height)
            ForEach(Array(candidates.enumerated()), id: \.offset) { _, c in
                Text(verbatim: c.text).font(KeyboardView.candidateFont(layout.idiom)).foregroundColor(KeyboardConstants.labelColor)
                    .lineLimit(1)
                    .frame(width: c.frame.width, height: c.frame.height)
                    .offset(x: c.frame.minX, y: c.frame.minY)
            }
            ForEach(Array(layout.keys.enumerated()), id: \.offset) { _, key in
                let (label, glyph) = KeyboardView.label(of: key.kind, model: model)
                KeyCap(key: key, label: label, words: KeyboardView.words(of: key.kind, model: model), isGlyph: glyph,
                       pressed: model.touches.contains { $0.state != .committed && $0.key == key },
                       highlighted: key.kind == .shift && model.shift != .off, idiom: layout.idiom)
            }
        }
        .frame(width: layout.width, height: layout.height, alignment: .topLeading)
    }

    /// What a key shows: capitals under shift (UIKit shows the case it types), named keys in
    /// words, shift, backspace and hide as glyphs.
    static func words(of kind: KeyKind, model: KeyboardModel) -> LocalizedStringKey? {
        switch kind {
        case .space: return LocalizedStringKey("space")
        case .returnKey:
            // Composing, return types the letters as they are: iOS's 确认.
            if !model.composition.isEmpty { return LocalizedStringKey("confirm") }
            switch model.returnLabel {
            case "next": return LocalizedStringKey("next")
            case "done": return LocalizedStringKey("done")
            default: return LocalizedStringKey("return")
            }
        default: return nil
        }
    }

    static func label(of kind: KeyKind, model: KeyboardModel) -> (String, Bool) {
        switch kind {
        case .character(let s): return (model.page == .letters && model.shift != .off ? s.uppercased() : s, false)
        case .shift: return (model.shift == .locked ? MaterialIcon.shiftLock : MaterialIcon.shift, true)
        case .backspace: return (MaterialIcon.backspace, true)
        case .hide: return (MaterialIcon.keyboardHide, true)
        case .nextInputMode: return (MaterialIcon.language, true)
        case .space: return ("space", false)
        case .returnKey: return (model.returnLabel, false)
        case .page(.letters): return ("ABC", false)
        case .page(.numbers): return ("123", false)
        case .page(.symbols): return ("#+=", false)
        }
    }
}

/// Above the keys, in keyboard coordinates: on iPhone the callout of each pressed character
/// key (the key's letter, large, on a white key grown upwards), and a held letter's variants.
struct KeyboardPopupsView: View {
    let model: KeyboardModel

    var body: some View {
        ZStack(alignment: .topLeading) {
            ForEach(Array(model.touches.enumerated()), id: \.offset) { _, touch in
                KeyboardPopupsView.popup(for: touch, model: model)
            }
        }
        .frame(width: model.layout.width, height: model.layout.height, alignment: .topLeading)
    }

    static func popup(for touch: KeyboardModel.Touch, model: KeyboardModel) -> AnyView {
        let letterFont = Font(size: KeyboardConstants.calloutLetterSize, weight: .regular)
        switch touch.state {
        case .variants(let options, let frames, let selected):
            guard let first = frames.first, let last = frames.last else { return AnyView(EmptyView()) }
            let box = Rect(x: first.minX - 6, y: first.minY - 6, width: last.maxX - first.minX + 12, height: first.height + 12)
            return AnyView(ZStack(alignment: .topLeading) {
                RoundedRectangle(cornerRadius: 8).fill(KeyboardConstants.keyShadowColor)
                    .frame(width: box.width, height: box.height).offset(x: box.minX, y: box.minY + 1)
                RoundedRectangle(cornerRadius: 8).fill(KeyboardConstants.keyColor)
                    .frame(width: box.width, height: box.height).offset(x: box.minX, y: box.minY)
                ForEach(Array(options.enumerated()), id: \.offset) { i, option in
                    ZStack {
                        RoundedRectangle(cornerRadius: KeyboardConstants.keyCornerRadius)
                            .fill(i == selected ? SystemColor.blue : KeyboardConstants.keyColor)
                        Text(option).font(Font(size: 26)).foregroundColor(i == selected ? .white : KeyboardConstants.labelColor)
                    }
                    .frame(width: frames[i].width, height: frames[i].height)
                    .offset(x: frames[i].minX, y: frames[i].minY)
                }
            })
        case .tracking:
            guard model.layout.idiom == .phone, let key = touch.key, case .character(let s) = key.kind else { return AnyView(EmptyView()) }
            let grow = KeyboardConstants.calloutSideGrowth
            let box = Rect(x: key.frame.minX - grow, y: key.frame.minY - KeyboardConstants.calloutHeightAbove,
                           width: key.frame.width + 2 * grow, height: KeyboardConstants.calloutHeightAbove + key.frame.height)
            let label = model.page == .letters && model.shift != .off ? s.uppercased() : s
            return AnyView(ZStack(alignment: .top) {
                RoundedRectangle(cornerRadius: 8).fill(KeyboardConstants.keyShadowColor).offset(y: 1)
                RoundedRectangle(cornerRadius: 8).fill(KeyboardConstants.keyColor)
                Text(label).font(letterFont).foregroundColor(KeyboardConstants.labelColor)
                    .frame(height: KeyboardConstants.calloutHeightAbove)
            }
            .frame(width: box.width, height: box.height)
            .offset(x: box.minX, y: box.minY))
        case .repeating, .committed:
            return AnyView(EmptyView())
        }
    }
}
