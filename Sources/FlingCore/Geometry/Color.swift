/// An sRGB colour with straight (not premultiplied) alpha, each channel 0…1.
public struct Color: Equatable, Hashable, Sendable {
    public var r, g, b, a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// From 0xRRGGBB and an alpha 0…1.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(r: Double((hex >> 16) & 0xFF) / 255, g: Double((hex >> 8) & 0xFF) / 255,
                  b: Double(hex & 0xFF) / 255, a: alpha)
    }

    /// A gray of the given white level, as SwiftUI's `Color(white:)`.
    public init(white: Double, alpha: Double = 1) { self.init(r: white, g: white, b: white, a: alpha) }

    public func withAlpha(_ a: Double) -> Color { Color(r: r, g: g, b: b, a: a) }
    public func multipliedAlpha(_ f: Double) -> Color { Color(r: r, g: g, b: b, a: a * f) }

    public func mixed(with other: Color, _ t: Double) -> Color {
        Color(r: r + (other.r - r) * t, g: g + (other.g - g) * t,
              b: b + (other.b - b) * t, a: a + (other.a - a) * t)
    }

    /// 8-bit channels, rounded and clamped.
    public var rgba8: (UInt8, UInt8, UInt8, UInt8) {
        func c(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        return (c(r), c(g), c(b), c(a))
    }

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let clear = Color(white: 0, alpha: 0)
}

/// The iOS system colours the seeds use (values from UIKit's light palette).
public enum SystemColor {
    public static let gray5 = Color(hex: 0xE5E5EA)
    public static let gray4 = Color(hex: 0xD1D1D6)
    public static let gray3 = Color(hex: 0xC7C7CC)
    public static let gray = Color(hex: 0x8E8E93)
    public static let label = Color(hex: 0x000000)
    public static let secondaryLabel = Color(hex: 0x3C3C43, alpha: 0.6)
    public static let tertiaryLabel = Color(hex: 0x3C3C43, alpha: 0.3)
    public static let separator = Color(hex: 0x3C3C43, alpha: 0.29)
    public static let red = Color(hex: 0xFF3B30)
    public static let blue = Color(hex: 0x007AFF)
    public static let darkGray = Color(hex: 0x555555)
    public static let purple = Color(hex: 0xAF52DE)
    public static let green = Color(hex: 0x34C759)
    public static let yellow = Color(hex: 0xFFCC00)
    public static let groupedBackground = Color(hex: 0xF2F2F7)
    public static let background = Color.white
    /// The translucent tab bar's fill (UIKit's default bar tint, light mode, approximated opaque).
    public static let barBackground = Color(hex: 0xF9F9F9, alpha: 0.94)
}
