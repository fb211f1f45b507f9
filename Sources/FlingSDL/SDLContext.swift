// SDLContext: brings SDL, SDL_image and SDL_ttf up and down, picking the video driver.
// - windowed: the platform's default driver; touch-synthesised mouse events switched off.
//   Landing on the offscreen or dummy driver (SDL 2.26 falls back to offscreen when there is
//   no X11 or Wayland display) is an error: a window nobody can see would run forever.
// - headless: the offscreen driver, falling back to dummy; rendering then goes to a memory
//   surface with the software renderer (pixel-identical on every machine).
import CSDL2
import CSDL2Image
import CSDL2TTF
import CStartupGuard
import CWaylandSHM
import FlingCore
import Glibc

/// A failure reported by SDL, with SDL's own message.
/// A windowed start found no display: SDL fell back to a driver that shows nothing.
public struct NoDisplayError: Error, CustomStringConvertible {
    public var driver: String
    public var description: String { "SDL's only video driver here is '\(driver)', which shows no window" }
}

/// The Wayland compositor SDL would start on offers no input seat: SDL 2.26 crashes in
/// SDL_Init there (a headless weston), so Fling stops first and says so.
public struct WaylandSeatError: Error, CustomStringConvertible {
    public var display: String
    public var description: String {
        "the Wayland compositor at WAYLAND_DISPLAY=\(display) offers no input seat (wl_seat), and SDL 2 crashes on such a compositor (a headless weston is one): run Fling under a compositor with a seat (weston with a backend that has input, cage, sway, a desktop), or on X11 (SDL_VIDEODRIVER=x11), or with --headless"
    }
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
        // One pointer stream: touches arrive as finger events only, never as synthesised mouse events.
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
            let env = { (name: String) in getenv(name).map { String(cString: $0) } ?? "" }
            let requested = env("SDL_VIDEODRIVER"), x11 = env("DISPLAY"), wayland = env("WAYLAND_DISPLAY")
            if Self.startsOnWayland(requested: requested, display: x11), fling_wayland_probe_seat() == 0 {
                throw WaylandSeatError(display: wayland.isEmpty ? "wayland-0" : wayland)
            }
            // Any other fault inside SDL's start: a sentence first, then the signal's own end.
            fling_startup_guard_arm("fling: SDL crashed while starting its video driver (SDL_VIDEODRIVER=\(requested.isEmpty ? "unset" : requested), DISPLAY=\(x11.isEmpty ? "unset" : x11), WAYLAND_DISPLAY=\(wayland.isEmpty ? "unset" : wayland)): try the other one (SDL_VIDEODRIVER=x11 or wayland), kmsdrm on a console, or --headless")
            #if DEBUG
            // (The tests' way to see the guard speak: a fault while it is armed. Debug builds only.)
            if env("FLING_TEST_FAULT_IN_SDL_INIT") == "1" { raise(SIGSEGV) }
            #endif
            let started = SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0
            fling_startup_guard_disarm()
            if !started {
                throw SDLError("no display could be opened (SDL_Init)")
            }
        }
        // Lower-cased: SDL names its console driver "KMSDRM" (and the others "x11", "wayland"); a
        // comparison with "kmsdrm" never matched, so the console got the software renderer,
        // which presents nothing there: a black kiosk (seen in a Debian 12 VM).
        if let name = SDL_GetCurrentVideoDriver() { videoDriver = String(cString: name).lowercased() }
        if !headless, let driver = videoDriver, Self.invisibleDrivers.contains(driver) {
            SDL_Quit()
            throw NoDisplayError(driver: driver)
        }
        let imgFlags = Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue)
        if IMG_Init(imgFlags) & imgFlags != imgFlags { throw SDLError("IMG_Init (JPEG/PNG support)") }
        if TTF_Init() != 0 { throw SDLError("TTF_Init") }
    }

    /// Whether SDL_Init will start the Wayland driver: SDL tries the drivers SDL_VIDEODRIVER
    /// lists in order (all of them, X11 before Wayland, when it lists none); X11 starts when
    /// there is an X display, the others (kmsdrm, …) are taken not to start.
    public nonisolated static func startsOnWayland(requested: String, display: String) -> Bool {
        let listed = requested.split(separator: ",").map { String($0.filter { $0 != " " && $0 != "\t" }).lowercased() }
        for driver in listed.isEmpty ? ["x11", "wayland"] : listed {
            if driver == "x11", !display.isEmpty { return false }
            if driver == "wayland" { return true }
        }
        return false
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
