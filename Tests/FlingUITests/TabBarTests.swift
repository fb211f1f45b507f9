// TabBarTests: the tab bar's four labels side by side in the smallest window (320 × 480 pt).
import FlingCore
@testable import FlingUI
import XCTest

final class TabBarTests: XCTestCase {
    /// At the minimum window width every label fits its item with 4 pt to spare, measured at
    /// 0.6 em a character (wider than Inter Medium's average: a conservative stand-in).
    func testEveryTabLabelFitsItsItemInTheSmallestWindow() { onMain {
        let env = SceneEnvironment(measurer: FixedAdvanceMeasurer(advance: 0.6), imageSize: { _ in nil })
        let window = LayoutMetrics.minimumWindowSize
        let item = min(window.width / Double(SceneID.allCases.count), TabBar.maxItemWidth)
        for s in SceneID.allCases {
            let label = env.layout(env.localized(s.title), Font(size: TabBarConstants.titleSize, weight: .medium))
            XCTAssertLessThanOrEqual(label.size.width + 4, item, "\(s.title) at \(window)")
        }
    } }
}
