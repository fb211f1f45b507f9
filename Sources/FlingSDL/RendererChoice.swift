// RendererChoice: which SDL renderer draws a window and how its frames reach the screen,
// decided before any window or GL context exists. Pure: the facts it needs (the
// video driver, the user's request, whether the machine has a GPU render node) come in, the
// decision and the sentence the log gives for it come out; Display carries it out.
//
// Measured on a machine without a GPU (docs/presented-frames.md): a software
// frame presented through an OpenGL texture on Mesa's llvmpipe cost 23–28 ms of the app's CPU
// per presented frame at 1080×1920; the same frame written into the X11 window's own shared-
// memory image (SDL_FRAMEBUFFER_ACCELERATION=0) cost a third of that. So:
//  - X11 without a GPU: SDL's software renderer on the window's own X11 framebuffer. No GL
//    context is ever made (one made only to look at GL_RENDERER leaves the window GL-backed
//    and maps 50+ MB of LLVM).
//  - X11 with a render node: a GL renderer, unless its GL_RENDERER turns out to be a CPU
//    rasteriser (llvmpipe, softpipe, swrast); then the window is made again without GL.
//  - Wayland: SDL 2 has no shared-memory window framebuffer there (its software renderer's
//    window surface goes through a GLES texture: llvmpipe without a GPU). Without a GPU, or
//    when GL turns out to be a CPU rasteriser, SDL's software renderer draws into a frame of
//    Fling's own that WaylandPresenter hands to the compositor in wl_shm buffers, only the
//    changed part; SDL's texture framebuffer stays only as the fallback if that fails.
//  - KMSDRM: only the GLES2 renderer presents (SDL's software renderer shows nothing there
//    and the desktop-GL one draws no textures, seen in a Debian 12 VM). Without a GPU that is GLES on
//    llvmpipe (125–138 MB resident in a guest, against 40 MB on fbdev): Fling then
//    makes no SDL window at all and shows its software frames in KMS dumb buffers itself
//    (`consoleDumbBuffers`, KMSOutput in the app).
//  - `--renderer software|gl|gles2` (or SDL_RENDER_DRIVER, as SDL documents it) wins.
import FlingCore

/// What `--renderer` asks for.
public enum RendererRequest: String, Sendable, CaseIterable {
    case auto, software, gl, gles2
}

/// The decision, before the window is made.
public struct RendererChoice: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// SDL's software renderer writing the window's own framebuffer (X11: MIT-SHM).
        case softwareWindowFramebuffer
        /// SDL's software renderer on a frame of Fling's own, presented in wl_shm buffers
        /// (Wayland; WaylandPresenter).
        case softwareWaylandSHM
        /// SDL's software renderer through SDL's texture framebuffer (a GLES texture on
        /// Wayland; where nothing better presents).
        case softwareTextureFramebuffer
        /// An accelerated renderer, by SDL's name ("opengl", "opengles2"), or nil: SDL's pick.
        case accelerated(String?)
    }
    public var kind: Kind
    /// With `.accelerated`: look at GL_RENDERER once the renderer exists and fall back to the
    /// software renderer on a fresh window when it is a CPU rasteriser.
    public var probeForSoftwareGL: Bool
    /// Why, for the log (info level).
    public var reason: String

    public init(kind: Kind, probeForSoftwareGL: Bool, reason: String) {
        self.kind = kind; self.probeForSoftwareGL = probeForSoftwareGL; self.reason = reason
    }

    /// The hint value for SDL_HINT_FRAMEBUFFER_ACCELERATION, or nil to leave SDL's default.
    public var framebufferAcceleration: String? {
        kind == .softwareWindowFramebuffer ? "0" : nil
    }

    /// SDL's software renderer's kind on `driver` (lower case): the cheapest present there.
    public static func softwareKind(_ driver: String) -> Kind {
        switch driver.lowercased() {
        case "x11": return .softwareWindowFramebuffer
        case "wayland": return .softwareWaylandSHM
        default: return .softwareTextureFramebuffer
        }
    }

    /// Why a console run asking for SDL's KMSDRM (`SDL_VIDEODRIVER=kmsdrm`, as the kiosk unit
    /// sets it) shows its frames in KMS dumb buffers instead, or nil to keep SDL's KMSDRM:
    /// nothing but GLES presents there, which without a GPU is llvmpipe on the CPU. Only under
    /// `--renderer auto` with no SDL_RENDER_DRIVER (either keeps SDL's KMSDRM).
    public static func consoleDumbBuffers(request: RendererRequest, requestedVideoDriver: String?, environmentDriver: String?,
                                          hasRenderNode: Bool) -> String? {
        guard requestedVideoDriver?.lowercased() == "kmsdrm", request == .auto, environmentDriver?.isEmpty ?? true, !hasRenderNode else { return nil }
        return "KMSDRM without a GPU (no /dev/dri render node of one: none, or only virtio-gpu without 3D or vgem): software frames shown in KMS dumb buffers, page-flipped on vblank, no GL (SDL's KMSDRM would draw through GLES on llvmpipe; --renderer gles2 keeps it)"
    }

    /// Whether a render node's kernel driver stands for a GPU that draws GL: vgem is memory
    /// only, and virtio-gpu draws only when the host gave it 3D (virgl, venus; `virtio3D`, nil
    /// when it could not be asked: taken as a GPU). QEMU's plain virtio-gpu has a render node
    /// and no 3D: there Mesa's EGL is llvmpipe.
    public static func isGPU(driver: String, virtio3D: Bool?) -> Bool {
        switch driver {
        case "vgem": return false
        case "virtio_gpu": return virtio3D ?? true
        default: return true
        }
    }

    /// The choice for a window on `videoDriver`.
    /// - `environmentDriver`: SDL_RENDER_DRIVER as the user set it (honoured under `auto`).
    /// - `hasRenderNode`: a GPU render node (/dev/dri/renderD*) exists.
    public static func decide(request: RendererRequest, videoDriver: String?, environmentDriver: String?,
                              hasRenderNode: Bool) -> RendererChoice {
        let driver = (videoDriver ?? "unknown").lowercased()   // SDL's own is "KMSDRM"
        switch request {
        case .software:
            return RendererChoice(kind: softwareKind(driver), probeForSoftwareGL: false, reason: "--renderer software")
        case .gl:
            return RendererChoice(kind: .accelerated("opengl"), probeForSoftwareGL: false, reason: "--renderer gl")
        case .gles2:
            return RendererChoice(kind: .accelerated("opengles2"), probeForSoftwareGL: false, reason: "--renderer gles2")
        case .auto:
            break
        }
        if let env = environmentDriver, !env.isEmpty {
            if env == "software" {
                return RendererChoice(kind: softwareKind(driver), probeForSoftwareGL: false, reason: "SDL_RENDER_DRIVER=software")
            }
            return RendererChoice(kind: .accelerated(env), probeForSoftwareGL: false, reason: "SDL_RENDER_DRIVER=\(env)")
        }
        switch driver {
        case "kmsdrm":
            return RendererChoice(kind: .accelerated("opengles2"), probeForSoftwareGL: false,
                                  reason: "KMSDRM: only GLES2 through EGL/GBM presents there")
        case "x11":
            if !hasRenderNode {
                return RendererChoice(kind: .softwareWindowFramebuffer, probeForSoftwareGL: false,
                                      reason: "no GPU (no /dev/dri render node): SDL's software renderer, presented through the X11 window's own framebuffer (MIT-SHM), no GL")
            }
            return RendererChoice(kind: .accelerated(nil), probeForSoftwareGL: true, reason: "a GPU render node: SDL's accelerated renderer")
        case "wayland":
            if !hasRenderNode {
                return RendererChoice(kind: .softwareWaylandSHM, probeForSoftwareGL: false,
                                      reason: "no GPU (no /dev/dri render node) on Wayland: SDL's software renderer, presented in shared-memory buffers (wl_shm), no GL")
            }
            return RendererChoice(kind: .accelerated(nil), probeForSoftwareGL: true, reason: "a GPU render node: SDL's accelerated renderer")
        default:
            if !hasRenderNode {
                return RendererChoice(kind: .softwareTextureFramebuffer, probeForSoftwareGL: false,
                                      reason: "no GPU (no /dev/dri render node) on \(driver): SDL's software renderer")
            }
            return RendererChoice(kind: .accelerated(nil), probeForSoftwareGL: true, reason: "a GPU render node: SDL's accelerated renderer")
        }
    }

    /// The choice after an accelerated renderer turned out to rasterise on the CPU.
    public func fallingBack(glRenderer: String, videoDriver: String?) -> RendererChoice {
        let kind = Self.softwareKind((videoDriver ?? "").lowercased())
        let present = switch kind {
        case .softwareWindowFramebuffer: ", presented through the X11 window's own framebuffer (MIT-SHM)"
        case .softwareWaylandSHM: ", presented in shared-memory buffers (wl_shm)"
        default: ""
        }
        return RendererChoice(kind: kind, probeForSoftwareGL: false,
                              reason: "OpenGL is \(glRenderer), a CPU rasteriser: SDL's software renderer on a window made again without GL" + present)
    }

    /// A GL_RENDERER string naming a CPU rasteriser (Mesa's llvmpipe, softpipe, swrast).
    public static func isSoftwareGL(_ glRenderer: String) -> Bool {
        let lower = glRenderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer"].contains(where: lower.contains)
    }
}
