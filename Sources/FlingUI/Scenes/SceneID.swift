import FlingCore

/// The app's scenes, in tab-bar order; the raw value is the `--scene` name.
package enum SceneID: String, CaseIterable, Sendable {
    case restaurants
    case today
    case twoStage = "two-stage"
    package var title: String {
        switch self {
        case .restaurants: "Restaurants"
        case .today: "Today"
        case .twoStage: "Two-Stage"
        }
    }
    package var icon: String {
        switch self {
        case .restaurants: MaterialIcon.restaurant
        case .today: MaterialIcon.today
        case .twoStage: MaterialIcon.viewAgenda
        }
    }
}
