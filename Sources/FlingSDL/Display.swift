// Display: the window frames go to (resizable, HiDPI-aware, vsync'd accelerated renderer with
// a software fallback, the kiosk's fullscreen and grab, rotation) or, headless, a frame texture
// drawn by the software renderer. How a frame is drawn into it and presented (only what
// changed) is DisplayPresent.swift.
// Implemented (kiosks):
//  [x] --display N: the window opens centred on (or, fullscreen, fills) display N
//  [x] the UI scale from the display when --scale is absent: the drawable/window ratio
//      (Wayland, macOS) times SDL's diagonal DPI / 96 on X11 and KMSDRM, in quarter steps
//  [x] a window never opens larger than the display's usable area: it shrinks, keeping the scale
//  [x] the window is created hidden and shown with its first frame (no black window first)
//  [x] --rotate: frames are drawn into a layout-sized target texture and turned onto the
//      window; `size` is the layout's, `panelSize` the window's (input maps back in the app)
//  [x] kiosk: fullscreen on the display, no decorations, the cursor shown only while the
//      mouse moves (the app decides when; `setCursorVisible`), closing the window does not quit
//  [x] vsync and the display's refresh rate are reported so the loop paces only where vsync
//      is absent
//  [x] the renderer and present path chosen before the window exists (RendererChoice):
//      without a GPU, SDL's software renderer on the X11 window's own shared-memory image, no
//      GL context at all; a GL renderer that turns out to be llvmpipe is replaced on a window
//      made again without GL; --renderer and SDL_RENDER_DRIVER override
//  [x] Wayland without a GPU: the software renderer draws into a frame of Fling's own that
//      WaylandPresenter commits in wl_shm buffers, only the changed part (no GLES texture)
import CKMS
import CSDL2
import CSDL2Image
import CX11Screen
import FlingCore
import Glibc

/// How a window opens, a kiosk's included. Defaults: a normal desktop window.
public struct WindowOptions: Sendable {
    /// Which display (SDL's index); nil = the default one.
    public var displayIndex: Int?
    /// Fullscreen, borderless, cursor hidden until the mouse moves.
    public var kiosk = false
    /// --scale was not given: multiply by the display's own scale.
    public var scaleFromDisplay = false
    public var rotation: Rotation = .none
    /// --renderer: which SDL renderer draws the window (RendererChoice).
    public var renderer: RendererRequest = .auto
    public init(displayIndex: Int? = nil, kiosk: Bool = false, scaleFromDisplay: Bool = false, rotation: Rotation = .none,
                renderer: RendererRequest = .auto) {
        self.displayIndex = displayIndex; self.kiosk = kiosk; self.scaleFromDisplay = scaleFromDisplay; self.rotation = rotation
        self.renderer = renderer
    }
}

@MainActor
public final class Display {
    public let headless: Bool
    /// The layout's size in pt (the window's, turned back when rotated).
    public internal(set) var size: Size
    /// UI scale: pt → SDL window units (--scale, or the display's when not given).
    public let uiScale: Double
    /// Device pixels per pt (uiScale × the HiDPI ratio of the drawable).
    public internal(set) var scale: Double
    public let renderer: Renderer
    public let rotation: Rotation
    /// The renderer waits for vsync (false: software fallback, Xvfb; the loop must pace).
    public internal(set) var vsync = false
    /// The display's refresh rate in Hz (60 when unknown).
    public internal(set) var refreshRate: Double = 60
    var window: OpaquePointer?
    /// Headless: the software renderer's own surface, made at the first size. A frame that
    /// fits in it is drawn there (seen through a viewport): the CPU canvas writes its pixels.
    var surface: UnsafeMutablePointer<SDL_Surface>?
    /// Headless, a frame larger than `surface`: the target texture it is drawn into instead. A
    /// resize never makes a new renderer, which would lose every cached texture.
    var frameTexture: OpaquePointer?
    /// Rotated windows: the layout-sized frame, turned onto the window on present.
    var rotationTarget: OpaquePointer?
    var shown = false
    /// Kiosk mode: the keyboard is grabbed once the window shows (and what to say about it).
    var grabsKeyboard = false
    var grabChecks = 0
    /// Presents so far in which the window manager's frame was looked for (it is known only
    /// some time after the window is mapped); 60 when done.
    var frameChecks = 0
    var kioskNote: (String) -> Void = { _ in }
    /// Warnings (stderr).
    let log: (String) -> Void
    /// Notes (stderr at --log-level info).
    let info: (String) -> Void
    /// The window presents only what changed (SDL's software renderer on its own framebuffer).
    var partialPresentsPossible = false
    /// Wayland without GL: the frame Fling draws and the buffers it commits (nil elsewhere).
    var wayland: WaylandPresenter?
    /// SDL's video driver, lower case ("x11", "wayland", "kmsdrm", "offscreen").
    public let videoDriver: String?
    /// How the window's renderer was chosen (nil headless).
    public internal(set) var rendererChoice: RendererChoice?
    let fullscreen: Bool
    let displayIndex: Int32
    var cursorVisible = true
    /// Wayland without GL: the window's size in pixels (the canvas may be larger).
    var panelPixels: (Int32, Int32) = (0, 0)
    public internal(set) var pixelWidth: Int32 = 0
    public internal(set) var pixelHeight: Int32 = 0

    public init(context: SDLContext, size: Size, uiScale: Double, fullscreen: Bool, title: String,
                fontDirectory: String, imageDirectory: String, window options: WindowOptions = WindowOptions(),
                log: @escaping (String) -> Void, note: @escaping (String) -> Void = { _ in }) throws {
        headless = context.headless
        self.log = log
        self.info = note
        videoDriver = context.videoDriver
        rotation = options.rotation
        self.fullscreen = fullscreen || options.kiosk
        var uiScale = uiScale
        var size = size
        let displayIndex = Int32(options.displayIndex ?? 0)
        self.displayIndex = displayIndex
        if !headless {
            if let n = options.displayIndex, n >= Int(SDL_GetNumVideoDisplays()) {
                throw SDLError("--display \(n): no such display (this machine has \(SDL_GetNumVideoDisplays()): 0…\(SDL_GetNumVideoDisplays() - 1))")
            }
            if options.scaleFromDisplay {
                let (scale, source) = Self.displayScale(displayIndex, driver: context.videoDriver)
                uiScale *= scale
                note("scale \(DisplayScale.text(scale)) from \(source) (--scale overrides)")
            }
            // Never larger than the usable area (panel pixels; the layout is turned back).
            var usable = SDL_Rect()
            if !fullscreen && !options.kiosk, SDL_GetDisplayUsableBounds(displayIndex, &usable) == 0, usable.w > 0, usable.h > 0 {
                let panel = options.rotation.panelSize(layout: size)
                // Never under the smallest window either: on a screen smaller than that at
                // this scale, the window runs off it (a smaller --scale fits it).
                let least = options.rotation.panelSize(layout: LayoutMetrics.minimumWindowSize)
                let fitted = Size(max(min(panel.width, Double(usable.w) / uiScale), min(panel.width, least.width)),
                                  max(min(panel.height, Double(usable.h) / uiScale), min(panel.height, least.height)))
                if fitted.width * uiScale > Double(usable.w) || fitted.height * uiScale > Double(usable.h) {
                    log("the screen's usable \(usable.w)x\(usable.h) px are smaller than the smallest window (\(Int(least.width))x\(Int(least.height)) pt) at scale \(DisplayScale.text(uiScale)): the window runs off it; a smaller --scale fits it")
                }
                if fitted != panel {
                    log("the window (\(Int(panel.width))x\(Int(panel.height)) pt at scale \(uiScale)) is larger than the screen; it opens at \(Int(fitted.width))x\(Int(fitted.height)) pt")
                    size = options.rotation.layoutSize(panel: fitted)
                }
            }
        }
        self.size = size
        self.uiScale = uiScale
        self.scale = uiScale
        let fonts = try FontStore(directory: fontDirectory, scale: uiScale)
        let sdlRenderer: OpaquePointer
        if headless {
            let (w, h) = Self.pixelSize(size, scale: uiScale)
            guard let s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, fling_SDL_PIXELFORMAT_ARGB8888()) else {
                throw SDLError("the offscreen frame (\(w)×\(h) px) could not be created")
            }
            guard let r = SDL_CreateSoftwareRenderer(s) else {
                SDL_FreeSurface(s)
                throw SDLError("the software renderer could not be created")
            }
            surface = s
            sdlRenderer = r
        } else {
            // Hidden until the first frame is drawn: no black window (or two) first.
            var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_HIDDEN.rawValue
            if fullscreen || options.kiosk { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
            if options.kiosk { flags |= SDL_WINDOW_BORDERLESS.rawValue }
            let panel = options.rotation.panelSize(layout: size)
            let centred = Int32(bitPattern: 0x2FFF_0000 | UInt32(displayIndex))   // SDL_WINDOWPOS_CENTERED_DISPLAY(n)
            var frame = SDL_Rect(x: centred, y: centred, w: Int32((panel.width * uiScale).rounded()), h: Int32((panel.height * uiScale).rounded()))
            if options.kiosk {
                // Closing the window (Alt+F4 under a window manager) does not quit a kiosk;
                // SIGTERM (systemctl stop) still does.
                SDL_SetHint(SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE, "0")
            }
            if fullscreen || options.kiosk {
                // A window the size of the display, made fullscreen once shown: without a
                // window manager (bare xinit, Xvfb) fullscreen alone leaves it small.
                flags &= ~SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
                var bounds = SDL_Rect()
                if SDL_GetDisplayBounds(displayIndex, &bounds) == 0 { frame = bounds }
            }
            let minimum = options.rotation.panelSize(layout: LayoutMetrics.minimumWindowSize)
            func makeWindow() throws -> OpaquePointer {
                guard let w = SDL_CreateWindow(title, frame.x, frame.y, frame.w, frame.h, flags) else {
                    var e = SDLError("the window could not be created (SDL_CreateWindow)")
                    // KMSDRM needs Mesa's EGL, GBM and DRI drivers (the .deb recommends them).
                    if context.videoDriver == "kmsdrm", e.sdlMessage.contains("EGL") || e.sdlMessage.contains("GBM") || e.sdlMessage.contains("DRI") {
                        e.sdlMessage += " (KMSDRM draws through Mesa: apt-get install libegl1 libgles2 libgbm1 libgl1-mesa-dri)"
                    }
                    throw e
                }
                SDL_SetWindowMinimumSize(w, Int32(minimum.width * uiScale), Int32(minimum.height * uiScale))
                return w
            }
            // The renderer and present path (RendererChoice), decided before the window is made.
            var choice = RendererChoice.decide(request: options.renderer, videoDriver: context.videoDriver,
                                               environmentDriver: SDL_getenv("SDL_RENDER_DRIVER").map { String(cString: $0) },
                                               hasRenderNode: Self.hasRenderNode())
            if let value = choice.framebufferAcceleration { SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, value) }
            var w = try makeWindow()
            var made: OpaquePointer?
            if case .accelerated(let name) = choice.kind {
                let index = name.flatMap(Self.renderDriverIndex) ?? -1
                if let r = SDL_CreateRenderer(w, index, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue) {
                    if choice.probeForSoftwareGL, let gl = Self.softwareGLRenderer(r) {
                        // A CPU rasteriser: the window is GL-backed now, so it is made again.
                        SDL_DestroyRenderer(r)
                        SDL_DestroyWindow(w)
                        choice = choice.fallingBack(glRenderer: gl, videoDriver: context.videoDriver)
                        if let value = choice.framebufferAcceleration { SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, value) }
                        w = try makeWindow()
                    } else {
                        made = r
                    }
                } else {
                    log("renderer: \(name ?? "an accelerated renderer") could not be created (\(String(cString: SDL_GetError()))); using SDL's software renderer")
                    choice = RendererChoice(kind: RendererChoice.softwareKind(context.videoDriver ?? ""),
                                            probeForSoftwareGL: false, reason: "the accelerated renderer failed")
                }
            }
            window = w
            if choice.kind == .softwareWaylandSHM {
                var pw: Int32 = 0, ph: Int32 = 0
                SDL_GL_GetDrawableSize(w, &pw, &ph)   // (every SDL 2 Wayland window is an EGL one)
                do {
                    let presenter = try WaylandPresenter(window: w, width: pw, height: ph)
                    if let r = SDL_CreateSoftwareRenderer(presenter.canvas) {
                        wayland = presenter
                        made = r
                        // SDL 2.26 makes every Wayland window an EGL one (fixed in 2.30), which
                        // initialises Mesa and maps llvmpipe's LLVM; the wl_shm present never
                        // uses it, so EGL goes again now (SDL's own teardown tolerates this).
                        SDL_GL_UnloadLibrary()
                    } else {
                        presenter.close(); presenter.freeCanvas()
                        throw SDLError("the software renderer could not be created on the frame")
                    }
                } catch {
                    log("renderer: \((error as? SDLError)?.description ?? "\(error)"); presenting through SDL's texture framebuffer")
                    choice = RendererChoice(kind: .softwareTextureFramebuffer, probeForSoftwareGL: false,
                                            reason: "wl_shm presents failed")
                }
            }
            if let r = made {
                sdlRenderer = r
                var info = SDL_RendererInfo()
                // SDL's software renderer reports the vsync it was asked for without waiting.
                if SDL_GetRendererInfo(r, &info) == 0, let name = info.name, String(cString: name) != "software" {
                    vsync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
                }
            } else if let r = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) {
                sdlRenderer = r
            } else {
                throw SDLError("no renderer could be created (SDL_CreateRenderer)")
            }
            rendererChoice = choice
            partialPresentsPossible = choice.kind == .softwareWindowFramebuffer || choice.kind == .softwareWaylandSHM
            note("renderer: \(Self.rendererName(sdlRenderer)) (\(choice.reason))")
            var mode = SDL_DisplayMode()
            if SDL_GetWindowDisplayMode(w, &mode) == 0 || SDL_GetCurrentDisplayMode(displayIndex, &mode) == 0, mode.refresh_rate > 0 {
                refreshRate = Double(mode.refresh_rate)
            }
        }
        renderer = Renderer(sdl: sdlRenderer, fonts: fonts, imageDirectory: imageDirectory, scale: uiScale, log: log)
        // The CPU canvas writes a software renderer's own pixels; over a GPU it would only add
        // a frame-sized upload to what a few GPU draws do.
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(sdlRenderer, &info) == 0, let name = info.name {
            renderer.cpuCompositing = String(cString: name) == "software"
        }
        renderer.tracksFrameDamage = partialPresentsPossible && rotation == .none
        // X11's window surface keeps what was drawn: a frame changed in part is drawn in part
        // (FLING_FULL_REDRAW=1 draws every frame whole, to compare).
        renderer.redrawsInPart = rendererChoice?.kind == .softwareWindowFramebuffer && rotation == .none && getenv("FLING_FULL_REDRAW") == nil
        if headless { try makeFrame(size: size) } else { refreshWindowMetrics() }
        if options.kiosk { setCursorVisible(false) }
        if options.kiosk && !headless {
            // Alt+Tab, the window manager's keys, a launcher's Super: in a kiosk under a
            // desktop they brought another window over Fling. The keyboard is
            // grabbed while the window shows (SDL_HINT_GRAB_KEYBOARD lets the grab take them).
            SDL_SetHint(SDL_HINT_GRAB_KEYBOARD, "1")
            grabsKeyboard = true
            kioskNote = note
        }
    }

    /// The GL_RENDERER string of an OpenGL (ES) renderer that rasterises on the CPU (Mesa's
    /// llvmpipe, softpipe, swrast), or nil (a GPU, or not GL). The renderer's context is current
    /// right after SDL_CreateRenderer.
    static func softwareGLRenderer(_ r: OpaquePointer) -> String? {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(r, &info) == 0, let name = info.name.map({ String(cString: $0) }), name.hasPrefix("opengl"),
              let proc = SDL_GL_GetProcAddress("glGetString") else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glGetString = unsafeBitCast(proc, to: GetString.self)
        guard let s = glGetString(0x1F01 /* GL_RENDERER */) else { return nil }
        let text = String(cString: s)
        return RendererChoice.isSoftwareGL(text) ? text : nil
    }

    /// A GPU render node exists (/dev/dri/renderD128…): without one there is no GPU to ask.
    /// `probingDrivers` (the console's choice): each node is opened and a render node of
    /// virtio-gpu without 3D or of vgem is not one (Mesa draws on the CPU there: llvmpipe), told
    /// by its kernel driver without making a GL context (RendererChoice.isGPU). A window's choice
    /// only looks (opening a node can wake a GPU powered down) and tells llvmpipe by GL_RENDERER.
    public static func hasRenderNode(probingDrivers: Bool = false) -> Bool {
        guard let dir = opendir("/dev/dri") else { return false }
        var nodes: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.hasPrefix("renderD") { nodes.append("/dev/dri/" + name) }
        }
        closedir(dir)
        guard probingDrivers else { return !nodes.isEmpty }
        return nodes.sorted().contains { path in
            var name = [CChar](repeating: 0, count: 64)
            // A node that cannot be asked (no permission) is taken as a GPU, as before.
            guard fling_drm_driver_name(path, &name, name.count) == 0 else { return true }
            let driver = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let has3D: Bool? = driver == "virtio_gpu" ? { let r = fling_virtio_gpu_has_3d(path); return r < 0 ? nil : r == 1 }() : nil
            return RendererChoice.isGPU(driver: driver, virtio3D: has3D)
        }
    }

    /// SDL's index of a render driver by name ("opengl", "opengles2"), or nil.
    static func renderDriverIndex(_ name: String) -> Int32? {
        for i in 0..<SDL_GetNumRenderDrivers() {
            var info = SDL_RendererInfo()
            if SDL_GetRenderDriverInfo(i, &info) == 0, let n = info.name, String(cString: n) == name { return i }
        }
        return nil
    }

    static func rendererName(_ r: OpaquePointer) -> String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(r, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    /// A window whose frame (title bar and borders included) runs off the usable area is
    /// shrunk and moved onto it, once the window manager has said how large its frame is.
    func fitFrameToScreen(_ window: OpaquePointer) {
        frameChecks += 1
        if fullscreen { frameChecks = 60; return }
        var top: Int32 = 0, left: Int32 = 0, bottom: Int32 = 0, right: Int32 = 0
        guard SDL_GetWindowBordersSize(window, &top, &left, &bottom, &right) == 0, top + left + bottom + right > 0 else { return }
        frameChecks = 60
        var usable = SDL_Rect(), x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        guard SDL_GetDisplayUsableBounds(displayIndex, &usable) == 0, usable.w > 0, usable.h > 0 else { return }
        SDL_GetWindowPosition(window, &x, &y)
        SDL_GetWindowSize(window, &w, &h)
        let extents = FrameExtents(top: Double(top), left: Double(left), bottom: Double(bottom), right: Double(right))
        guard let r = WindowFrameFit.fitted(client: Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)), extents: extents,
                                            usable: Rect(x: Double(usable.x), y: Double(usable.y), width: Double(usable.w), height: Double(usable.h)))
        else { return }
        SDL_SetWindowSize(window, Int32(r.width), Int32(r.height))
        SDL_SetWindowPosition(window, Int32(r.minX), Int32(r.minY))
        // What the window got: never under its minimum size, however small the screen.
        SDL_GetWindowSize(window, &w, &h)
        info("the window's frame (\(top) px of title bar) did not fit the screen: the window is now \(w)x\(h) px\(Double(h + top + bottom) <= Double(usable.h) ? ", all of it on the screen" : ", its smallest size")")
    }

    /// The display's own UI scale and where it came from (DisplayScale.decide): X11's Xft.dpi,
    /// then SDL's DPI of the display (its physical size), then the X screen's physical size;
    /// KMSDRM the panel's DPI. Wayland and macOS scale through the drawable instead (1 here).
    static func displayScale(_ index: Int32, driver: String?) -> (scale: Double, source: String) {
        guard driver == "x11" || driver == "kmsdrm" else { return (1, "\(driver ?? "this video driver") scales the drawable itself") }
        var ddpi: Float = 0, hdpi: Float = 0, vdpi: Float = 0
        let sdlDPI: Double? = SDL_GetDisplayDPI(index, &ddpi, &hdpi, &vdpi) == 0 ? Double(ddpi) : nil
        var x = fling_x11_screen()
        let hasX = driver == "x11" && fling_x11_read_screen(nil, &x) == 1
        defer { if hasX { fling_x11_screen_free(&x) } }
        let screen = hasX ? DisplayScale.Screen(resources: x.resources.map { String(cString: $0) },
                                                 widthPixels: Int(x.width_px), widthMillimetres: Int(x.width_mm)) : nil
        return DisplayScale.decide(screen: screen, displayDPI: sdlDPI)
    }

    static func pixelSize(_ size: Size, scale: Double) -> (Int32, Int32) {
        (Int32(max(1, (size.width * scale).rounded())), Int32(max(1, (size.height * scale).rounded())))
    }

    /// Headless: the frame for a size in pt: the top-left of the renderer's surface when it
    /// fits there, else a target texture of its own.
    func makeFrame(size: Size) throws {
        let (w, h) = Self.pixelSize(size, scale: uiScale)
        if let s = surface, w <= s.pointee.w, h <= s.pointee.h {
            SDL_SetRenderTarget(renderer.sdl, nil)
            if let old = frameTexture { SDL_DestroyTexture(old) }
            frameTexture = nil
            var viewport = SDL_Rect(x: 0, y: 0, w: w, h: h)
            SDL_RenderSetViewport(renderer.sdl, &viewport)
            renderer.frameTarget = nil
            renderer.frameSurface = s
            pixelWidth = w; pixelHeight = h
            return
        }
        guard let t = SDL_CreateTexture(renderer.sdl, fling_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h) else {
            throw SDLError("the offscreen frame (\(w)×\(h) px) could not be created")
        }
        SDL_SetRenderTarget(renderer.sdl, t)
        if let old = frameTexture { SDL_DestroyTexture(old) }
        frameTexture = t
        renderer.frameTarget = t
        renderer.frameSurface = nil
        pixelWidth = w; pixelHeight = h
    }

    /// The panel's size in pt: the window as mounted (the layout's size turned).
    public var panelSize: Size { rotation.panelSize(layout: size) }

    /// A rect of the layout (window pt) in the window's own coordinates (screen pixels on
    /// X11): turned with the panel's rotation and scaled by the UI scale (accessibility).
    public func windowRect(forLayout r: Rect) -> Rect {
        let p = rotation.panelRect(fromLayout: r, layout: size)
        return Rect(x: p.minX * uiScale, y: p.minY * uiScale, width: p.width * uiScale, height: p.height * uiScale)
    }

    /// The same on the screen: moved by where the window is (0, 0 without one).
    public func screenRect(forLayout r: Rect) -> Rect {
        let w = windowRect(forLayout: r)
        var x: Int32 = 0, y: Int32 = 0
        if let window { SDL_GetWindowPosition(window, &x, &y) }
        return Rect(x: w.minX + Double(x), y: w.minY + Double(y), width: w.width, height: w.height)
    }

    /// After the window changed size (or moved to another display): re-read pt size and scale.
    /// Returns the new layout size in pt.
    @discardableResult
    public func refreshWindowMetrics() -> Size {
        guard let window else { return size }
        // SDL may make the window's surface anew (a resize there and back): nothing of the
        // last frame is kept for a frame drawn in part.
        renderer.forgetLastFrame()
        var ww: Int32 = 0, wh: Int32 = 0, dw: Int32 = 0, dh: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        if let wayland {
            // The renderer's output is the canvas, which may be larger than the window.
            SDL_GL_GetDrawableSize(window, &dw, &dh)
            dw = max(1, dw); dh = max(1, dh)
            if !wayland.ensureCanvas(width: dw, height: dh) {
                dw = min(dw, wayland.canvas.pointee.w); dh = min(dh, wayland.canvas.pointee.h)
            }
            var viewport = SDL_Rect(x: 0, y: 0, w: dw, h: dh)
            let target = SDL_GetRenderTarget(renderer.sdl)
            SDL_SetRenderTarget(renderer.sdl, nil)
            SDL_RenderSetViewport(renderer.sdl, &viewport)
            SDL_SetRenderTarget(renderer.sdl, target)
            panelPixels = (dw, dh)
        } else {
            SDL_GetRendererOutputSize(renderer.sdl, &dw, &dh)
        }
        size = rotation.layoutSize(panel: Size(Double(ww) / uiScale, Double(wh) / uiScale))
        scale = ww > 0 ? uiScale * Double(dw) / Double(ww) : uiScale
        if rotation.swapsAxes { swap(&dw, &dh) }
        pixelWidth = dw; pixelHeight = dh
        renderer.scale = scale
        presentsWhole = true
        return size
    }

    /// Resizes the window (scripts) or the headless surface, in layout pt.
    public func resize(to newSize: Size) throws {
        if let window {
            let panel = rotation.panelSize(layout: newSize)
            SDL_SetWindowSize(window, Int32((panel.width * uiScale).rounded()), Int32((panel.height * uiScale).rounded()))
            // The size the window got (never under the minimum, nor what a window manager
            // refused), not the one asked for.
            refreshWindowMetrics()
            return
        }
        try makeFrame(size: newSize)
        size = newSize
    }

    /// The part of the window the next present sends (nil with presentsWhole).
    var pendingDamage: PixelRect?
    /// The next present sends the whole window (a first frame, a resize, an expose, a frame
    /// whose change could not be bounded).
    var presentsWhole = true
    var drawnSincePresent = false
    /// Presents so far that sent only a (non-empty) part of the window, and the pixels all
    /// presents sent (tests, the window bench).
    public internal(set) var partialPresents = 0
    public internal(set) var presentedPixels = 0

    /// The window's contents must be sent whole at the next present (it was exposed).
    public func invalidateWindow() { presentsWhole = true }

    /// Wayland: the last frame waits for a buffer the compositor still held; the loop wakes
    /// soon and calls `retryHeldPresent` (nothing else may draw for a while).
    public var presentHeld: Bool { wayland?.held ?? false }

    /// SDL's name for the renderer in use ("software", "opengl", "opengles2", …).
    public var rendererName: String { Self.rendererName(renderer.sdl) }

    /// The frame as drawn, in layout orientation (before any rotation).
    public func readPixels() -> RGBAImage? { renderer.readPixels(width: pixelWidth, height: pixelHeight) }

    /// The frame as the panel shows it: turned by `rotation` (H×W for 90 and 270).
    public func readOutput() -> RGBAImage? { readPixels()?.rotated(rotation) }

    /// Headless: the frame's own pixels as drawn (32-bit ARGB8888, `pitch` bytes a row, from
    /// the top-left of the renderer's surface), for an output that copies them itself with no
    /// read-back (the KMS dumb buffers). false when the frame is not in that surface.
    public func withFramePixels(_ body: (_ pixels: UnsafeRawPointer, _ pitch: Int) -> Void) -> Bool {
        guard headless, frameTexture == nil, let s = surface, let p = s.pointee.pixels,
              s.pointee.w >= pixelWidth, s.pointee.h >= pixelHeight else { return false }
        SDL_RenderFlush(renderer.sdl)
        body(UnsafeRawPointer(p), Int(s.pointee.pitch))
        return true
    }

    // MARK: window icon
    /// Gives the window its icon (taskbar, window switcher) from a PNG. Headless, or an
    /// unreadable file: nothing, and false.
    @discardableResult
    public func setIcon(png path: String) -> Bool {
        guard let window, RegularFile.problem(path) == nil, let icon = IMG_Load(path) else { return false }
        SDL_SetWindowIcon(window, icon)
        SDL_FreeSurface(icon)
        return true
    }
    // MARK: -

    /// Kiosk mode hides the cursor while nobody uses a mouse.
    public func setCursorVisible(_ visible: Bool) {
        guard visible != cursorVisible, window != nil else { return }
        cursorVisible = visible
        _ = SDL_ShowCursor(visible ? SDL_ENABLE : SDL_DISABLE)
    }

    /// Converts SDL window coordinates to panel pt (the app maps them to layout pt).
    public func toPoints(x: Int32, y: Int32) -> Point { Point(Double(x) / uiScale, Double(y) / uiScale) }

    public func close() {
        renderer.fonts.closeAll()
        if let t = frameTexture { SDL_DestroyTexture(t) }
        frameTexture = nil
        if let t = rotationTarget { SDL_DestroyTexture(t) }
        SDL_DestroyRenderer(renderer.sdl)
        wayland?.close()
        wayland?.freeCanvas()
        wayland = nil
        if let window { SDL_DestroyWindow(window) }
        if let surface { SDL_FreeSurface(surface) }
        window = nil; surface = nil; rotationTarget = nil
    }
}
