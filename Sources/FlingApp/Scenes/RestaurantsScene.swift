import FlingCore

/// Scene 1: the Restaurants list (the detail sheet joins it in issue 5).
@MainActor
final class RestaurantsScene: Scene {
    let id = SceneID.restaurants
    let list: RestaurantListView

    init(restaurants: [Restaurant], env: SceneEnvironment) {
        list = RestaurantListView(restaurants: restaurants, env: env)
    }

    func layout(in bounds: Rect, time: Double) { list.layout(in: bounds, time: time) }

    func handlePointer(_ e: PointerEvent) -> Bool {
        if let row = list.handlePointer(e) { list.selected = row }
        return true
    }

    func handleWheel(dy: Double, at p: Point, time: Double) { list.handleWheel(dy: dy, time: time) }

    func handleKey(_ key: Key, time: Double) -> Bool { list.handleKey(key, time: time) }

    func cancelGestures(time: Double) { list.cancelGestures(time: time) }

    func advance(to time: Double) -> Bool { list.advance(to: time) }

    func draw(into dl: inout DisplayList, time: Double) { list.draw(into: &dl, time: time) }

    func stateFields(time: Double) -> [(String, JSONValue)] {
        [("list", .object(list.stateJSON(time: time)))]
    }
}
