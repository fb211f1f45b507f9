// ConsoleOutput: what the console's run loop shows frames on, without X or Wayland: a Linux
// framebuffer (FramebufferOutput, `--output fbdev`) or a KMS display's dumb buffers
// (KMSOutput, `--output kms`, and KMSDRM without a GPU).
import FlingCore
import FlingSDL

@MainActor
protocol ConsoleOutput: AnyObject {
    /// How the layout is turned onto the panel (--rotate).
    var rotation: Rotation { get }
    /// Frames shown so far.
    var framesShown: Int { get }
    /// For the log: the device and what it shows ("/dev/fb0: 1280x800 32 bpp …").
    var summary: String { get }
    /// The display's refresh rate in Hz, where it says (a KMS mode); nil: unknown (fbdev).
    var refreshRate: Double? { get }
    /// Why the last frame could not be shown (nil: it was).
    var lastFailure: String? { get }
    /// The layout's size in pt at a scale: the panel's pixels, turned back.
    func layoutSize(scale: Double) -> Size
    /// Shows the frame `display` has drawn (headless, at the layout's size). false: it could
    /// not be shown (said in the log).
    @discardableResult func show(_ display: Display) -> Bool
    /// Another console is coming to the front: the display is let go of before the switch.
    func suspend()
    /// Fling's console is in front again (or a switch away was not one after all): the display
    /// is taken back, and `display`'s frame shown at once when `showing` (false: the panel is
    /// dark by its schedule and stays so).
    func resume(_ display: Display, showing: Bool)
    /// The panel's power (a screen schedule): false where the output cannot switch it.
    func setPower(_ on: Bool) -> Bool
    /// A black frame, where the panel cannot be powered down (a blank by other means).
    func showBlack()
    /// The device let go of (the mode as found, mappings undone).
    func close()
}

extension FramebufferOutput: ConsoleOutput {
    var summary: String { "\(path): \(format)" }
    var refreshRate: Double? { nil }
    var lastFailure: String? { nil }

    @discardableResult
    func show(_ display: Display) -> Bool {
        guard let image = display.readPixels() else {
            Log.error("fbdev: \(path): the frame could not be read back")
            return false
        }
        show(image)
        return true
    }

    func suspend() {}

    func resume(_ display: Display, showing: Bool) {
        remap()
        if showing { show(display) } else if !setPower(false) { showBlack() }
    }

    func setPower(_ on: Bool) -> Bool { blank(!on) }

    func showBlack() { clear() }

    func close() { unmap() }
}
