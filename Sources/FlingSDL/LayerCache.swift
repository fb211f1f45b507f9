// LayerCache: the textures of rasterised layers (DisplayList.layer), and what each layer drew
// in the last frame, so a layer is rasterised only once its commands repeat (or at once when
// it is hidden and to be made ready, or faded and new: see Renderer.drawLayer). A layer whose
// commands changed in part is redrawn only where they differ (LayerDamage).
// Memory: per layer id, a CPU copy of its pixels, its rows around the opaque ones when it has
// any (EdgeRows) and, where SDL copies it (not onto the frame's own pixels), a texture of the
// layer's pixel size and, once dimmed or faded, one streaming texture of the same size. Where
// the frame is a plain surface it is composited from its pixels (to save memory), and the
// target it was rasterised into is one all layers share through an animation, given back
// after it; the pixels of the largest layer to go are kept for the next new one until idle. The app
// uses a few ids (backdrop, sheet, today list, today card): at 1080×1920 that is at most
// ~25 MB each, and a layer not drawn for `keptUndrawnFrames` drawn frames is dropped; when the
// app goes idle, every layer its last frame did not draw is dropped at once (dropUndrawn); and
// a new layer's pixels first make room within `RenderBudgets.layerFrames` by dropping held
// layers the frame does not contain (makeRoom).
import CSDL2
import FlingCore

@MainActor
struct LayerCache {
    /// A rasterised layer.
    struct Entry {
        /// Its SDL texture: the target it was rasterised into, or one made from `pixels` when an
        /// SDL copy needs it; nil once handed back (`releaseTarget`).
        var texture: OpaquePointer?
        var width: Int32
        var height: Int32
        /// Device pixels per pt the content was rasterised at.
        var scale: Double
        /// Rasterised at the renderer's scale to be copied scaled (and rounded).
        var stretched: Bool
        /// The transform its commands were drawn through, whether as held still (shadows in
        /// their colour) and with which photo textures (`ImageStore.generation` after): a
        /// partial redraw (LayerDamage) must draw as the rest was drawn.
        var base: Transform
        var still: Bool
        var imageGeneration: Int
        var spec: LayerSpec
        /// The commands it was rasterised from (a slice of that frame's list, kept by reference).
        var commands: [DrawCommand]
        var range: Range<Int>
        /// ARGB8888 copy of the texture (LayerTint's source, and what a partial redraw keeps
        /// and puts back; taken out of the entry while `rasterize` writes it), with the alpha
        /// SDL's blending rounds down put back to opaque where the background is clear
        /// (LayerOpacity), and the rows that are fully opaque (all of them when the background
        /// is opaque, whatever SDL's blending left in alpha).
        var pixels: [UInt32]
        var opaqueRows: Range<Int>
        /// Each row's opaque span when the background is clear (LayerOpacity), copied, not
        /// blended, by LayerBlend; empty when the background is opaque.
        var opaqueSpans: [OpaqueSpan]
        /// The rows around `opaqueRows`, drawn blended from a texture of their own (EdgeRows).
        var edges: EdgeRows?
        /// The darkened/faded copy and the tint it holds (kept while the tint holds still).
        var tinted: OpaquePointer?
        var tint: LayerTint?
        /// The tint it was last composited with by `compositeTinted` (a change means a fade in
        /// progress).
        var shownTint: LayerTint? = nil
    }

    /// What a layer drew in a frame.
    struct Seen {
        var spec: LayerSpec
        var commands: [DrawCommand]
        var range: Range<Int>
        var width: Int32
        var height: Int32
        var scale: Double
        var stretched: Bool

        /// The same pixels: for a stretched layer the radius and the place it is copied to do
        /// not matter (they are applied by the copy).
        func sameContent(as other: Seen) -> Bool {
            guard width == other.width, height == other.height, scale == other.scale, stretched == other.stretched else { return false }
            var a = spec, b = other.spec
            if stretched { a.cornerRadius = 0; b.cornerRadius = 0; a.visibleHeight = nil; b.visibleHeight = nil }
            return a == b && commands[range] == other.commands[other.range]
        }
    }

    private(set) var entries: [String: Entry] = [:]
    private var previous: [String: Seen] = [:]
    private var current: [String: Seen] = [:]

    var count: Int { entries.count }

    /// The layers the frame drawn last drew (before the next `beginFrame`).
    func drawnInLastFrame(_ id: String) -> Bool { current[id] != nil }

    private var stale: [String] = []
    /// Frames in a row each layer was not drawn.
    private var missed: [String: Int] = [:]
    /// How many frames a layer may go undrawn and keep its textures: a fade that touches 0 for
    /// a frame (a spring overshooting) must not cost a redraw from scratch when it comes back
    /// (drawn directly at a faint opacity, every primitive modulated: 56 ms at 1080×1920).
    static let keptUndrawnFrames = 30

    /// Starts a frame. A layer not drawn for `keptUndrawnFrames` frames (the sheet closed, the
    /// card list left) gives its textures back: memory holds only what is on screen, or was.
    mutating func beginFrame() {
        if !keepsSparePixels { sparePixels = [] }
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
        stale.removeAll(keepingCapacity: true)
        for id in entries.keys {
            if previous[id] != nil { missed[id] = nil; continue }
            let n = (missed[id] ?? 0) + 1
            missed[id] = n
            if n > Self.keptUndrawnFrames { stale.append(id) }
        }
        for id in stale { remove(id); missed[id] = nil }
        for id in still.keys where previous[id] == nil && entries[id] == nil { still[id] = nil }
    }

    /// Records what the layer draws this frame; returns how to draw it.
    enum Decision { case composite, rasterize, drawDirectly }

    /// Neither drawn in the last frame nor kept: the layer appears now.
    func isNew(_ id: String) -> Bool { previous[id] == nil && entries[id] == nil }

    /// Frames in a row each layer's commands repeated the last frame's.
    private var still: [String: Int] = [:]
    /// A layer is rasterised once its commands have repeated this many frames in a row (three
    /// identical frames): a single repeat happens inside animations too (a fade clamped at 0 for
    /// a frame by a spring), and rasterising the 2 MP backdrop there was the card expansion's
    /// p99 at 1080×1920 (18 ms) for a texture used once.
    static let repeatsBeforeRasterizing = 2

    /// Frames in a row the layer's commands have repeated the last frame's (as of `decide`).
    func repeats(_ id: String) -> Int { still[id] ?? 0 }

    mutating func decide(_ seen: Seen) -> Decision {
        let id = seen.spec.id
        current[id] = seen
        let repeated = previous[id].map { $0.sameContent(as: seen) } ?? false
        let repeats = repeated ? (still[id] ?? 0) + 1 : 0
        still[id] = repeats
        if let e = entries[id],
           Seen(spec: e.spec, commands: e.commands, range: e.range, width: e.width, height: e.height, scale: e.scale,
                stretched: e.stretched).sameContent(as: seen) {
            return .composite
        }
        if repeats >= Self.repeatsBeforeRasterizing { return .rasterize }
        return .drawDirectly
    }

    /// A target texture for the layer `id` of this size: its own when it has one that fits, or
    /// a new one. Its old pixels are not needed: a partial redraw fills the damage before
    /// drawing into it and reads back only the damage.
    mutating func targetTexture(for id: String, width: Int32, height: Int32, renderer: OpaquePointer) -> OpaquePointer? {
        if let e = entries[id], e.width == width, e.height == height {
            if let t = e.texture { return t }
        } else {
            // (A layer inside another, or one with a texture of its own: never the spare's.)
            remove(id, keepingPixels: false)
        }
        return SDL_CreateTexture(renderer, fling_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height)
    }

    /// Where layers are composited from their pixels (the frame a plain surface), the target
    /// every outermost layer is rasterised into, its top-left part the layer's size, kept from
    /// one rasterisation to the next while frames follow one another (an animation shown frame
    /// by frame): the first frame after a pause gives it back (Renderer.draw), as does idle. A
    /// new frame-sized target is a zeroed allocation SDL makes (3.4 ms at 1080×1920, most of it
    /// page faults) and frees again (1 ms more): five times as a Today card zooms open, the p99
    /// of its opening. Held between animations too, it raised a tour's peak by 8 MB.
    private var sharedTarget: (texture: OpaquePointer, width: Int32, height: Int32)?

    /// The shared target (see `sharedTarget`), at least `width × height`: the frame's size, or
    /// the layer's where it is larger, kept while it covers both and is at most a quarter
    /// larger (a window rotated makes it anew; a live resize a few pt smaller does not). The
    /// layer `id`'s pixels go if they were another size (as `targetTexture` does).
    mutating func sharedTargetTexture(for id: String, width: Int32, height: Int32, frame: (width: Int32, height: Int32),
                                      renderer: OpaquePointer) -> OpaquePointer? {
        if let e = entries[id], e.width != width || e.height != height { removeResized(id, forCount: Int(width) * Int(height)) }
        let w = max(width, frame.width), h = max(height, frame.height)
        if let s = sharedTarget, s.width >= width, s.height >= height, Int(s.width) * Int(s.height) * 4 <= Int(w) * Int(h) * 5 { return s.texture }
        releaseSharedTarget()
        guard let t = SDL_CreateTexture(renderer, fling_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h) else { return nil }
        sharedTarget = (t, w, h)
        return t
    }

    /// The shared target goes (idle, or the renderer's textures all go).
    mutating func releaseSharedTarget() {
        if let s = sharedTarget { SDL_DestroyTexture(s.texture) }
        sharedTarget = nil
    }

    /// Bytes the shared target holds.
    var sharedTargetBytes: Int { sharedTarget.map { Int($0.width) * Int($0.height) * 4 } ?? 0 }

    /// The layer is composited from its pixels from now on: its own target texture goes (a
    /// frame-sized texture per layer was 8.3 MB each at 1080×1920). Where the frame is a plain
    /// surface the outermost layers share one instead (`sharedTarget`): an average frame of a
    /// drag did not show the cost of a new one, but the p99 of every card's opening did.
    mutating func releaseTarget(_ id: String) {
        guard let t = entries[id]?.texture else { return }
        SDL_DestroyTexture(t)
        entries[id]?.texture = nil
    }

    /// Every layer's SDL texture goes (those made from pixels for one SDL copy inside a
    /// rasterisation, or a faded rounded copy): they come back from the pixels when needed.
    mutating func releaseTextures() {
        for id in entries.keys { releaseTarget(id) }
    }

    /// The layer's SDL texture, made from its pixels if it has none (an SDL copy needs it).
    mutating func texture(_ id: String, renderer: OpaquePointer) -> OpaquePointer? {
        guard let e = entries[id] else { return nil }
        if let t = e.texture { return t }
        guard e.pixels.count == Int(e.width) * Int(e.height),
              let t = SDL_CreateTexture(renderer, fling_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), e.width, e.height)
        else { return nil }
        let ok = e.pixels.withUnsafeBytes { SDL_UpdateTexture(t, nil, $0.baseAddress, e.width * 4) }
        guard ok == 0 else { SDL_DestroyTexture(t); return nil }
        entries[id]?.texture = t
        return t
    }

    mutating func store(_ e: Entry) {
        if let old = entries[e.spec.id] {
            if let t = old.texture, t != e.texture { SDL_DestroyTexture(t) }
            if let t = old.tinted, t != e.tinted { SDL_DestroyTexture(t) }
            if let edges = old.edges, edges.texture != e.edges?.texture { edges.destroy() }
        }
        entries[e.spec.id] = e
    }

    mutating func update(_ id: String, _ body: (inout Entry) -> Void) {
        guard var e = entries[id] else { return }
        entries[id] = nil   // keep the pixel buffer uniquely referenced while body runs
        body(&e)
        entries[id] = e
    }

    /// Where layers are composited from their pixels, the pixels of the largest layer to go
    /// since the app was last idle, kept for the next new layer read back whole: a new
    /// frame-sized buffer is 2,048 page faults (5 ms at 1080×1920), at each opening of a card
    /// (its layer went after the last closing) and each backdrop made anew. It counts in the
    /// layers' budget (`makeRoom` lets it go first, unless the new layer takes it) and goes when
    /// the app goes idle. Set by LayerCompositor each frame (`keepsSparePixels`).
    private var sparePixels: [UInt32] = []
    var keepsSparePixels = false

    /// Bytes the spare pixels hold (their buffer's, which a smaller layer's would keep).
    var spareBytes: Int { sparePixels.capacity * 4 }

    /// Whether the spare would be `count` pixels' buffer without holding much more than they need.
    private func spareFits(_ count: Int) -> Bool { Self.fits(sparePixels, count) }

    /// Whether `buffer` would hold `count` pixels without much more than they need.
    private static func fits(_ buffer: [UInt32], _ count: Int) -> Bool {
        count > 0 && buffer.capacity >= count && buffer.capacity <= count + count / 8
    }

    /// A buffer of `count` pixels made from the spare (what it holds is stale: for a layer read
    /// back whole), or nil when there is none that fits.
    mutating func reusedPixels(count: Int) -> [UInt32]? {
        guard spareFits(count) else { return nil }
        var p: [UInt32] = []
        swap(&p, &sparePixels)
        if p.count > count { p.removeLast(p.count - count) } else if p.count < count { p.append(contentsOf: repeatElement(0, count: count - p.count)) }
        return p
    }

    /// The outermost layer made anew at another size: its pixels go, kept only for the new size
    /// itself (the budget was made without them); a spare that fits the new size stays.
    private mutating func removeResized(_ id: String, forCount count: Int) {
        let old = entries[id]?.pixels ?? []
        remove(id, keepingPixels: false)
        if keepsSparePixels, Self.fits(old, count), !spareFits(count) { sparePixels = old }
        if !spareFits(count) { sparePixels = [] }
    }

    /// Bytes a layer's pixels take of the budget: their buffer's, unless it is only the
    /// allocator's rounding past them (a buffer a spare made keeps up to an eighth more).
    private static func budgetBytes(_ p: [UInt32]) -> Int { (p.capacity > p.count + 1024 ? p.capacity : p.count) * 4 }

    mutating func remove(_ id: String, keepingPixels: Bool = true) {
        guard let e = entries.removeValue(forKey: id) else { return }
        if keepingPixels, keepsSparePixels, e.pixels.capacity > sparePixels.capacity { sparePixels = e.pixels }
        if let t = e.texture { SDL_DestroyTexture(t) }
        if let t = e.tinted { SDL_DestroyTexture(t) }
        e.edges?.destroy()
    }

    /// The app went idle: layers the last frame did not draw give their textures back now
    /// rather than after `keptUndrawnFrames` more frames, which an idle app never draws (a
    /// closed sheet's 25 MB at 1080×1920). Returns how many were dropped.
    @discardableResult
    mutating func dropUndrawn() -> Int {
        releaseSharedTarget()
        let gone = entries.keys.filter { current[$0] == nil }
        for id in gone { remove(id); missed[id] = nil }
        sparePixels = []
        return gone.count
    }

    /// Before a layer's pixels are made anew (`bytes` of them): held layers the frame being
    /// drawn does not contain (`inFrame`: the ids of its layers) go, those undrawn longest
    /// first, until what the layers hold and the new pixels fit `budget`. A card closing
    /// rasterised the Today list while the hidden backdrop behind the card, no longer drawn,
    /// was held for its 30 frames: 8.3 MB over the tour's 100 MB budget at 1080×1920.
    /// Returns how many went.
    @discardableResult
    mutating func makeRoom(for id: String, adding bytes: Int, budget: Int, inFrame: Set<String>, takesSpare: Bool) -> Int {
        // (A layer made anew at another size gives its old pixels back first: `removeResized`.)
        // The spare is the new pixels themselves when it fits them (`reusedPixels`; the
        // outermost layer's only).
        let spareTaken = takesSpare && spareFits(bytes / 4)
        var held = entries.reduce(0) { $1.key == id ? $0 : $0 + Self.budgetBytes($1.value.pixels) } + (spareTaken ? 0 : spareBytes)
        guard held + bytes > budget else { return 0 }
        // A spare not taken goes first (a new buffer costs page faults; a layer dropped, a redraw).
        if !spareTaken {
            held -= spareBytes
            sparePixels = []
            guard held + bytes > budget else { return 0 }
        }
        let idle = entries.keys.filter { !inFrame.contains($0) && $0 != id }.sorted { (missed[$0] ?? 0, $0) > (missed[$1] ?? 0, $1) }
        var gone = 0
        for id in idle where held + bytes > budget {
            held -= entries[id].map { Self.budgetBytes($0.pixels) } ?? 0
            remove(id)
            missed[id] = nil
            gone += 1
        }
        // What went is kept only for the new pixels themselves (they take it at once).
        if !(takesSpare && spareFits(bytes / 4)) { sparePixels = [] }
        return gone
    }

    mutating func destroyAll() {
        releaseSharedTarget()
        for id in Array(entries.keys) { remove(id) }
        sparePixels = []
        previous.removeAll(); current.removeAll()
    }
}
