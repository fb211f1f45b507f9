// RestaurantsScene: scene 1: the Restaurants list with the detail sheet a tap or Return opens,
// the list moving up behind the dim while the sheet shows; its input, drawing and state dump.
import FlingCore

/// Scene 1: the Restaurants list; a tap (or Return) opens the detail in a bottom sheet, the
/// list moves up 100 pt behind a fading dim while the sheet shows.
@MainActor
package final class RestaurantsScene: Scene {
    package let id = SceneID.restaurants
    package let list: RestaurantListController
    package let presenter: SheetPresenter
    let env: SceneEnvironment
    private var bounds = Rect.zero
    /// The list's vertical shift (0 → −100 pt with ease-out 0.2 s while a sheet shows).
    private var shift = AnimatedValue.resting(0)
    private var shiftTarget = 0.0
    private var shownRestaurant: String?
    /// The open sheet came from a tap (its row deselects when it closes; a keyboard
    /// selection stays, as the cursor the arrow keys move).
    private var openedByTap = false

    package convenience init(restaurants: [Restaurant], env: SceneEnvironment, policy: SheetPolicyKind, window: Size) {
        self.init(rows: RestaurantRows(restaurants), env: env, policy: policy, window: window)
    }

    package init(rows restaurants: RestaurantRows, env: SceneEnvironment, policy: SheetPolicyKind, window: Size) {
        list = RestaurantListController(restaurants: restaurants, env: env)
        presenter = SheetPresenter(policy: policy, window: window, env: env)
        self.env = env
    }

    package func layout(in bounds: Rect, window: Size, time: Double) {
        self.bounds = bounds
        list.layout(in: bounds, time: time)
        presenter.layout(window: window, time: time)
    }

    package var isModal: Bool { presenter.isVisible }
    /// How far the list has moved up behind the sheet at `time`.
    func shiftValue(at time: Double) -> Double { shift.value(at: time) }

    package func open(_ row: Int, time: Double, byTap: Bool = false) {
        guard list.restaurants.indices.contains(row) else { return }
        // A row tapped behind a sheet that lets touches through: the sheet shows it where it is.
        if presenter.isShowing {
            if list.selected != row { list.deselect(time: time) }
            list.selected = row
            let r = list.restaurants[row]
            shownRestaurant = r.name
            openedByTap = byTap
            presenter.replaceContent(RestaurantSheet(restaurant: r), time: time)
            return
        }
        // The sheet takes all input from now on: end whatever the list was doing.
        list.cancelGestures(time: time)
        list.selected = row
        let r = list.restaurants[row]
        shownRestaurant = r.name
        openedByTap = byTap
        presenter.present(RestaurantSheet(restaurant: r), time: time)
    }

    /// The pointer whose press went to the list behind a sheet (background interaction).
    private var pressBehindSheet: Int64?

    package func handlePointer(_ e: PointerEvent) -> Bool {
        if e.phase == .began {
            pressBehindSheet = presenter.isVisible && presenter.passesThrough(e.location, time: e.time) ? e.id : nil
        }
        let behind = pressBehindSheet == e.id
        if e.phase == .ended || e.phase == .cancelled, behind { pressBehindSheet = nil }
        if presenter.isVisible, !behind { return presenter.handlePointer(e) }
        if let row = list.handlePointer(e) { open(row, time: e.time, byTap: true) }
        return true
    }

    package func handleWheel(dy: Double, at p: Point, time: Double) {
        if presenter.isVisible, !presenter.passesThrough(p, time: time) {
            presenter.handleWheel(dy: dy, time: time)
        } else {
            list.handleWheel(dy: dy, time: time)
        }
    }

    package func handleKey(_ key: Key, time: Double) -> Bool {
        if presenter.handleKey(key, time: time) { return true }
        if presenter.isVisible { return false }
        if key.is(.return) {
            if let s = list.selected { open(s, time: time) }
            return true
        }
        return list.handleKey(key, time: time)
    }

    package func cancelGestures(time: Double) {
        pressBehindSheet = nil
        list.cancelGestures(time: time)
        presenter.cancelGestures(time: time)
    }

    package func advance(to time: Double) -> Bool {
        let listMoving = list.advance(to: time)
        let sheetMoving = presenter.advance(to: time)
        // The list moves away while a sheet shows, and back when it goes (seed 000).
        // (Reduce Motion: the list stays where it is; the sheet fades in over it.)
        // (With background interaction the list stays where it is: it is still in use.)
        let target = presenter.isShowing && !presenter.reduceMotion && presenter.sheet.backgroundInteraction == .disabled
            ? SheetConstants.listShift : 0
        // The sheet is going: the row that a tap opened it from deselects (iOS).
        if !presenter.isShowing, openedByTap { list.deselect(time: time); openedByTap = false }
        if target != shiftTarget {
            shiftTarget = target
            shift = .timed(TimedAnimation(from: shift.value(at: time), to: target, startTime: time,
                                          duration: MotionConstants.sheetListShiftDuration, curve: .easeOut))
        }
        shift = shift.settled(at: time)
        if !presenter.isVisible { shownRestaurant = nil }
        return listMoving || sheetMoving || shift.isAnimating
    }

    package func draw(into dl: inout DisplayList, time: Double) {
        let dy = shift.value(at: time)
        dl.transformed(.translate(0, dy)) { dl in list.draw(into: &dl, time: time) }
    }

    package func drawOverlay(into dl: inout DisplayList, time: Double) { presenter.draw(into: &dl, time: time) }

    package func stateFields(time: Double) -> [(String, JSONValue)] {
        var listFields = list.stateJSON(time: time, shift: shift.value(at: time))
        listFields.append(("shift", .rounded(shift.value(at: time))))
        return [("list", .object(listFields)), ("sheet", presenter.stateJSON(time: time, restaurant: shownRestaurant))]
    }
}
