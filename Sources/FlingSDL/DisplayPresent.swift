// DisplayPresent: how a frame reaches the screen through the display: drawn into the window's
// own surface (or, rotated, a layout-sized texture turned onto it), the damage of every frame
// drawn since the last present kept, and the present sending only that part (X11's
// shared-memory image, Wayland's wl_shm buffers) or the whole frame; the window is shown with
// its first frame.
import CSDL2
import FlingCore

extension Display {
    /// `consecutive`: this frame directly follows the last one drawn (see Renderer.draw).
    public func draw(_ list: DisplayList, consecutive: Bool = false) {
        if window != nil && rotation != .none { bindRotationTarget() }
        if let window, rotation == .none { renderer.frameSurface = wayland?.canvas ?? windowSurface(window) }
        renderer.draw(list, pixelWidth: pixelWidth, pixelHeight: pixelHeight, consecutive: consecutive)
        // What the next present must send: every frame drawn since the last present.
        if let d = renderer.frameDamage, !presentsWhole, let pending = pendingDamage {
            pendingDamage = pending.union(d)
        } else if let d = renderer.frameDamage, !presentsWhole, !drawnSincePresent {
            pendingDamage = d
        } else {
            presentsWhole = true
        }
        drawnSincePresent = true
    }

    public func present() {
        guard let window else { return }
        if let target = rotationTarget, rotation != .none {
            SDL_SetRenderTarget(renderer.sdl, nil)
            var ow: Int32 = 0, oh: Int32 = 0
            SDL_GetRendererOutputSize(renderer.sdl, &ow, &oh)
            if wayland != nil { (ow, oh) = panelPixels }
            // RenderCopyEx turns about the destination's centre: place the unturned frame
            // centred on the window.
            var dst = SDL_Rect(x: (ow - pixelWidth) / 2, y: (oh - pixelHeight) / 2, w: pixelWidth, h: pixelHeight)
            SDL_SetRenderDrawColor(renderer.sdl, 0, 0, 0, 255)
            SDL_RenderClear(renderer.sdl)
            SDL_RenderCopyEx(renderer.sdl, target, nil, &dst, Double(rotation.degrees), nil, SDL_FLIP_NONE)
        }
        if !shown {
            // The first frame is drawn: only now does the window appear, and the frame is
            // presented after it is shown. Pixels put into a window not yet mapped are lost on
            // X11 (no backing store) and Wayland has no surface to show them on until then:
            // presented before, the first frame reached the screen only with a later redraw
            // (X11: the expose; Wayland: never).
            shown = true
            SDL_ShowWindow(window)
            SDL_RaiseWindow(window)
            if fullscreen { SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue) }
            if grabsKeyboard { SDL_SetWindowKeyboardGrab(window, SDL_TRUE) }
        }
        if frameChecks < 60 { fitFrameToScreen(window) }
        // SDL grabs when the window gets the focus: said once it holds, or after a second of
        // frames that it does not.
        if grabsKeyboard, grabChecks < 60 {
            grabChecks += 1
            if SDL_GetWindowKeyboardGrab(window) == SDL_TRUE {
                grabChecks = 60
                kioskNote("kiosk: keyboard grabbed (Alt+Tab and the window manager's keys stay with Fling)")
            } else if grabChecks == 60 {
                kioskNote("kiosk: the keyboard is not grabbed (the window has no focus): Alt+Tab may bring another window over the kiosk; use a kiosk compositor (cage) or a session without a window manager")
            }
        }
        defer { pendingDamage = nil; presentsWhole = false; drawnSincePresent = false }
        // SDL's software renderer on the window's own framebuffer: only the changed rectangle
        // goes to the display server (SDL_UpdateWindowSurfaceRects; on X11 one XShmPutImage of
        // that part). Anything else presents the whole frame.
        if wayland == nil, rotation == .none, renderer.frameSurface != nil, partialPresentsPossible,
           !presentsWhole, let damage = pendingDamage {
            SDL_RenderFlush(renderer.sdl)
            guard !damage.isEmpty else { return }   // nothing changed: nothing to send
            var rect = SDL_Rect(x: Int32(damage.x0), y: Int32(damage.y0), w: Int32(damage.x1 - damage.x0), h: Int32(damage.y1 - damage.y0))
            if SDL_UpdateWindowSurfaceRects(window, &rect, 1) == 0 {
                partialPresents += 1
                presentedPixels += damage.area
                return
            }
        }
        if let wayland {
            // Wayland without GL: the changed part of Fling's frame, in a wl_shm buffer.
            SDL_RenderFlush(renderer.sdl)
            let changed = rotation == .none && !presentsWhole ? pendingDamage : nil
            if let changed {
                guard !changed.isEmpty else { return }   // nothing changed: nothing to send
                partialPresents += 1
                presentedPixels += changed.area
            } else {
                presentedPixels += Int(panelPixels.0) * Int(panelPixels.1)
            }
            if let problem = wayland.present(width: panelPixels.0, height: panelPixels.1, changed: changed) { log(problem) }
            return
        }
        presentedPixels += Int(pixelWidth) * Int(pixelHeight)
        SDL_RenderPresent(renderer.sdl)
    }

    /// Sends the frame that was held, as it is.
    public func retryHeldPresent() {
        guard let wayland, wayland.held else { return }
        if let problem = wayland.present(width: panelPixels.0, height: panelPixels.1, changed: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)) {
            log(problem)
        }
    }

    /// A software-rendered window's surface, which its renderer draws into, if it is the frame's
    /// size and 32-bit xRGB (the CPU canvas writes it in place); nil otherwise. (SDL documents
    /// the window surface as not for use with a renderer: SDL's software renderer draws into
    /// this very surface, re-read after every resize, so the two stay one.)
    private func windowSurface(_ window: OpaquePointer) -> UnsafeMutablePointer<SDL_Surface>? {
        guard renderer.cpuCompositing, let s = SDL_GetWindowSurface(window), let format = s.pointee.format,
              s.pointee.w == pixelWidth, s.pointee.h == pixelHeight,
              format.pointee.format == fling_SDL_PIXELFORMAT_ARGB8888() || format.pointee.format == fling_SDL_PIXELFORMAT_RGB888() else { return nil }
        return s
    }

    /// The layout-sized texture a rotated window draws into (remade when the size changes).
    private func bindRotationTarget() {
        var w: Int32 = 0, h: Int32 = 0
        if let t = rotationTarget { SDL_QueryTexture(t, nil, nil, &w, &h) }
        if rotationTarget == nil || w != pixelWidth || h != pixelHeight {
            if let t = rotationTarget { SDL_DestroyTexture(t) }
            rotationTarget = SDL_CreateTexture(renderer.sdl, fling_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                               max(1, pixelWidth), max(1, pixelHeight))
            // The frame is opaque: turned onto the window as it is, not blended (a layer copied
            // without blending may leave alpha 253 where SDL's blending rounded it).
            if let t = rotationTarget { SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE) }
        }
        SDL_SetRenderTarget(renderer.sdl, rotationTarget)
        // Layers drawn into their own textures come back to this target, not the window.
        renderer.frameTarget = rotationTarget
    }
}
