// The renderer and present path a window gets, per output and request.
import FlingSDL
import XCTest

final class RendererChoiceTests: XCTestCase {
    func testX11WithoutAGPUNeverMakesAGLContext() {
        let c = RendererChoice.decide(request: .auto, videoDriver: "x11", environmentDriver: nil, hasRenderNode: false)
        XCTAssert(c.kind == .softwareWindowFramebuffer)
        XCTAssert(c.probeForSoftwareGL == false)
        XCTAssert(c.framebufferAcceleration == "0")
        XCTAssert(c.reason.contains("no GPU"))
    }

    func testX11WithARenderNodeTriesTheGPUAndChecksForLlvmpipe() {
        let c = RendererChoice.decide(request: .auto, videoDriver: "x11", environmentDriver: nil, hasRenderNode: true)
        XCTAssert(c.kind == .accelerated(nil))
        XCTAssert(c.probeForSoftwareGL)
        XCTAssert(c.framebufferAcceleration == nil)
        let fallback = c.fallingBack(glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)", videoDriver: "x11")
        XCTAssert(fallback.kind == .softwareWindowFramebuffer)
        XCTAssert(fallback.framebufferAcceleration == "0")
        XCTAssert(fallback.reason.contains("llvmpipe"))
    }

    func testKmsdrmAlwaysPresentsThroughGLES2() {
        // SDL's own name is "KMSDRM": matched in lower case only, the console was black.
        for (node, name) in [(false, "KMSDRM"), (true, "KMSDRM"), (false, "kmsdrm")] {
            let c = RendererChoice.decide(request: .auto, videoDriver: name, environmentDriver: nil, hasRenderNode: node)
            XCTAssert(c.kind == .accelerated("opengles2"), "\(name), render node \(node)")
            XCTAssert(c.probeForSoftwareGL == false)
        }
    }

    func testKmsdrmWithoutAGPUShowsDumbBuffersUnlessTheUserAsksForSDLs() {
        func choice(_ r: RendererRequest = .auto, video: String? = "kmsdrm", env: String? = nil, gpu: Bool = false) -> Bool {
            RendererChoice.consoleDumbBuffers(request: r, requestedVideoDriver: video, environmentDriver: env, hasRenderNode: gpu) != nil
        }
        XCTAssertTrue(choice())
        XCTAssertTrue(choice(video: "KMSDRM"))
        XCTAssertTrue(choice(env: ""))
        XCTAssertFalse(choice(gpu: true), "a GPU: SDL's KMSDRM draws with it")
        XCTAssertFalse(choice(.gles2), "--renderer gles2 keeps SDL's KMSDRM")
        XCTAssertFalse(choice(.software))
        XCTAssertFalse(choice(env: "opengles2"), "SDL_RENDER_DRIVER keeps SDL's KMSDRM")
        XCTAssertFalse(choice(video: nil), "no SDL_VIDEODRIVER: a window")
        XCTAssertFalse(choice(video: "x11"))
        XCTAssertEqual(RendererChoice.consoleDumbBuffers(request: .auto, requestedVideoDriver: "kmsdrm", environmentDriver: nil, hasRenderNode: false),
                       "KMSDRM without a GPU (no /dev/dri render node of one: none, or only virtio-gpu without 3D or vgem): software frames shown in KMS dumb buffers, page-flipped on vblank, no GL (SDL's KMSDRM would draw through GLES on llvmpipe; --renderer gles2 keeps it)")
    }

    func testARenderNodeWithoutGLIsNotAGPU() {
        XCTAssertTrue(RendererChoice.isGPU(driver: "i915", virtio3D: nil))
        XCTAssertTrue(RendererChoice.isGPU(driver: "amdgpu", virtio3D: nil))
        XCTAssertTrue(RendererChoice.isGPU(driver: "v3d", virtio3D: nil))
        XCTAssertFalse(RendererChoice.isGPU(driver: "vgem", virtio3D: nil))
        XCTAssertFalse(RendererChoice.isGPU(driver: "virtio_gpu", virtio3D: false), "QEMU's plain virtio-gpu: llvmpipe")
        XCTAssertTrue(RendererChoice.isGPU(driver: "virtio_gpu", virtio3D: true), "virgl")
        XCTAssertTrue(RendererChoice.isGPU(driver: "virtio_gpu", virtio3D: nil), "could not ask: as before")
    }

    func testWaylandWithoutAGPUPresentsInSharedMemoryBuffersNotThroughGL() {
        let c = RendererChoice.decide(request: .auto, videoDriver: "wayland", environmentDriver: nil, hasRenderNode: false)
        XCTAssert(c.kind == .softwareWaylandSHM)
        XCTAssert(c.reason.contains("wl_shm"))
        // SDL 2 has no shared-memory framebuffer on Wayland: the X11 hint is not set there.
        XCTAssert(c.framebufferAcceleration == nil)
        // A GPU whose GL is llvmpipe falls back to the same; so do the user's software requests.
        let gpu = RendererChoice.decide(request: .auto, videoDriver: "wayland", environmentDriver: nil, hasRenderNode: true)
        XCTAssert(gpu.kind == .accelerated(nil) && gpu.probeForSoftwareGL)
        let fallback = gpu.fallingBack(glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)", videoDriver: "wayland")
        XCTAssert(fallback.kind == .softwareWaylandSHM)
        XCTAssert(fallback.reason.hasSuffix("presented in shared-memory buffers (wl_shm)"), fallback.reason)
        XCTAssert(RendererChoice.decide(request: .software, videoDriver: "wayland", environmentDriver: nil, hasRenderNode: true).kind == .softwareWaylandSHM)
        XCTAssert(RendererChoice.decide(request: .auto, videoDriver: "wayland", environmentDriver: "software", hasRenderNode: true).kind == .softwareWaylandSHM)
        // Elsewhere (no shared-memory present of Fling's own) SDL's texture framebuffer stays.
        XCTAssert(RendererChoice.decide(request: .software, videoDriver: "directfb", environmentDriver: nil, hasRenderNode: false).kind == .softwareTextureFramebuffer)
    }

    func testTheUserWins() {
        XCTAssert(RendererChoice.decide(request: .gl, videoDriver: "x11", environmentDriver: "software", hasRenderNode: false).kind == .accelerated("opengl"))
        XCTAssert(RendererChoice.decide(request: .gles2, videoDriver: "x11", environmentDriver: nil, hasRenderNode: false).kind == .accelerated("opengles2"))
        XCTAssert(RendererChoice.decide(request: .software, videoDriver: "x11", environmentDriver: nil, hasRenderNode: true).kind == .softwareWindowFramebuffer)
        let env = RendererChoice.decide(request: .auto, videoDriver: "x11", environmentDriver: "opengl", hasRenderNode: false)
        XCTAssert(env == RendererChoice(kind: .accelerated("opengl"), probeForSoftwareGL: false, reason: "SDL_RENDER_DRIVER=opengl"))
        XCTAssert(RendererChoice.decide(request: .auto, videoDriver: "x11", environmentDriver: "software", hasRenderNode: true).kind == .softwareWindowFramebuffer)
    }

    func testCpuRasterisersAreRecognised() {
        XCTAssert(RendererChoice.isSoftwareGL("llvmpipe (LLVM 15.0.6, 256 bits)"))
        XCTAssert(RendererChoice.isSoftwareGL("softpipe"))
        XCTAssert(RendererChoice.isSoftwareGL("Software Rasterizer"))
        XCTAssert(!RendererChoice.isSoftwareGL("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"))
        XCTAssert(!RendererChoice.isSoftwareGL("V3D 4.2"))
    }
}
