// AppAssembly: the one place the app is put together from its parts: the scenes' environment
// over a display (its fonts and image sizes) and the app controller over the loaded resources.
// `main`, `fling replay`, `fling bench` (headless and in a window), `fling soak` and the chart
// tools all build through it, so a part added to the app is wired once.
import FlingCore
import FlingUI
import FlingSDL

@MainActor
enum AppAssembly {
    /// The date line the benches and the soak show (fixed, so their frames are alike).
    static let fixedDate = "Sunday, Nov 22"

    /// What the scenes may ask of `display`: text measured by its fonts, photo sizes from its
    /// image store.
    static func environment(for display: Display) -> SceneEnvironment {
        SceneEnvironment(measurer: display.renderer.fonts, imageSize: { display.renderer.imageSize($0) })
    }

    /// The app over `resources`' restaurants and articles, laid out for `display`, opening on
    /// `first`; `sheetPolicy` nil keeps each sheet's own.
    static func app(_ resources: Resources, env: SceneEnvironment, display: Display, first: SceneID,
                    sheetPolicy: SheetPolicyKind? = nil, dateText: String = fixedDate,
                    cardStyle: CardStyle = .expand) -> AppController {
        let app = AppController(rows: resources.restaurants, articles: resources.articles, env: env, first: first,
                                windowSize: display.size, scale: display.scale, sheetPolicy: sheetPolicy, dateText: dateText)
        app.cardStyle = cardStyle
        return app
    }
}
