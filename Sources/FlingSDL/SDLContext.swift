// SDLContext: brings SDL, SDL_image and SDL_ttf up and down, picking the video driver.
// - windowed: the platform's default driver; touch-synthesised mouse events switched off.
//   Landing on the offscreen or dummy driver (SDL 2.26 falls back to offscreen when there is
//   no X11 or Wayland display) is an error: a window nobody can see would run forever.
// - headless: the offscreen driver, falling back to dummy; rendering then goes to a memory
//   surface with the software renderer (pixel-identical on every machine).
import CSDL2
import CSDL2Image
import CSDL2TTF
import FlingCore

/// A failure reported by SDL, with SDL's own message.
/// A windowed start found no display: SDL fell back to a driver that shows nothing.
public struct NoDisplayError: Error, CustomStringConvertible {
    public var driver: String
    public var description: String { "SDL's only video driver here is '\(driver)', which shows no window" }
}

public struct SDLError: Error, CustomStringConvertible {
    public var what: String
    public var sdlMessage: String
    public init(_ what: String) {
        self.what = what
        self.sdlMessage = String(cString: SDL_GetError())
    }
    public var description: String { sdlMessage.isEmpty ? what : "\(what): \(sdlMessage)" }
}

@MainActor
public final class SDLContext {
    public let headless: Bool
    /// The video driver in use ("x11", "wayland", "offscreen", "dummy"), or nil without video.
    public private(set) var videoDriver: String?

    public init(headless: Bool) throws {
        self.headless = headless
        // One pointer stream: touches arrive as finger events only (shared/DESIGN.md).
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        // Keep the compositor running on desktops; a kiosk sets --fullscreen.
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        if headless {
            var started = false
            for driver in ["offscreen", "dummy"] {
                // (Over SDL_VIDEODRIVER too: a kiosk unit's kmsdrm must not start KMS for fbdev.)
                SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, driver, SDL_HINT_OVERRIDE)
                if SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0 { started = true; break }
            }
            // Headless rendering needs no video driver at all; events alone will do.
            if !started, SDL_Init(UInt32(SDL_INIT_EVENTS)) != 0 { throw SDLError("SDL_Init") }
        } else {
            if SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) != 0 {
                throw SDLError("no display could be opened (SDL_Init)")
            }
        }
        // Lower-cased: SDL names its console driver "KMSDRM" (and the others "x11", "wayland"); a
        // comparison with "kmsdrm" never matched, so the console got the software renderer,
        // which presents nothing there: a black kiosk (issue 27, seen in a Debian 12 VM).
        if let name = SDL_GetCurrentVideoDriver() { videoDriver = String(cString: name).lowercased() }
        if !headless, let driver = videoDriver, Self.invisibleDrivers.contains(driver) {
            SDL_Quit()
            throw NoDisplayError(driver: driver)
        }
        let imgFlags = Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue)
        if IMG_Init(imgFlags) & imgFlags != imgFlags { throw SDLError("IMG_Init (JPEG/PNG support)") }
        if TTF_Init() != 0 { throw SDLError("TTF_Init") }
    }

    /// Video drivers that draw into memory only.
    static let invisibleDrivers: Set<String> = ["offscreen", "dummy"]

    public func shutdown() {
        TTF_Quit()
        IMG_Quit()
        SDL_Quit()
    }

    /// Seconds on a monotonic clock (SDL's performance counter).
    public static func monotonicSeconds() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }
}
