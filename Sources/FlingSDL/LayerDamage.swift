// LayerDamage: which device pixels of a rasterised layer can differ when its commands change,
// so that only those are drawn again (damage tracking). The Today list losing the tapped card
// to the expansion changes one card's rectangle and its shadow, not the other seven cards: at
// 1080×1920 the whole list cost 14–17 ms to rasterise again in the expansion's first frame.
//
// The two command lists share a prefix and a suffix; what lies between (in either) is damage,
// each command's footprint taken generously (shadows' blur, text's overhang, anti-aliasing).
// The answer is nil (draw it all) when it cannot be sure: a nested layer (its own cache could
// draw it either way), state stacks that differ after the change, a photo drawn twice but
// reached once. (The renderer also redraws whole when anything else about the layer changed:
// its size, scale, place, way of drawing shadows, or a photo's texture.)
//
// Redrawing inside a clip must give the very pixels a full redraw gives. Fills, 1:1 copies and
// SDL's unscaled blits are the same clipped or not; a scaled copy (a photo resampled into its
// frame, a shadow's stretched slices) is not: SDL re-derives the source rectangle of its
// clipped part, which moves its sampling by up to a pixel. Those are drawn whole, clipped only
// as in a full redraw; what they spill beyond the damage is put back from the layer's kept
// pixels (which are right there: nothing changed outside the damage).
import FlingCore

enum LayerDamage {
    /// How to redraw a layer in part.
    struct Plan: Equatable {
        /// The pixels that may differ: cleared and drawn again, then read back.
        var damage: PixelRect
        /// For each command of the new list: run it (every state command, and every drawing
        /// that reaches the damage).
        var runs: [Bool]
        /// The damage and the footprints of the copies drawn whole around it: what is put back
        /// from the kept pixels afterwards.
        var touched: PixelRect
    }

    /// How to redraw a `width × height` layer (drawn through `base` at `scale` px per pt) whose
    /// commands change from `old` to `new`; nil when it cannot be sure.
    static func plan(old: ArraySlice<DrawCommand>, new: ArraySlice<DrawCommand>, base: Transform, scale: Double,
                     width: Int, height: Int) -> Plan? {
        let layer = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        let (prefix, suffix) = commonEnds(old, new)
        guard !containsLayer(old), !containsLayer(new) else { return nil }
        // A backdrop blur spreads a change under it over its whole rectangle: drawn whole.
        guard !containsBackdrop(new) else { return nil }

        var damage = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        var after: [Walk.State] = []
        for list in [old, new] {
            var walk = Walk(base: base, scale: scale)
            let changed = (list.startIndex + prefix)..<(list.endIndex - suffix)
            for c in list[list.startIndex..<changed.lowerBound] { _ = walk.apply(c) }
            for c in list[changed] where !walk.apply(c) {
                if let f = walk.footprint(of: c) { damage = damage.union(f) }
            }
            after.append(walk.state)
        }
        // What follows the change is drawn as before only if it starts from the same state.
        guard after[0] == after[1] else { return nil }
        damage = damage.intersection(layer)
        guard !damage.isEmpty else { return Plan(damage: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0), runs: [], touched: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)) }

        var runs = [Bool](repeating: true, count: new.count)
        var touched = damage
        var walk = Walk(base: base, scale: scale)
        // A photo drawn more than once, some of its draws left out: the renderer's "in motion"
        // test (one draw a frame, at another size than the last) could answer differently.
        var photoDraws: [String: (all: Int, run: Int)] = [:]
        for (i, c) in new.enumerated() where !walk.apply(c) {
            let f = walk.footprint(of: c)
            let reaches = f.map { $0.intersects(damage) } ?? false
            if case .image(let name, _, _, _) = c {
                let n = photoDraws[name] ?? (0, 0)
                photoDraws[name] = (n.all + 1, n.run + (reaches ? 1 : 0))
            }
            guard reaches, let f else { runs[i] = false; continue }
            if walk.drawnWhole(c) { touched = touched.union(f.intersection(layer)) }
        }
        guard photoDraws.values.allSatisfy({ $0.run == 0 || $0.run == $0.all }) else { return nil }
        return Plan(damage: damage, runs: runs, touched: touched)
    }

    /// How many commands the two lists share at their start, and then at their end.
    private static func commonEnds(_ old: ArraySlice<DrawCommand>, _ new: ArraySlice<DrawCommand>) -> (prefix: Int, suffix: Int) {
        let n = min(old.count, new.count)
        var prefix = 0
        while prefix < n, old[old.startIndex + prefix] == new[new.startIndex + prefix] { prefix += 1 }
        var suffix = 0
        while suffix < n - prefix, old[old.endIndex - 1 - suffix] == new[new.endIndex - 1 - suffix] { suffix += 1 }
        return (prefix, suffix)
    }

    /// The pixels of a whole frame that can differ from the frame drawn before it (commands
    /// `old` → `new`, both drawn at `scale` into `width × height`), so that only they are
    /// presented (a blinking caret or a moving slider thumb pushed the whole 2 MP
    /// window to the display server). nil: present it all. Conservative: a change that touches
    /// a layer or lies inside one (whose copy may be scaled, tinted or moved by its spec), a
    /// drawing without a known footprint, or state stacks that differ after the change all
    /// answer nil.
    static func frameDamage(old: ArraySlice<DrawCommand>, new: ArraySlice<DrawCommand>, scale: Double,
                            width: Int, height: Int) -> PixelRect? {
        let frame = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        let (prefix, suffix) = commonEnds(old, new)
        // A change inside a layer: its content is copied by the layer's spec (moved, scaled,
        // tinted), not where its commands say.
        var depth = 0
        for c in new[new.startIndex..<(new.startIndex + prefix)] {
            if case .beginLayer = c { depth += 1 } else if case .endLayer = c { depth -= 1 }
        }
        guard depth == 0 else { return nil }
        var damage = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        var after: [Walk.State] = []
        for list in [old, new] {
            var walk = Walk(base: .identity, scale: scale)
            let changed = (list.startIndex + prefix)..<(list.endIndex - suffix)
            for c in list[list.startIndex..<changed.lowerBound] { _ = walk.apply(c) }
            for c in list[changed] {
                switch c {
                case .beginLayer, .endLayer: return nil
                default: break
                }
                if walk.apply(c) { continue }
                guard let f = walk.footprint(of: c) else { return nil }
                damage = damage.union(f)
            }
            after.append(walk.state)
        }
        guard after[0] == after[1] else { return nil }
        // A backdrop blur reads everything under it: a change anywhere there changes it all.
        if containsBackdrop(new), !damage.isEmpty {
            var walk = Walk(base: .identity, scale: scale)
            var depth = 0
            for c in new {
                switch c {
                case .beginLayer: depth += 1; continue
                case .endLayer: depth -= 1; continue
                default: break
                }
                if walk.apply(c) { continue }
                guard case .backdropBlur = c else { continue }
                // Inside a layer its footprint is the layer's business: the whole frame.
                guard depth == 0, let f = walk.footprint(of: c) else { return nil }
                if f.intersects(damage) { damage = damage.union(f) }
            }
        }
        return damage.intersection(frame)
    }

    /// Drawn by a copy SDL may scale, whose pixels a clip across it can change: drawn whole.
    static func drawnWhole(_ c: DrawCommand, transformScale: Double) -> Bool {
        switch c {
        case .image, .shadow: return true
        case .text: return abs(transformScale - 1) > 1e-9
        default: return false
        }
    }

    private static func containsBackdrop(_ list: ArraySlice<DrawCommand>) -> Bool {
        list.contains { if case .backdropBlur = $0 { return true } else { return false } }
    }

    private static func containsLayer(_ list: ArraySlice<DrawCommand>) -> Bool {
        list.contains { if case .beginLayer = $0 { return true } else { return false } }
    }

    /// The state stacks as the renderer keeps them (opacity changes no footprint, but what
    /// follows a change must start from the same one).
    private struct Walk {
        struct State: Equatable {
            var transforms: [Transform]
            var clips: [PixelRect?]
            var opacities: [Double]
        }
        var state: State
        let scale: Double

        init(base: Transform, scale: Double) {
            state = State(transforms: [base], clips: [nil], opacities: [1])
            self.scale = scale
        }

        private var transform: Transform { state.transforms[state.transforms.count - 1] }
        private var clip: PixelRect? { state.clips[state.clips.count - 1] }

        /// Applies a state command; false for a drawing one.
        mutating func apply(_ c: DrawCommand) -> Bool {
            switch c {
            case .pushClip(let r):
                // As the renderer snaps a clip (edges rounded to whole pixels), a pixel wider on
                // every side: a half-pixel edge may round either way here and there, and a
                // wider clip only makes footprints larger.
                let (x0, y0, x1, y1) = device(r)
                let snapped = PixelRect(x0: Int(x0.rounded()) - 1, y0: Int(y0.rounded()) - 1,
                                        x1: Int(x1.rounded()) + 1, y1: Int(y1.rounded()) + 1)
                state.clips.append(clip.map { $0.intersection(snapped) } ?? snapped)
            case .popClip: if state.clips.count > 1 { state.clips.removeLast() }
            case .pushTransform(let t): state.transforms.append(transform.concatenating(t))
            case .popTransform: if state.transforms.count > 1 { state.transforms.removeLast() }
            case .pushOpacity(let o): state.opacities.append(o)
            case .popOpacity: if state.opacities.count > 1 { state.opacities.removeLast() }
            default: return false
            }
            return true
        }

        /// pt → device px edges through the current transform, as the renderer computes them
        /// (NaN as 0, within ±1e7 px, so no integer conversion can trap).
        private func device(_ r: Rect) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
            let t = transform.apply(r)
            func clamped(_ v: Double) -> Double { v.isNaN ? 0 : max(-1e7, min(1e7, v)) }
            return (clamped(t.x * scale), clamped(t.y * scale), clamped(t.maxX * scale), clamped(t.maxY * scale))
        }

        /// A drawing command's pixels, generously (two pixels of anti-aliasing around), within
        /// the clip.
        func footprint(of c: DrawCommand) -> PixelRect? {
            let r: Rect
            switch c {
            case let .fillRect(rect, _, _), let .verticalGradient(rect, _, _), let .dim(rect, _), let .backdropBlur(rect, _):
                r = rect
            case let .strokeRect(rect, _, _, w):
                r = rect.insetBy(dx: -w, dy: -w)
            case let .fillCircle(center, radius, _):
                r = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
            case let .strokeCircle(center, radius, _, w):
                let k = radius + w
                r = Rect(x: center.x - k, y: center.y - k, width: 2 * k, height: 2 * k)
            case let .hairline(a, b, _):
                r = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y)).insetBy(dx: -1, dy: -1)
            case let .polyline(points, _, w):
                guard let first = points.first else { return nil }
                var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
                for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
                r = Rect(x: x0 - w, y: y0 - w, width: x1 - x0 + 2 * w, height: y1 - y0 + 2 * w)
            case let .shadow(rect, _, _, blur, offset):
                // A slice reaches 3σ = 1.5 blur past the shape, at least 2 px (ShadowCache).
                let m = 2 * max(0, blur) + 1 + 2 / max(scale, 0.01)
                r = rect.offsetBy(dx: offset.x, dy: offset.y).insetBy(dx: -m, dy: -m)
            case let .image(_, frame, _, _):
                r = frame   // every content mode draws inside its frame
            case .text(let run):
                // Glyphs overhang their advance and line box (italics, accents): a font size
                // around the laid-out box.
                let m = run.layout.font.size
                let lines = run.layout.lines
                let right = lines.map { $0.x + $0.width }.max() ?? 0
                let bottom = max(run.layout.size.height, lines.last.map { $0.baseline } ?? 0)
                r = Rect(x: run.origin.x - m, y: run.origin.y - m, width: max(run.layout.size.width, right) + 2 * m, height: bottom + 2 * m)
            default:
                return nil
            }
            let (x0, y0, x1, y1) = device(r)
            let f = PixelRect(x0: Int(min(x0, x1).rounded(.down)) - 2, y0: Int(min(y0, y1).rounded(.down)) - 2,
                              x1: Int(max(x0, x1).rounded(.up)) + 2, y1: Int(max(y0, y1).rounded(.up)) + 2)
            return clip.map { f.intersection($0) } ?? f
        }

        func drawnWhole(_ c: DrawCommand) -> Bool { LayerDamage.drawnWhole(c, transformScale: transform.scale) }
    }
}
