// MiniMap: the form scene's mini-map, drawn only from the collected anchor preferences, scaled
// from the form into the gray area beside it.
import FlingCore

// Seed 002's mini-map: it knows nothing about the form and draws only from the collected
// preferences, scaled by the form's width over the mini-map's (minus 10 pt).
struct MiniMap: View {
    let geometry: GeometryProxy
    let preferences: [MyPreferenceData]

    var body: some View {
        // Get the form container preference
        guard let formContainerAnchor = preferences.first(where: { $0.vtype == .formContainer })?.bounds else { return AnyView(EmptyView()) }

        // Get the minimap area container
        guard let miniMapAreaAnchor = preferences.first(where: { $0.vtype == .miniMapArea })?.bounds else { return AnyView(EmptyView()) }

        // A window too narrow for any form (1 pt wide: the compact form and its area have no
        // width) leaves nothing to scale and no room to draw it in: the factor below was 0 / 0
        // and every rectangle NaN. Not the seed's line: its iPad layout always had the width.
        guard geometry[formContainerAnchor].size.width > 0, geometry[miniMapAreaAnchor].size.width - 10.0 > 0 else { return AnyView(EmptyView()) }

        // Calcualte a multiplier factor to scale the views from the form, into the minimap.
        let factor = geometry[formContainerAnchor].size.width / (geometry[miniMapAreaAnchor].size.width - 10.0)

        // Determine the position of the form
        let containerPosition = Point(x: geometry[formContainerAnchor].minX, y: geometry[formContainerAnchor].minY)

        // Determine the position of the mini map area
        let miniMapPosition = Point(x: geometry[miniMapAreaAnchor].minX, y: geometry[miniMapAreaAnchor].minY)

        return AnyView(miniMapView(factor, containerPosition, miniMapPosition))
    }

    func miniMapView(_ factor: Double, _ containerPosition: Point, _ miniMapPosition: Point) -> some View {
        ZStack(alignment: .topLeading) {
            // Create a small representation of each of the form's views.
            // Preferences are traversed in reverse order, otherwise the branch views
            // would be covered by their ancestors
            ForEach(Array(preferences.reversed().enumerated()), id: \.offset) { _, pref in
                if pref.show() { // some type of views, we don't want to show
                    self.rectangleView(pref, factor, containerPosition, miniMapPosition)
                }
            }
        }.padding(5)
        .accessibilityIdentifier(MiniMap.identifier)
    }

    func rectangleView(_ pref: MyPreferenceData, _ factor: Double, _ containerPosition: Point, _ miniMapPosition: Point) -> some View {
        Rectangle()
            .fill(pref.getColor())
            .frame(width: self.geometry[pref.bounds].size.width / factor,
                   height: self.geometry[pref.bounds].size.height / factor)
            .offset(x: (self.geometry[pref.bounds].minX - containerPosition.x) / factor + miniMapPosition.x,
                    y: (self.geometry[pref.bounds].minY - containerPosition.y) / factor + miniMapPosition.y)
    }

    /// Names the drawn mini-map so the state dump can list its rectangles.
    static let identifier = "miniMap"
}
