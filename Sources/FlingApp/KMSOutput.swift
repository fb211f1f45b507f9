// KMSOutput: frames shown on a KMS display in dumb buffers, with no GL (`--output kms`, and
// KMSDRM without a GPU, where GL would be llvmpipe): the card found, each frame copied (turned by --rotate)
// into the buffer not on screen and page-flipped on vblank, the DRM master let go of while
// another console is in front, the panel powered down for a screen schedule (DPMS).
import CKMS
import FlingCore
import FlingSDL
import Glibc

@MainActor
final class KMSOutput: ConsoleOutput {
    /// The card in use (/dev/dri/cardN).
    let path: String
    let rotation: Rotation
    private var kms = FlingKMS()
    private(set) var framesShown = 0
    /// Why the last frame could not be shown; said once until a frame is shown again (a
    /// kiosk must not fill its journal).
    private(set) var lastFailure: String?

    struct Failure: Error { var message: String }

    /// How long a frame waits for the flip before it (KioskConstants).
    static let flipWaitMilliseconds = KioskConstants.kmsFlipWaitMilliseconds

    /// Opens `path`, or with nil the first /dev/dri/card* with a connected display.
    init(path: String?, rotation: Rotation) throws(Failure) {
        self.rotation = rotation
        var reasons: [String] = []
        var candidates: [String] = []
        if let path { candidates = [path] } else {
            for n in 0..<KioskConstants.kmsCardsScanned where access("/dev/dri/card\(n)", F_OK) == 0 { candidates.append("/dev/dri/card\(n)") }
        }
        var opened: String?
        for candidate in candidates {
            var error = [CChar](repeating: 0, count: 256)
            if fling_kms_open(candidate, &kms, &error, error.count) == 0 { opened = candidate; break }
            reasons.append(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        guard let opened else {
            if candidates.isEmpty { throw Failure(message: "no DRM device (/dev/dri/card*): this machine has no KMS driver loaded; use --output fbdev, or run under X/Wayland") }
            throw Failure(message: reasons.joined(separator: "; ") + (reasons.contains { $0.contains("Permission denied") } ? " (is the user in the video group?)" : ""))
        }
        self.path = opened
    }

    /// The mode's pixels.
    var panelPixels: (width: Int, height: Int) { (Int(kms.width), Int(kms.height)) }
    var refreshRate: Double? { kms.refresh_mhz > 0 ? Double(kms.refresh_mhz) / 1000 : nil }

    var summary: String {
        let connector = withUnsafeBytes(of: kms.connector_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        let hz = refreshRate.map { cFormat("%.2f", $0) } ?? "?"
        return "\(path): \(connector) \(kms.width)x\(kms.height) at \(hz) Hz, two dumb buffers (XRGB8888), page-flipped on vblank"
            + (kms.dpms_prop == 0 ? "; no DPMS property" : "")
    }

    func layoutSize(scale: Double) -> Size {
        rotation.layoutSize(panel: Size(Double(kms.width) / scale, Double(kms.height) / scale))
    }

    @discardableResult
    func show(_ display: Display) -> Bool {
        var pitch: UInt32 = 0
        guard let back = fling_kms_back_buffer(&kms, &pitch, Self.flipWaitMilliseconds) else {
            fail("the last flip did not complete in \(Self.flipWaitMilliseconds) ms: this frame is dropped")
            return false
        }
        let (w, h) = (Int(display.pixelWidth), Int(display.pixelHeight))
        let copied = display.withFramePixels { pixels, sourcePitch in
            RotatedPixelCopy.copy(from: pixels, sourcePitch: sourcePitch, width: w, height: h, rotation: rotation,
                                  into: back, destinationPitch: Int(pitch), destinationWidth: Int(kms.width), destinationHeight: Int(kms.height))
        }
        guard copied else {
            fail("the frame is not in the renderer's surface: nothing to show")
            return false
        }
        let r = fling_kms_show(&kms)
        guard r == 0 else {
            fail("the frame could not be shown (\(String(cString: strerror(-r)))\(r == -EACCES || r == -EPERM ? ": Fling is not the DRM master" : ""))")
            return false
        }
        if lastFailure != nil { Log.info("kms: \(path): frames are shown again") }
        lastFailure = nil
        framesShown += 1
        return true
    }

    private func fail(_ message: String) {
        if lastFailure == nil { Log.error("kms: \(path): \(message)") }
        lastFailure = message
    }

    func suspend() {
        let r = fling_kms_drop_master(&kms, Self.flipWaitMilliseconds)
        if r != 0 { Log.warning("kms: \(path): the DRM master could not be let go (\(String(cString: strerror(-r)))): the other console may not show") }
    }

    func resume(_ display: Display, showing: Bool) {
        let r = fling_kms_set_master(&kms)
        if r != 0 { Log.warning("kms: \(path): the DRM master could not be taken back (\(String(cString: strerror(-r))))") }
        _ = fling_kms_restore(&kms)
        // (Setting the mode again lights the CRTC: a panel its schedule keeps dark goes dark again.)
        if showing { show(display) } else if !setPower(false) { showBlack() }
    }

    func setPower(_ on: Bool) -> Bool { fling_kms_set_power(&kms, on ? 1 : 0) == 0 }

    func showBlack() {
        var pitch: UInt32 = 0
        guard let back = fling_kms_back_buffer(&kms, &pitch, Self.flipWaitMilliseconds) else { return }
        back.initializeMemory(as: UInt8.self, repeating: 0, count: Int(pitch) * Int(kms.height))
        _ = fling_kms_show(&kms)
    }

    func close() { fling_kms_close(&kms, Self.flipWaitMilliseconds) }
}
