import FlingCore

/// Seed 001's replaceable content: a plain list of the numbers 0…30.
@MainActor
package final class NumbersContent: SheetContent {
    private let env: SceneEnvironment
    package let kind = "numbers"
    package let cornerRadius: Double = 20
    package static let count = 31
    package static let rowHeight: Double = 44

    package init(env: SceneEnvironment) { self.env = env }

    package func height(forWidth width: Double) -> Double { Double(Self.count) * Self.rowHeight + 34 }

    package func draw(into list: inout DisplayList, origin: Point, width: Double, visible: Rect) {
        for i in 0..<Self.count {
            let y = origin.y + Double(i) * Self.rowHeight
            guard y + Self.rowHeight >= visible.minY, y <= visible.maxY else { continue }
            let label = env.layout("\(i)", TextStyle.body.font)
            list.text(label, at: Point(origin.x + LayoutMetrics.margin, y + (Self.rowHeight - label.size.height) / 2), SystemColor.label)
            list.add(.hairline(from: Point(origin.x + LayoutMetrics.margin, y + Self.rowHeight - 0.5),
                               to: Point(origin.x + width, y + Self.rowHeight - 0.5), color: SystemColor.separator))
        }
    }
}
