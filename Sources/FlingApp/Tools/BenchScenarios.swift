// BenchScenarios: the interactions `fling bench` measures, each a one-cycle input script (add
// one in `all`), and where the form scene's controls are for a window size.
import FlingCore
import FlingUI

/// The frames `fling bench` measures. A scenario is a script of one cycle of input, repeated
/// for as many cycles as the frame count needs; only frames inside `measured` count.
/// Adding one is one entry in `all`.
struct BenchScenario: Sendable {
    var name: String
    var scene: SceneID
    /// One cycle's length in seconds of virtual time.
    var cycle: Double
    /// The part of each cycle whose frames count (seconds from the cycle's start).
    var measured: ClosedRange<Double>
    /// How Today's cards open (`--card-style`).
    var cardStyle = CardStyle.expand
    /// One cycle's script for a window size in pt (times relative to the cycle's start).
    var script: @Sendable (Size) -> String

    static let all: [BenchScenario] = [
        // Flick the list up, then down again: scrolling frames, momentum included.
        BenchScenario(name: "list-scroll", scene: .restaurants, cycle: 2.0, measured: 0.0...2.0) { s in
            let x = s.width / 2
            return "0.0 drag \(x) \(s.height * 0.8) \(x) \(s.height * 0.35) 0.2\n1.0 drag \(x) \(s.height * 0.35) \(x) \(s.height * 0.8) 0.2\n"
        },
        // Flick Today's cards far up, then back down: scrolling frames with the cards' photos
        // coming back into view (those off screen for a while were let go, to keep memory down).
        BenchScenario(name: "today-scroll", scene: .today, cycle: 4.0, measured: 0.0...4.0) { s in
            let x = s.width / 2
            return "0.0 drag \(x) \(s.height * 0.8) \(x) \(s.height * 0.2) 0.12\n2.0 drag \(x) \(s.height * 0.2) \(x) \(s.height * 0.8) 0.12\n"
        },
        // Open a sheet, then drag it up and down by hand: the dragged frames.
        BenchScenario(name: "sheet-drag", scene: .restaurants, cycle: 3.0, measured: 1.02...1.98) { s in
            let x = s.width / 2, low = s.height * 0.75, high = s.height * 0.3
            return "0.0 tap \(x) 230\n1.0 drag \(x) \(low) \(x) \(high) 0.5\n1.5 drag \(x) \(high) \(x) \(low) 0.5\n2.2 key Escape\n"
        },
        // Expand a card and close it again: the expansion frames.
        BenchScenario(name: "card-expand", scene: .today, cycle: 2.0, measured: 0.02...0.6) { s in
            "0.0 tap \(firstCardX) 250\n1.0 key Escape\n"
        },
        // Expand a card, then pull it down by hand (it shrinks and lifts off a dimmed
        // backdrop) and let go: the pulled frames.
        BenchScenario(name: "card-drag-dismiss", scene: .today, cycle: 3.0, measured: 1.02...1.58) { s in
            let x = firstCardX
            return "0.0 tap \(x) 250\n1.0 drag \(x) \(s.height * 0.3) \(x) \(s.height * 0.3 + 150) 0.6\n2.4 key Escape\n"
        },
        // The same two with iOS 18's zoom (`--card-style zoom`): the story zooms out of the
        // card as one layer, and a pull shrinks it under the finger, sideways too.
        BenchScenario(name: "card-zoom", scene: .today, cycle: 2.0, measured: 0.02...0.6, cardStyle: .zoom) { s in
            "0.0 tap \(firstCardX) 250\n1.0 key Escape\n"
        },
        BenchScenario(name: "card-zoom-drag", scene: .today, cycle: 3.0, measured: 1.02...1.58, cardStyle: .zoom) { s in
            let x = firstCardX
            return "0.0 tap \(x) 250\n1.0 drag \(x) \(s.height * 0.3) \(x + 60) \(s.height * 0.3 + 150) 0.6\n2.4 key Escape\n"
        },
        // Expand a card, then flick its story up twice: the story's scrolled frames (a story
        // of any length should cost the same a frame: only what is on screen is drawn).
        BenchScenario(name: "story-scroll", scene: .today, cycle: 4.0, measured: 1.0...3.0) { s in
            let x = s.width / 2
            return "0.0 tap \(firstCardX) 250\n1.0 drag \(x) \(s.height * 0.8) \(x) \(s.height * 0.3) 0.15\n2.0 drag \(x) \(s.height * 0.8) \(x) \(s.height * 0.3) 0.15\n3.5 key Escape\n"
        },
        // Live resize with a sheet up: the window's width changes by a few pt every frame.
        BenchScenario(name: "resize", scene: .restaurants, cycle: 2.0, measured: 1.0...1.98) { s in
            var text = "0.0 tap \(s.width / 2) 230\n"
            for f in 60..<120 {
                let dw = Double(f % 20) * 2
                text += "\(Double(f) / 60) resize \(s.width - dw) \(s.height)\n"
            }
            return text + "1.99 resize \(s.width) \(s.height)\n1.995 key Escape\n"
        },
        // Type into the form's first field, a character every 50 ms, then delete it all: each
        // keystroke relays the form and redraws its mini-map in the same frame.
        BenchScenario(name: "form-typing", scene: .form, cycle: 2.0, measured: 0.1...1.9) { s in
            let field = FormBenchPoints(s).firstField
            var text = "0.0 tap \(field.x) \(field.y)\n"
            for i in 0..<16 { text += "\(0.1 + Double(i) * 0.05) text \(Array("Ada Lovelace Byr")[i])\n" }
            for i in 0..<16 { text += "\(0.95 + Double(i) * 0.05) key BackSpace\n" }
            return text + "1.95 key Escape\n"
        },
        // Drag the form's slider right and back: row 2 and the mini-map follow every frame.
        BenchScenario(name: "slider-drag", scene: .form, cycle: 2.0, measured: 0.02...1.9) { s in
            let thumb = FormBenchPoints(s).sliderThumb
            return "0.0 drag \(thumb.x) \(thumb.y) \(thumb.x + 100) \(thumb.y) 0.9\n1.0 drag \(thumb.x + 100) \(thumb.y) \(thumb.x) \(thumb.y) 0.9\n"
        },
    ]

    static func named(_ name: String) -> BenchScenario? { all.first { $0.name == name } }

    /// A point inside the first Today card at every width: the grid's first column starts at
    /// the side padding and is at least `gridMinColumnWidth` wide. (The window's middle, used
    /// before, is the gutter between two columns on a kiosk: those runs measured a list drag.)
    static let firstCardX = CardConstants.sidePadding + 40
}

/// Where the form scene's controls are for a window size. The seed's (regular) form is
/// centred vertically in the area above the tab bar at a fixed height, and starts 268 pt from
/// the left at any width; the compact form (narrower than `compactBreakpoint`) starts at the
/// top, under the mini-map's band, at the side margin. So the points follow from the size
/// (checked against the state dump's frames at 390×844, 768×1024, 1024×768 and 1920×1080).
struct FormBenchPoints {
    let firstField: Point
    let sliderThumb: Point
    init(_ window: Size) {
        if window.width < FormLayoutConstants.compactBreakpoint {
            let top = FormLayoutConstants.miniMapAreaHeight + 2 * FormLayoutConstants.bandPadding
            firstField = Point(window.width / 2, top + 156)
            sliderThumb = Point(FormLayoutConstants.compactMargin + 89, top + 66.5)
            return
        }
        let mid = (window.height - LayoutMetrics.tabBarHeight - LayoutMetrics.tabBarBottomInset) / 2
        firstField = Point(355, mid + 11.5)
        sliderThumb = Point(357, mid - 78)
    }
}
