// WaylandPresenter: how a Wayland window's frames reach the screen without GL.
// SDL 2 has no shared-memory window framebuffer on Wayland: its software renderer's window
// surface is uploaded to a GLES texture every frame, on Mesa's llvmpipe when there is no GPU
// (6–7 ms of CPU a presented frame under weston where X11's shared-memory image costs 3).
// Here SDL's software renderer draws into a frame of Fling's own (`canvas`), and each present
// copies what changed into a wl_shm buffer the compositor has released and commits it to
// SDL's own wl_surface (CWaylandSHM); SDL keeps the window, its configure dance and input.
import CSDL2
import CWaylandSHM
import FlingCore
import Glibc

@MainActor
final class WaylandPresenter {
    private var connection: OpaquePointer?
    /// The frame SDL's software renderer draws into. It only grows: a larger window makes its
    /// pixels larger in place, so the renderer made on it (and every texture it holds) stays.
    let canvas: UnsafeMutablePointer<SDL_Surface>
    private var pixels: UnsafeMutableRawPointer
    private var reportedFailure = false

    /// Binds wl_shm for `window` and makes a canvas of `width` × `height` pixels; throws with
    /// the reason where the window is not a Wayland one or the compositor has no wl_shm.
    init(window: OpaquePointer, width: Int32, height: Int32) throws {
        var error = [CChar](repeating: 0, count: 256)
        guard let c = fling_wl_shm_open(UnsafeMutableRawPointer(window), &error, error.count) else {
            throw SDLError("wl_shm: \(Self.text(error))")
        }
        let w = max(1, width), h = max(1, height)
        guard let p = calloc(Int(w) * Int(h), 4) else {
            fling_wl_shm_close(c)
            throw SDLError("the frame (\(w)×\(h) px) could not be allocated")
        }
        guard let s = SDL_CreateRGBSurfaceWithFormatFrom(p, w, h, 32, w * 4, fling_SDL_PIXELFORMAT_RGB888()) else {
            free(p)
            fling_wl_shm_close(c)
            throw SDLError("the frame (\(w)×\(h) px) could not be made a surface")
        }
        connection = c
        pixels = p
        canvas = s
    }

    /// Makes the canvas at least `width` × `height` (its contents are not kept: every frame
    /// is drawn whole). False when the memory is not there.
    func ensureCanvas(width: Int32, height: Int32) -> Bool {
        let s = canvas.pointee
        guard width > s.w || height > s.h else { return true }
        let w = max(width, s.w), h = max(height, s.h)
        guard let p = calloc(Int(w) * Int(h), 4) else { return false }
        free(pixels)
        pixels = p
        canvas.pointee.pixels = p
        canvas.pointee.w = w
        canvas.pointee.h = h
        canvas.pointee.pitch = w * 4
        SDL_SetClipRect(canvas, nil)
        return true
    }

    /// The last present found every buffer still held by the compositor: the frame waits, and
    /// the loop calls `present` again (with nothing more changed) until it goes.
    private(set) var held = false

    /// Presents the top-left `width` × `height` of the canvas, of which only `changed` (nil:
    /// all; empty: nothing more since the last call) differs from the last present. Nil when
    /// it went or is `held`; the sentence, once, when Wayland refused it (each later frame
    /// tries again: a failed allocation may pass; a connection gone ends SDL's loop too).
    func present(width: Int32, height: Int32, changed: PixelRect?) -> String? {
        guard let connection else { return nil }
        let r = changed ?? PixelRect(x0: 0, y0: 0, x1: Int(width), y1: Int(height))
        var error = [CChar](repeating: 0, count: 256)
        let result = fling_wl_shm_present(connection, pixels, canvas.pointee.pitch, width, height,
                                          Int32(r.x0), Int32(r.y0), Int32(r.x1 - r.x0), Int32(r.y1 - r.y0), &error, error.count)
        held = result == 1
        guard result < 0, !reportedFailure else { return nil }
        reportedFailure = true
        return "present (wl_shm): \(Self.text(error))"
    }

    /// A NUL-terminated C sentence.
    private static func text(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Bytes of shared memory the compositor's buffers hold, plus the canvas.
    var bytes: Int {
        Int(fling_wl_shm_bytes(connection)) + Int(canvas.pointee.pitch) * Int(canvas.pointee.h)
    }

    /// Before SDL destroys the window (the surface the buffers are attached to).
    func close() {
        fling_wl_shm_close(connection)
        connection = nil
    }

    /// After the renderer drawing into the canvas is gone.
    func freeCanvas() {
        SDL_FreeSurface(canvas)
        free(pixels)
    }
}
