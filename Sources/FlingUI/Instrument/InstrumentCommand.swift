// InstrumentCommand: what the instrument sees of the app when an event reaches it (a value,
// read before the scenes get the event) and what it asks the app to change in return.
import FlingCore

/// The app as the instrument sees it when an event arrives: values read by the app before
/// the event goes on, so the instrument holds no reference back into the app (events flow
/// one way: app → instrument → commands the app applies).
@MainActor
package struct InstrumentContext {
    package var windowSize: Size
    /// Text layout, the clipboard (Copy writes to it) and the panel's views.
    package var env: SceneEnvironment
    package var clock: SceneClock
    /// The tuning the panel shows and changes.
    package var tuning: Tuning
    /// `--sheet-policy` or the panel's choice (nil: each scene's own).
    package var sheetPolicyOverride: SheetPolicyKind?
    /// The current scene's sheet, if it has one: its next policy, and the model itself (where a
    /// dragged sheet's top was at a release, for the overlay's projection).
    package var sheetPolicy: SheetPolicyKind?
    package var sheet: SheetModel?
    /// `--detents` and `--background-interaction` as the app holds them now.
    package var sheetDetents = SheetDetentSpec.standard
    package var sheetBackgroundInteraction = SheetBackgroundInteraction.disabled
    /// The Today cards' style, and whether Today is the current scene (its control shows there).
    package var cardStyle = CardStyle.expand
    package var showsCards = false
    /// A focused control in the scene keeps its Space (pause is the overlay's otherwise).
    package var sceneHasKeyboardFocus: Bool
}

/// A change the instrument asks of the app (its keys, the tuning panel's controls).
package enum InstrumentCommand: Equatable {
    case setSlowMotion(Double)
    case setPaused(Bool)
    /// One frame of scene time while paused.
    case stepFrame
    /// The models take it from their next gesture.
    case setTuning(Tuning)
    case setSheetPolicy(SheetPolicyKind)
    /// The fluid sheets' detents and the list behind them (`--detents`,
    /// `--background-interaction`), from the next sheet.
    case setSheetDetents([SheetDetentSpec])
    case setSheetBackgroundInteraction(SheetBackgroundInteraction)
    /// The Today cards' style (`--card-style`), from the next card.
    case setCardStyle(CardStyle)
}

/// The instrument's answer to an event: whether it took the event (the scenes then never see
/// it) and what the app should change.
package struct InstrumentResponse: Equatable {
    package var consumed: Bool
    package var commands: [InstrumentCommand] = []
    package static let passed = InstrumentResponse(consumed: false)
}
