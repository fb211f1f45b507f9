// DesktopSettings: what the desktop says about motion and text size, read once at start through
// the settings portal (org.freedesktop.portal.Settings): GNOME's enable-animations (off: Reduce
// Motion) and text-scaling-factor (larger text). Without a portal, nothing is said.

import FlingCore

/// The user's desktop accessibility settings (nil: the desktop did not say).
public struct DesktopSettings: Sendable, Equatable {
    /// org.gnome.desktop.interface enable-animations.
    public var animations: Bool?
    /// org.gnome.desktop.interface text-scaling-factor.
    public var textScale: Double?

    public init(animations: Bool? = nil, textScale: Double? = nil) { self.animations = animations; self.textScale = textScale }

    /// Asks the portal on the session bus, if one runs (half a second at most; nothing without
    /// a bus).
    @MainActor
    public static func read() -> DesktopSettings {
        guard let bus = DBusConnection.session() else { return DesktopSettings() }
        defer { bus.close() }
        func value(_ key: String, _ read: (inout DBusReader) -> Void) {
            guard let m = DBusMessage.call(destination: "org.freedesktop.portal.Desktop", path: "/org/freedesktop/portal/desktop",
                                           interface: "org.freedesktop.portal.Settings", member: "Read"),
                  // A portal that is not running is not started for this (it can take a
                  // second): a desktop that has settings to say runs one.
                  let reply = bus.call(m.autoStart(false).write({ $0.string("org.gnome.desktop.interface"); $0.string(key) }), timeout: AccessibilityConstants.callTimeout)
            else { return }
            var r = reply.reader
            // Read answers v holding v (the portal's old signature), ReadOne a plain v.
            _ = r.recurse { outer in
                if outer.type == DBusType.variant { _ = outer.recurse { read(&$0) } } else { read(&outer) }
            }
        }
        var s = DesktopSettings()
        value("enable-animations") { s.animations = $0.bool() }
        value("text-scaling-factor") { s.textScale = $0.double() }
        return s
    }
}
