/// Kiosk-mode tunables, each with the reason for its value.
public enum KioskConstants {
    /// Seconds without input before a kiosk resets to home (`--idle-reset`): long enough for
    /// a visitor to read a description, short enough that the next one finds the home screen.
    public static let defaultIdleReset: Double = 90
    /// A touch whose up follows its down within this time, at the same point, is a ghost
    /// (a known fault of some resistive/capacitive controllers that emit a down/up pair in
    /// one report). A real tap lasts 50–150 ms; one report is ≤ 1 ms apart.
    public static let ghostMaxDuration: Double = 0.002
    /// …and at most this far (pt) from where it went down: a ghost reports one fixed point.
    public static let ghostMaxDistance: Double = 0.5
    /// A finger down this long without an up is stuck (a lost release) and is released.
    public static let stuckFingerTimeout: Double = 60
    /// After this long with nothing drawn, the windowed and framebuffer loops trim the
    /// renderer's caches to what the last frame drew and give free heap pages back (the
    /// memory budget: idle ≤ 60 MB RSS). Long enough that a pause between two drags keeps its layers.
    public static let idleTrimDelay: Double = 2
    /// Wayland: how soon the loop tries again to send a frame every buffer of which the
    /// compositor still held (it repaints at the display's rate: a quarter of a 60 Hz frame).
    public static let heldPresentRetry: Double = 0.004
    /// The same trim this soon after the scene changed (a tab switch): what the scene left
    /// behind (its photos, its layers: 30 MB for Today at 1080×1920) is not coming back in a
    /// pause, and the next scene's first gesture (the two-stage sheet) must not add its layers
    /// to them: a tour's peak went past the 100 MB budget that way.
    public static let sceneChangeTrimDelay: Double = 0.3
    /// The mouse cursor hides this long after the mouse last moved (kiosk mode).
    public static let cursorHideDelay: Double = 3
    /// The leave-kiosk long press: held this long…
    public static let exitPressDuration: Double = 5
    /// …within this distance (pt) of the top-left corner, without moving out of it.
    public static let exitCornerSize: Double = 60
    /// The key chord that leaves kiosk mode by default (Ctrl+Q is disabled in kiosk mode).
    public static let defaultExitChord = "ctrl+alt+shift+Q"
    /// Pause between two runs of the attract script, after its last command.
    public static let attractLoopGap: Double = 2
    /// The systemd watchdog is fed at this fraction of WATCHDOG_USEC (sd_watchdog_enabled's
    /// documentation recommends half the interval).
    public static let watchdogFraction: Double = 0.5
    /// A kiosk that was asked for a frame and has shown none for this long exits (status 70)
    /// so that its service restarts it (`--frozen-screen`): systemd's watchdog sees
    /// the loop run, not the panel change. Longer than any frame, a console switch aside (a
    /// frame not shown while another console is in front is not asked for), and than the
    /// 10 s WatchdogSec of the shipped units, which catch a loop that stops.
    public static let frozenScreenLimit: Double = 15
    /// The exit status of a frozen screen: sysexits' EX_SOFTWARE.
    public static let frozenScreenStatus: Int32 = 70
    /// What `--frozen-screen` takes (s): at least a second (frames are 16 ms), at most an hour.
    public static let frozenScreenRange: ClosedRange<Double> = 1...3600
    /// A KMS frame waits this long (ms) for the flip queued before it: six vblanks at 60 Hz.
    /// A flip that has not completed by then drops this frame rather than stall the loop.
    public static let kmsFlipWaitMilliseconds: Int32 = 100
    /// A frame the console's display did not take is offered again this soon (s).
    public static let unshownFrameRetry: Double = 0.05
    /// The console's keyboards (read by Fling itself on KMS and fbdev) are looked for again
    /// this often (s): one plugged in later is read within this time.
    public static let keyboardRescanInterval: Double = 5
    /// The cards looked at for a connected display (/dev/dri/card0 to card15).
    public static let kmsCardsScanned = 16
    /// `--status-file` is written again at least this often (s), and at once when the scene
    /// changes, a touch starts, or an error is logged.
    public static let statusInterval: Double = 10
}
