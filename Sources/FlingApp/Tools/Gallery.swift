// Gallery: `fling gallery`: every drawing primitive (shapes, shadows, images, text, icons) on
// one labelled sheet, for eyes and golden tests.
import FlingCore
import FlingUI
import FlingSDL

/// `fling gallery`: every drawing primitive on one sheet, for eyes and golden tests.
@MainActor
enum Gallery {
    struct Options {
        var scale: Double = 1
        var size = Size(820, 1400)
        var out: String?
        var resources: String?
    }

    static func run(_ o: Options) -> Int32 {
        guard let out = o.out else { printError("fling gallery: no --out PNG"); return 1 }
        return ChartImage.write(size: o.size, scale: o.scale, resources: o.resources, tool: "fling gallery", to: out) { env in
            build(size: o.size, env: env)
        }
    }

    static let photo = "restaurants/fig-bowl.jpg"

    /// The sheet: shapes, shadows, images, text, icons, in labelled sections.
    static func build(size: Size, env: SceneEnvironment) -> DisplayList {
        var l = DisplayList(background: SystemColor.groupedBackground)
        let m = 24.0
        var y = 20.0
        func heading(_ s: String) {
            let t = env.layout(s.uppercased(), Font(size: 13, weight: .semibold))
            l.text(t, at: Point(m, y), SystemColor.secondaryLabel)
            y += 24
        }
        // Rounded rectangles, filled and stroked.
        heading("Rounded rectangles: radius 0, 5, 10, 15, 20")
        for (i, r) in [0.0, 5, 10, 15, 20].enumerated() {
            let x = m + Double(i) * 150
            l.add(.fillRect(Rect(x: x, y: y, width: 64, height: 64), radii: CornerRadii(r), color: SystemColor.blue))
            l.add(.strokeRect(Rect(x: x + 76, y: y, width: 64, height: 64), radii: CornerRadii(r), color: SystemColor.label, lineWidth: 1))
        }
        y += 80
        heading("Per-corner radii, hairlines, circles and rings")
        l.add(.fillRect(Rect(x: m, y: y, width: 120, height: 64), radii: .top(20), color: SystemColor.red))
        l.add(.fillRect(Rect(x: m + 136, y: y, width: 120, height: 64),
                        radii: CornerRadii(topLeft: 0, topRight: 24, bottomRight: 6, bottomLeft: 32), color: SystemColor.purple))
        for k in 0..<5 {
            let hy = y + 8 + Double(k) * 12
            l.add(.hairline(from: Point(m + 272, hy), to: Point(m + 392, hy), color: SystemColor.separator))
        }
        l.add(.hairline(from: Point(m + 404, y), to: Point(m + 404, y + 64), color: SystemColor.label))
        l.add(.fillCircle(center: Point(m + 450, y + 32), radius: 30, color: SystemColor.green))
        l.add(.strokeCircle(center: Point(m + 530, y + 32), radius: 30, color: SystemColor.yellow, lineWidth: 4))
        l.add(.strokeCircle(center: Point(m + 610, y + 32), radius: 30, color: SystemColor.gray, lineWidth: 1))
        l.add(.fillCircle(center: Point(m + 680, y + 32), radius: 6, color: SystemColor.red))
        l.add(.strokeCircle(center: Point(m + 720, y + 32), radius: 20, color: Color(white: 0.59, alpha: 0.5), lineWidth: 1))
        y += 80
        heading("Shadows: radius 2, 8, 15, 30 (rgb 64,64,64 at 30 %)")
        for (i, r) in [2.0, 8, 15, 30].enumerated() {
            let f = Rect(x: m + Double(i) * 190, y: y + 6, width: 150, height: 90)
            l.add(.shadow(f, radii: CornerRadii(15), color: Color(r: 64 / 255, g: 64 / 255, b: 64 / 255, a: 0.3), radius: r, offset: .zero))
            l.add(.fillRect(f, radii: CornerRadii(15), color: .white))
        }
        y += 130
        heading("Images: fill, fit, stretch; each square and with radius 15")
        for (i, mode) in ContentMode.allCases.enumerated() {
            for (j, r) in [0.0, 15].enumerated() {
                let f = Rect(x: m + Double(i * 2 + j) * 128, y: y, width: 112, height: 150)
                l.add(.fillRect(f, radii: CornerRadii(r), color: SystemColor.gray5))
                l.add(.image(photo, frame: f, mode: mode, radii: CornerRadii(r)))
            }
        }
        y += 166
        heading("Clip, group opacity, scale transform")
        l.clipped(to: Rect(x: m, y: y, width: 120, height: 60)) { l in
            l.clipped(to: Rect(x: m + 40, y: y - 20, width: 200, height: 60)) { l in
                l.add(.fillRect(Rect(x: m - 20, y: y - 20, width: 200, height: 120), radii: CornerRadii(0), color: SystemColor.purple))
            }
        }
        l.withOpacity(0.5) { l in
            l.add(.fillRect(Rect(x: m + 140, y: y, width: 80, height: 60), radii: CornerRadii(10), color: SystemColor.red))
            l.add(.fillRect(Rect(x: m + 180, y: y + 20, width: 80, height: 60), radii: CornerRadii(10), color: SystemColor.blue))
        }
        let card = Rect(x: m + 300, y: y, width: 160, height: 80)
        l.transformed(.scale(0.86, about: card.center)) { l in
            l.add(.image(photo, frame: card, mode: .fill, radii: CornerRadii(15)))
        }
        l.add(.strokeRect(card, radii: CornerRadii(15), color: SystemColor.gray, lineWidth: 1))
        y += 100
        heading("Text styles (Inter; Nunito for rounded)")
        for style in TextStyle.allCases {
            let t = env.layout("\(style.rawValue) \(Int(style.font.size)) pt", style.font)
            l.text(t, at: Point(m, y), SystemColor.label)
            let rounded = env.layout("Rounded \(style.rawValue)", style.font.rounded)
            l.text(rounded, at: Point(m + 400, y), SystemColor.label)
            y += max(t.size.height, rounded.size.height) + 2
        }
        l.text(env.layout("heavy: Today", Font(size: 34, weight: .heavy)), at: Point(m, y), SystemColor.label)
        y += 50
        heading("Wrapping, line limit with ellipsis, minimum scale")
        let para = "Crisp text wraps to its width at every scale, and a line limit ends the last line with an ellipsis when the words run out of room."
        l.fill(Rect(x: m, y: y, width: 240, height: 110), SystemColor.gray5.withAlpha(0.5))
        l.text(env.layout(para, TextStyle.body.font, TextOptions(maxWidth: 240)), at: Point(m, y), SystemColor.label)
        l.fill(Rect(x: m + 260, y: y, width: 240, height: 66), SystemColor.gray5.withAlpha(0.5))
        l.text(env.layout(para, TextStyle.body.font, TextOptions(maxWidth: 240, lineLimit: 2)), at: Point(m + 260, y), SystemColor.label)
        l.fill(Rect(x: m + 520, y: y, width: 220, height: 70), SystemColor.gray5.withAlpha(0.5))
        let shrunk = env.layout("Shrinks Before It Truncates", Font(size: 28, weight: .bold),
                                TextOptions(maxWidth: 220, lineLimit: 1, minimumScale: 0.1))
        l.text(shrunk, at: Point(m + 520, y), SystemColor.label)
        let centered = env.layout("Centred", TextStyle.headline.font, TextOptions(maxWidth: 220, alignment: .center))
        l.text(centered, at: Point(m + 520, y + 40), SystemColor.blue)
        y += 130
        heading("Icons (Material Symbols Rounded)")
        for (i, (name, glyph)) in MaterialIcon.all.enumerated() {
            let x = m + Double(i % 6) * 128, iy = y + Double(i / 6) * 56
            l.text(env.layout(glyph, Font.icons(size: 28)), at: Point(x, iy), SystemColor.label)
            l.text(env.layout(name, TextStyle.caption.font), at: Point(x + 34, iy + 8), SystemColor.secondaryLabel)
        }
        return l
    }
}
