// ATSPIBridge: Fling's accessibility tree on the AT-SPI2 bus, for Orca and every AT-SPI client:
// finding the accessibility bus and following org.a11y.Status, embedding the app in the
// registry, answering the clients' calls (ATSPIObjects), and sending the events some client
// registered for when the tree changes (ATSPIEvents). Without a bus, or while accessibility is
// off, it does nothing at all.
import FlingCore
import Glibc

/// What the bridge asks of the app. Ids are `AccessibilityElement.id`s; frames are window pt.
@MainActor
public protocol AccessibilityHost: AnyObject {
    /// The window's tree now.
    func accessibilityTree() -> AccessibilityElement
    func performAccessibilityAction(_ name: String, on id: String) -> Bool
    func setAccessibilityValue(_ value: Double, on id: String) -> Bool
    func setAccessibilityText(_ text: String, on id: String) -> Bool
    func setAccessibilityCaret(_ offset: Int, on id: String) -> Bool
    func focusAccessibilityElement(_ id: String) -> Bool
    /// A rect in window pt on the screen, in pixels (the window's place, scale and rotation).
    func screenRect(_ r: Rect) -> Rect
    /// A rect in window pt in the window's own pixels.
    func windowRect(_ r: Rect) -> Rect
}

@MainActor
public final class ATSPIBridge {
    let appName: String
    let toolkitVersion: String
    unowned let host: AccessibilityHost
    let log: (String) -> Void

    /// The session bus: where org.a11y.Bus says whether accessibility is on, and where.
    private var session: DBusConnection?
    /// The accessibility bus, while accessibility is on.
    private(set) var bus: DBusConnection?
    /// The registry's desktop, the application's parent (Socket.Embed's answer).
    var desktop = (name: ATSPI.registryName, path: ATSPI.rootPath)
    /// The application's id, which the registry sets.
    var applicationID: Int32 = 0
    /// The events clients listen for, by client ("Object:StateChanged:Focused", "Window:Activate:",
    /// as the registry spells them): read once on joining, then followed through the registry's
    /// signals without asking again.
    var registrations: [(bus: String, event: String)] = []
    /// The events alone (tests set them).
    var registeredEvents: [String] {
        get { registrations.map(\.event) }
        set { registrations = newValue.map { ("", $0) } }
    }

    /// The tree the clients were last told about, and where each element of it is.
    var tree: AccessibilityElement?
    var index: [String: Entry] = [:]
    struct Entry {
        var element: AccessibilityElement
        var parent: String?
        var indexInParent: Int
    }
    /// Object numbers by element id (paths /org/a11y/atspi/accessible/N), and back.
    var numbers: [String: Int] = [:]
    var ids: [Int: String] = [:]
    private var nextNumber = 1
    /// The tree needs reading again before the next answer (the app changed).
    public private(set) var stale = true
    /// Tests: the events instead of the bus, with the object path each comes from and the path
    /// of the child it names (children-changed).
    var eventSink: ((_ event: Event, _ path: String, _ childPath: String) -> Void)?
    /// The last announcement, shown by the notification object Orca 43 reads.
    var announcement: String?

    public init(appName: String, version: String, host: AccessibilityHost, log: @escaping (String) -> Void) {
        self.appName = appName
        self.toolkitVersion = version
        self.host = host
        self.log = log
    }

    /// Counts the changes of the buses the bridge is on (its sockets change with them).
    public private(set) var generation = 0

    /// Whether clients can see the app now.
    public var isActive: Bool { bus != nil }

    /// The sockets to watch: something arriving on them needs `service()`.
    public var fileDescriptors: [Int32] { [session?.fileDescriptor, bus?.fileDescriptor].compactMap { $0 } }

    // MARK: Bus and status

    /// Finds the session bus and follows org.a11y.Status; joins the accessibility bus when
    /// accessibility is on. Without a session bus, nothing happens (and nothing is said).
    public func start() {
        guard session == nil, let s = DBusConnection.session() else { return }
        session = s
        generation += 1
        s.addMatch("type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='/org/a11y/bus'")
        if statusEnabled(on: s) { connect() }
    }

    /// org.a11y.Status: IsEnabled or ScreenReaderEnabled (what GTK 4 and Qt check).
    private func statusEnabled(on s: DBusConnection) -> Bool {
        func property(_ name: String) -> Bool {
            guard let m = DBusMessage.call(destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: ATSPI.properties, member: "Get"),
                  let reply = s.call(m.write({ $0.string("org.a11y.Status"); $0.string(name) }), timeout: AccessibilityConstants.callTimeout) else { return false }
            var r = reply.reader
            return r.recurse { $0.bool() }.flatMap { $0 } ?? false
        }
        return property("IsEnabled") || property("ScreenReaderEnabled")
    }

    /// Joins the accessibility bus and embeds the application under the registry's desktop.
    private func connect() {
        guard bus == nil, let address = busAddress(), let b = DBusConnection.open(address: address) else {
            log("accessibility: the accessibility bus did not answer; screen readers will not see Fling")
            return
        }
        bus = b
        generation += 1
        b.addMatch("type='signal',interface='org.a11y.atspi.Registry',member='EventListenerRegistered'")
        b.addMatch("type='signal',interface='org.a11y.atspi.Registry',member='EventListenerDeregistered'")
        stale = true
        readRegisteredEvents()
        if let embed = DBusMessage.call(destination: ATSPI.registryName, path: ATSPI.rootPath, interface: "org.a11y.atspi.Socket", member: "Embed"),
           let answer = b.call(embed.write({ $0.reference(b.uniqueName, ATSPI.rootPath) }), timeout: AccessibilityConstants.embedTimeout) {
            var a = answer.reader
            if let d = a.recurse({ r -> (String, String)? in
                guard let n = r.string(), let p = r.string() else { return nil }
                return (n, p)
            }).flatMap({ $0 }) { desktop = (d.0, d.1) }
        }
        log("accessibility: on the AT-SPI bus as \(b.uniqueName)")
        // The window is shown and active: Orca reads only an active frame's focus.
        readTree()
        // The window says it is active only if it has the keyboard (Orca would read its focus).
        if let window = tree, window.states.contains(.active) {
            emit(.window("Activate", detail: "", any: .string(window.label)), from: window.id)
            if let focused = window.focused { emitFocus(to: focused) }
        }
        b.flush()
    }

    /// Where the accessibility bus is: AT_SPI_BUS_ADDRESS, else what org.a11y.Bus says (as
    /// libatspi looks for it).
    private func busAddress() -> String? {
        if let a = getenv("AT_SPI_BUS_ADDRESS").map({ String(cString: $0) }), !a.isEmpty { return a }
        guard let s = session,
              let m = DBusMessage.call(destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus", member: "GetAddress"),
              let reply = s.call(m, timeout: AccessibilityConstants.callTimeout) else { return nil }
        var r = reply.reader
        return r.string().flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Leaves the accessibility bus (accessibility was turned off).
    private func disconnect() {
        guard let b = bus else { return }
        if let m = DBusMessage.call(destination: ATSPI.registryName, path: ATSPI.rootPath, interface: "org.a11y.atspi.Socket", member: "Unembed") {
            b.send(m.write { $0.reference(b.uniqueName, ATSPI.rootPath) })
            b.flush()
        }
        forgetBus()
        log("accessibility: off the AT-SPI bus")
    }

    /// Lets go of the accessibility bus and all that was told over it.
    private func forgetBus() {
        bus?.close()
        bus = nil
        generation += 1
        tree = nil
        index = [:]
        numbers = [:]
        ids = [:]
        registrations = []
        announcement = nil
    }

    /// Leaves the bus at exit.
    public func stop() {
        disconnect()
        session?.close()
        session = nil
        generation += 1
    }

    func readRegisteredEvents() {
        guard let b = bus, let m = DBusMessage.call(destination: ATSPI.registryName, path: ATSPI.registryPath,
                                                     interface: "org.a11y.atspi.Registry", member: "GetRegisteredEvents"),
              let reply = b.call(m, timeout: AccessibilityConstants.callTimeout) else { return }
        var found: [(bus: String, event: String)] = []
        var r = reply.reader
        r.forEach { e in
            _ = e.recurse { s in
                let name = s.string() ?? ""
                if let event = s.string() { found.append((name, event)) }
            }
        }
        registrations = found
    }

    /// A client registered or dropped a listener (the registry's signal says which): the list
    /// follows without a call (Orca registers dozens at start).
    func follow(registrySignal m: DBusMessage) {
        var r = m.reader
        guard let client = r.string() else { return }
        let event = r.string() ?? ""
        func trimmed(_ e: String) -> Substring { e[..<(e.lastIndex { $0 != ":" }.map { e.index(after: $0) } ?? e.startIndex)] }
        switch m.member {
        case "EventListenerRegistered":
            if !registrations.contains(where: { $0.bus == client && $0.event == event }) { registrations.append((client, event)) }
        case "EventListenerDeregistered":
            // As the registry does: every registration of the client under the event named goes
            // ("" names them all: the client went away).
            let gone = trimmed(event).split(separator: ":", omittingEmptySubsequences: false)
            registrations.removeAll { r in
                guard r.bus == client else { return false }
                let parts = trimmed(r.event).split(separator: ":", omittingEmptySubsequences: false)
                for (i, g) in gone.enumerated() where !g.isEmpty { if i >= parts.count || parts[i] != g { return false } }
                return true
            }
        default: break
        }
    }

    // MARK: Serving

    /// Reads what arrived on both buses and answers it. Call it when the sockets had something
    /// (it returns at once when nothing came).
    public func service() {
        if let s = session {
            s.drain { m in
                guard m.isSignal, m.member == "PropertiesChanged" else { return }
                var r = m.reader
                guard r.string() == "org.a11y.Status" else { return }
                let on = statusEnabled(on: s)
                if on && bus == nil { connect() } else if !on && bus != nil { disconnect() }
            }
            if !s.isConnected {
                // The session ended: the accessibility bus (a bus of its own) may still serve.
                log("accessibility: the session bus went away; the screen reader setting is no longer followed")
                s.close()
                session = nil
                generation += 1
            }
        }
        guard let b = bus else { return }
        b.drain { m in
            if m.isSignal {
                if m.interface == "org.a11y.atspi.Registry" { follow(registrySignal: m) }
                return
            }
            guard m.isMethodCall else { return }
            // What changed is told before the answer (a call must not swallow the events).
            refresh()
            let reply = answer(m)
            if !m.noReplyExpected, let reply { b.send(reply) }
        }
        b.flush()
        if !b.isConnected {
            // Let go; the bus is joined again when the setting next changes (a launcher that
            // comes back starts with it), never in a loop here.
            log("accessibility: the accessibility bus went away")
            forgetBus()
        }
    }

    /// Messages libdbus has read but not handed out (read while flushing or waiting on a
    /// reply): the sockets are empty, so the watcher will not say so; `service()` again.
    public var hasQueuedMessages: Bool { (session?.hasQueuedMessages ?? false) || (bus?.hasQueuedMessages ?? false) }

    /// The app changed: the tree is read again before the next answer or `update()`.
    public func invalidate() { stale = true }

    /// Reads the tree now and tells the listening clients what changed.
    public func update() {
        guard bus != nil else { return }
        refresh()
        bus?.flush()
    }

    /// The window gained or lost the keyboard: its active state, and window:activate or
    /// window:deactivate (Orca reads focus only in an active window).
    public func windowFocusChanged(active: Bool) {
        guard bus != nil else { return }
        stale = true
        refresh()   // the window's active state changes: its state-changed event goes first
        if let window = tree {
            emit(.window(active ? "Activate" : "Deactivate", detail: "", any: .string(window.label)), from: window.id)
            // Back in the window, its focus is said again (as GTK does).
            if active, let f = window.focused { emitFocus(to: f) }
        }
        bus?.flush()
    }

    /// If the app changed, the tree is read again and the clients told what changed; the
    /// paths of elements that left are forgotten (one that comes back is a new object, so no
    /// client keeps an old name or state for it).
    func refresh() {
        guard stale else { return }
        let old = tree, oldIndex = index
        readTree()
        if let old, let new = tree { sendChanges(from: old, oldIndex: oldIndex, to: new) }
        for id in numbers.keys where index[id] == nil && id != Self.notificationID {
            if let n = numbers.removeValue(forKey: id) { ids.removeValue(forKey: n) }
        }
    }

    /// Says `text` through the screen reader (a detent reached).
    public func announce(_ text: String) {
        guard bus != nil, let window = tree else { return }
        emit(.object("Announcement", detail: "", detail1: 1, any: .string(text)), from: window.id)
        showNotification(text)
        bus?.flush()
    }

    func readTree() {
        let t = host.accessibilityTree()
        tree = t
        var idx: [String: Entry] = [:]
        func add(_ e: AccessibilityElement, parent: String?, at i: Int) {
            idx[e.id] = Entry(element: e, parent: parent, indexInParent: i)
            for (j, c) in e.children.enumerated() { add(c, parent: e.id, at: j) }
        }
        add(t, parent: nil, at: 0)
        index = idx
        stale = false
    }

    /// The object path of element `id`.
    func path(of id: String) -> String {
        if let n = numbers[id] { return ATSPI.objectPrefix + String(n) }
        let n = nextNumber
        nextNumber += 1
        numbers[id] = n
        ids[n] = id
        return ATSPI.objectPrefix + String(n)
    }

    /// The element id of an object path (nil: not an element, or gone).
    func id(ofPath path: String) -> String? {
        guard path.hasPrefix(ATSPI.objectPrefix), let n = Int(path.dropFirst(ATSPI.objectPrefix.count)) else { return nil }
        return ids[n]
    }

    var uniqueName: String { bus?.uniqueName ?? "" }

    /// The notification element Orca 43 reads announcements from (a child of the window).
    static let notificationID = "announcement"
}
