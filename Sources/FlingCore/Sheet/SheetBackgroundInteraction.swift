// SheetBackgroundInteraction: whether the page behind a sheet takes touches and stays
// undimmed (SwiftUI's `presentationBackgroundInteraction`, UIKit's
// `largestUndimmedDetentIdentifier`), and how `--background-interaction` writes it.

public enum SheetBackgroundInteraction: Equatable, Hashable, Sendable {
    /// The page behind is dimmed and a tap on it dismisses (the default, seed 000's).
    case disabled
    /// At every detent the page behind takes touches, undimmed.
    case enabled
    /// At or below `detent` the page behind takes touches, undimmed; above it the dim fades in
    /// with the sheet's position up to the next detent, as UIKit's does.
    case enabledUpThrough(SheetDetent)

    /// As the option and a recording write it: "disabled", "enabled", "upto=0.3".
    public var text: String {
        switch self {
        case .disabled: "disabled"
        case .enabled: "enabled"
        case .enabledUpThrough(let d): "upto=" + d.rawValue
        }
    }

    /// `--background-interaction`'s value: disabled, enabled or upto=DETENT, where DETENT is
    /// written as in `--detents` (medium, large, 0.3, 300pt) and must be one of `detents`.
    public static func parse(_ text: String, detents: [SheetDetentSpec]) throws(SheetDetentError) -> SheetBackgroundInteraction {
        switch text {
        case "disabled": return .disabled
        case "enabled": return .enabled
        default:
            guard text.hasPrefix("upto=") else {
                throw SheetDetentError("'\(text)' is not disabled, enabled or upto=DETENT (upto=medium, upto=0.3)")
            }
            let name = String(text.dropFirst(5))
            let specs = try SheetDetentSpec.parse(name)
            guard specs.count == 1, let spec = specs.first else { throw SheetDetentError("upto= takes one detent, not '\(name)'") }
            guard detents.contains(spec) else {
                throw SheetDetentError("upto=\(name): not one of the detents (\(detents.map(\.text).joined(separator: ", ")))")
            }
            return .enabledUpThrough(spec.detent)
        }
    }
}
