// TabBar: the iOS-style tab bar's layout, drawing and hit-testing (which tab is under a point).
import FlingCore

/// The iOS tab bar: icons over labels, the selected tab tinted blue, a translucent bar with a
/// hairline on top. Shown only when there is more than one scene to switch between.
@MainActor
package struct TabBar {
    package var scenes: [SceneID]
    /// In a right-to-left language the first tab is on the right, as UITabBar puts it.
    package var rightToLeft = false
    package static let height = LayoutMetrics.tabBarHeight + LayoutMetrics.tabBarBottomInset

    package var isVisible: Bool { scenes.count > 1 }

    /// Items share the width on phones; on wide windows they keep this width, centred
    /// (as iPadOS's tab bar does).
    package static let maxItemWidth = TabBarConstants.maxItemWidth

    package func frame(in window: Size) -> Rect {
        Rect(x: 0, y: window.height - Self.height, width: window.width, height: Self.height)
    }

    private func itemWidth(_ window: Size) -> Double { min(window.width / Double(max(1, scenes.count)), Self.maxItemWidth) }
    private func itemsLeft(_ window: Size) -> Double { (window.width - itemWidth(window) * Double(scenes.count)) / 2 }
    /// Where, counted from the left, the tab at `index` sits (and the other way round).
    private func slot(_ index: Int) -> Int { rightToLeft ? scenes.count - 1 - index : index }

    /// Where the tab for `scene` is (nil: not in the bar).
    package func itemFrame(_ scene: SceneID, window: Size) -> Rect? {
        guard isVisible, let i = scenes.firstIndex(of: scene) else { return nil }
        let f = frame(in: window), w = itemWidth(window)
        return Rect(x: itemsLeft(window) + w * Double(slot(i)), y: f.minY, width: w, height: LayoutMetrics.tabBarHeight)
    }

    /// The tab under a point, if any.
    package func tab(at p: Point, window: Size) -> SceneID? {
        let f = frame(in: window)
        guard isVisible, f.contains(p) else { return nil }
        let x = p.x - itemsLeft(window)
        guard x >= 0 else { return nil }
        let i = Int((x / itemWidth(window)).rounded(.down))
        return scenes.indices.contains(i) ? scenes[slot(i)] : nil
    }

    package func draw(into list: inout DisplayList, window: Size, selected: SceneID, env: SceneEnvironment) {
        guard isVisible else { return }
        let f = frame(in: window)
        list.fill(f, SystemColor.barBackground)
        list.add(.hairline(from: Point(0, f.minY), to: Point(f.maxX, f.minY), color: SystemColor.separator))
        let w = itemWidth(window), left = itemsLeft(window)
        for (i, s) in scenes.enumerated() {
            let tint = s == selected ? SystemColor.blue : SystemColor.gray
            let cx = left + w * (Double(slot(i)) + 0.5)
            let icon = env.layout(s.icon, Font.icons(size: TabBarConstants.iconSize))
            list.text(icon, at: Point((cx - icon.size.width / 2).rounded(), f.minY + TabBarConstants.iconTop), tint)
            let label = env.layout(env.localized(s.title), Font(size: TabBarConstants.titleSize, weight: .medium))
            list.text(label, at: Point((cx - label.size.width / 2).rounded(), f.minY + TabBarConstants.titleBaseline - label.firstBaseline), tint)
        }
    }
}
