// CardStyle: how a Today card opens (`--card-style`, a study's `card_style`): seed 004's
// expansion or iOS 18's zoom transition, and how the option's value is read.

public enum CardStyle: String, CaseIterable, Equatable, Sendable {
    /// Seed 004: the card's parts grow into the window (`matchedGeometryEffect`): the photo
    /// deepens, the excerpt slides to the story's column, the story rises under it.
    case expand
    /// iOS 18's `navigationTransition(.zoom(sourceID:in:))`: the open story, laid out for the
    /// window, zooms out of the card's cell (scaled to its width, cut to its rounded frame);
    /// pulled down, it shrinks under the finger in both axes and zooms back into the cell.
    case zoom

    /// The option's value, or a message naming what would be accepted.
    public static func parse(_ text: String) -> Result<CardStyle, CardStyleError> {
        guard let style = CardStyle(rawValue: text) else {
            return .failure(CardStyleError(message: "'\(text)' is not \(allCases.map(\.rawValue).joined(separator: " or "))"))
        }
        return .success(style)
    }
}

/// A card style that is not one.
public struct CardStyleError: Error, Equatable, Sendable {
    public var message: String
    public init(message: String) { self.message = message }
}
