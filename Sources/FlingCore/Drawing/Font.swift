/// A typeface family; the backend maps it to font files (Resources/fonts).
public enum FontFamily: String, Hashable, Sendable, CaseIterable {
    /// The UI sans (Inter), standing in for SF Pro.
    case sans
    /// The rounded face (Nunito), standing in for SF Pro Rounded (`.design(.rounded)`).
    case rounded
    /// Outline symbols with round ends (Material Symbols Rounded), standing in for SF Symbols,
    /// drawn by codepoint.
    case icons
    /// Filled Material Icons, for the few glyphs iOS draws filled (`xmark.circle.fill`).
    case filledIcons
}

public enum FontWeight: Int, Hashable, Sendable, CaseIterable, Comparable {
    case regular = 400, medium = 500, semibold = 600, bold = 700, heavy = 800
    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.rawValue < b.rawValue }
}

/// A font at a size in pt.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    public var family: FontFamily
    public var weight: FontWeight
    public var size: Double

    public init(_ family: FontFamily = .sans, size: Double, weight: FontWeight = .regular) {
        self.family = family; self.size = size; self.weight = weight
    }

    public func withSize(_ s: Double) -> Font { Font(family, size: s, weight: weight) }
    public func withWeight(_ w: FontWeight) -> Font { Font(family, size: size, weight: w) }
    public var rounded: Font { Font(.rounded, size: size, weight: weight) }

    public static func icons(size: Double) -> Font { Font(.icons, size: size) }
    public static func filledIcons(size: Double) -> Font { Font(.filledIcons, size: size) }

    public var description: String { "\(family.rawValue)-\(weight.rawValue)-\(size)" }
}

/// The iOS Dynamic Type styles at the default size (Apple HIG typography table).
public enum TextStyle: String, CaseIterable, Sendable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

    public var font: Font {
        switch self {
        case .largeTitle: Font(size: 34, weight: .bold)
        case .title: Font(size: 28)
        case .title2: Font(size: 22)
        case .title3: Font(size: 20)
        case .headline: Font(size: 17, weight: .semibold)
        case .body: Font(size: 17)
        case .callout: Font(size: 16)
        case .subheadline: Font(size: 15)
        case .footnote: Font(size: 13)
        case .caption: Font(size: 12)
        case .caption2: Font(size: 11)
        }
    }

    /// iOS line heights (leading included) for each style, in pt (Apple HIG typography table).
    public var lineHeight: Double {
        switch self {
        case .largeTitle: 41
        case .title: 34
        case .title2: 28
        case .title3: 25
        case .headline, .body: 22
        case .callout: 21
        case .subheadline: 20
        case .footnote: 18
        case .caption: 16
        case .caption2: 13
        }
    }
}

/// Material codepoints (Resources/ICONS.md): the same in Material Symbols Rounded (`.icons`)
/// and Material Icons (`.filledIcons`).
public enum MaterialIcon {
    public static let locationOn = "\u{E0C8}"
    public static let phone = "\u{E0CD}"
    public static let cancel = "\u{E5C9}"
    public static let close = "\u{E5CD}"
    public static let chevronRight = "\u{E5CC}"
    public static let chevronLeft = "\u{E5CB}"
    public static let expandMore = "\u{E5CF}"
    public static let person = "\u{E7FD}"
    public static let accountCircle = "\u{E853}"
    public static let search = "\u{E8B6}"
    public static let favorite = "\u{E87D}"
    public static let checkCircle = "\u{E86C}"
    /// Tab bar glyphs.
    public static let restaurant = "\u{E56C}"
    /// `article`: a page of lines, for the Today tab (SF Symbol `doc.text.image`; Material's
    /// `today` is a calendar, which the App Store's Today tab is not).
    public static let article = "\u{EF42}"
    public static let viewAgenda = "\u{E8E9}"
    /// A folded map: seed 000's location row (SF Symbol `map`).
    public static let map = "\u{E55B}"
    /// `list_alt`: bullet lines in a rounded box, the Form tab (SF Symbol `list.bullet.rectangle`).
    public static let listAlt = "\u{E0EE}"
    /// `settings`: the gear (SF Symbol `gearshape`).
    public static let settings = "\u{E8B8}"
    /// The on-screen keyboard's keys (Material Symbols Rounded only): `shift`, `shift_lock`
    /// (caps lock), `backspace`, `keyboard_hide` (SF Symbols `shift`, `capslock.fill`,
    /// `delete.left`, `keyboard.chevron.compact.down`).
    public static let shift = "\u{E5F2}"
    public static let shiftLock = "\u{F7AE}"
    public static let backspace = "\u{E14A}"
    public static let keyboardHide = "\u{E31A}"
    /// `language`: the globe of the keyboard's next-input-method key (SF Symbol `globe`).
    public static let language = "\u{E894}"
    public static let all: [(String, String)] = [
        ("location_on", locationOn), ("phone", phone), ("cancel", cancel), ("close", close),
        ("chevron_right", chevronRight), ("chevron_left", chevronLeft), ("expand_more", expandMore),
        ("person", person), ("account_circle", accountCircle), ("search", search),
        ("favorite", favorite), ("check_circle", checkCircle),
        ("restaurant", restaurant), ("article", article), ("view_agenda", viewAgenda),
        ("list_alt", listAlt), ("map", map), ("settings", settings),
    ]

    /// The glyph a directional icon is drawn with in a right-to-left layout (nil: it does not
    /// turn): SF Symbols flip `chevron.forward` and its kin there; the restaurant, the map and
    /// the phone stay as they are.
    public static func mirroredForRightToLeft(_ glyph: String) -> String? {
        switch glyph {
        case chevronRight: return chevronLeft
        case chevronLeft: return chevronRight
        default: return nil
        }
    }

    /// The glyph for a Material icon name ("location_on"), nil for an unknown name.
    public static func named(_ name: String) -> String? {
        all.first { $0.0 == name }?.1
    }
}
