// SceneID: the app's scenes in tab-bar order, each with its `--scene` name, title and tab icon.
import FlingCore

/// The app's scenes, in tab-bar order; the raw value is the `--scene` name.
package enum SceneID: String, CaseIterable, Sendable {
    case restaurants
    case today
    case twoStage = "two-stage"
    case form
    /// The tab's title in the user's language.
    package var title: LocalizedStringKey {
        switch self {
        case .restaurants: LocalizedStringKey("Restaurants")
        case .today: LocalizedStringKey("Today")
        case .twoStage: LocalizedStringKey("Two-Stage")
        case .form: LocalizedStringKey("Form")
        }
    }
    package var icon: String {
        switch self {
        case .restaurants: MaterialIcon.restaurant
        case .today: MaterialIcon.article
        case .twoStage: MaterialIcon.viewAgenda
        case .form: MaterialIcon.listAlt
        }
    }
}
