// Display: where frames go. A real window (resizable, HiDPI-aware, vsync'd accelerated renderer
// with a software fallback) or, headless, a frame texture drawn by the software renderer.
import CSDL2
import CSDL2Image
import FlingCore

@MainActor
public final class Display {
    public let headless: Bool
    /// The window's size in pt.
    public private(set) var size: Size
    /// UI scale chosen by the user (--scale); pt → SDL window units.
    public let uiScale: Double
    /// Device pixels per pt (uiScale × the HiDPI ratio of the drawable).
    public private(set) var scale: Double
    public let renderer: Renderer
    private var window: OpaquePointer?
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    /// Headless: the frame texture the software renderer draws into. A resize replaces only
    /// this texture; the renderer and every cached texture stay.
    private var frameTexture: OpaquePointer?
    public private(set) var pixelWidth: Int32 = 0
    public private(set) var pixelHeight: Int32 = 0

    public init(context: SDLContext, size: Size, uiScale: Double, fullscreen: Bool, title: String,
                fontDirectory: String, imageDirectory: String, log: @escaping (String) -> Void) throws {
        headless = context.headless
        self.size = size
        self.uiScale = uiScale
        self.scale = uiScale
        let fonts = try FontStore(directory: fontDirectory, scale: uiScale)
        let sdlRenderer: OpaquePointer
        if headless {
            // The renderer's own surface is a placeholder; frames go to `frameTexture`.
            guard let s = SDL_CreateRGBSurfaceWithFormat(0, 1, 1, 32, fling_SDL_PIXELFORMAT_ARGB8888()) else {
                throw SDLError("the offscreen surface could not be created")
            }
            guard let r = SDL_CreateSoftwareRenderer(s) else {
                SDL_FreeSurface(s)
                throw SDLError("the software renderer could not be created")
            }
            surface = s
            sdlRenderer = r
        } else {
            var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
            if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
            guard let w = SDL_CreateWindow(title, fling_SDL_WINDOWPOS_CENTERED(), fling_SDL_WINDOWPOS_CENTERED(),
                                           Int32((size.width * uiScale).rounded()), Int32((size.height * uiScale).rounded()), flags) else {
                throw SDLError("the window could not be created (SDL_CreateWindow)")
            }
            window = w
            SDL_SetWindowMinimumSize(w, Int32(200 * uiScale), Int32(300 * uiScale))
            guard let r = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
                    ?? SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
                throw SDLError("no renderer could be created (SDL_CreateRenderer)")
            }
            sdlRenderer = r
        }
        renderer = Renderer(sdl: sdlRenderer, fonts: fonts, imageDirectory: imageDirectory, scale: uiScale, log: log)
        if headless { try makeFrameTexture(size: size) } else { refreshWindowMetrics() }
    }

    /// Headless: (re)creates the frame texture for a size in pt.
    private func makeFrameTexture(size: Size) throws {
        let w = Int32(max(1, (size.width * uiScale).rounded())), h = Int32(max(1, (size.height * uiScale).rounded()))
        guard let t = SDL_CreateTexture(renderer.sdl, fling_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h) else {
            throw SDLError("the offscreen frame (\(w)×\(h) px) could not be created")
        }
        SDL_SetRenderTarget(renderer.sdl, t)
        if let old = frameTexture { SDL_DestroyTexture(old) }
        frameTexture = t
        renderer.frameTarget = t
        pixelWidth = w; pixelHeight = h
    }

    /// After the window changed size (or moved to another display): re-read pt size and scale.
    /// Returns the new size in pt.
    @discardableResult
    public func refreshWindowMetrics() -> Size {
        guard let window else { return size }
        var ww: Int32 = 0, wh: Int32 = 0, dw: Int32 = 0, dh: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        SDL_GetRendererOutputSize(renderer.sdl, &dw, &dh)
        size = Size(Double(ww) / uiScale, Double(wh) / uiScale)
        scale = ww > 0 ? uiScale * Double(dw) / Double(ww) : uiScale
        pixelWidth = dw; pixelHeight = dh
        renderer.scale = scale
        return size
    }

    /// Resizes the window (scripts) or the headless surface, in pt.
    public func resize(to newSize: Size) throws {
        if let window {
            SDL_SetWindowSize(window, Int32((newSize.width * uiScale).rounded()), Int32((newSize.height * uiScale).rounded()))
            refreshWindowMetrics()
            size = newSize
            return
        }
        try makeFrameTexture(size: newSize)
        size = newSize
    }

    /// `consecutive`: this frame directly follows the last one drawn (see Renderer.draw).
    public func draw(_ list: DisplayList, consecutive: Bool = false) {
        renderer.draw(list, pixelWidth: pixelWidth, pixelHeight: pixelHeight, consecutive: consecutive)
    }

    /// SDL's name for the renderer in use ("software", "opengl", "opengles2", …).
    public var rendererName: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer.sdl, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    public func readPixels() -> RGBAImage? { renderer.readPixels(width: pixelWidth, height: pixelHeight) }

    public func present() {
        if window != nil { SDL_RenderPresent(renderer.sdl) }
    }

    // MARK: window icon (issue 13)
    /// Gives the window its icon (taskbar, window switcher) from a PNG. Headless, or an
    /// unreadable file: nothing, and false.
    @discardableResult
    public func setIcon(png path: String) -> Bool {
        guard let window, let icon = IMG_Load(path) else { return false }
        SDL_SetWindowIcon(window, icon)
        SDL_FreeSurface(icon)
        return true
    }
    // MARK: -

    /// Converts SDL window coordinates to pt.
    public func toPoints(x: Int32, y: Int32) -> Point { Point(Double(x) / uiScale, Double(y) / uiScale) }

    public func close() {
        renderer.fonts.closeAll()
        if let t = frameTexture { SDL_DestroyTexture(t) }
        frameTexture = nil
        SDL_DestroyRenderer(renderer.sdl)
        if let window { SDL_DestroyWindow(window) }
        if let surface { SDL_FreeSurface(surface) }
        window = nil; surface = nil
    }
}
