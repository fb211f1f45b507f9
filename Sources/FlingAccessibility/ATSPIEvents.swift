// ATSPIEvents: what the bridge tells clients when the tree changes: focus, names, descriptions,
// states, values, text and caret, children added and removed, window activation and
// announcements; each sent only if some client registered for it (GetRegisteredEvents).
import FlingCore

extension ATSPIBridge {
    /// A value an event carries in its variant.
    enum EventData: Equatable {
        case int(Int32), string(String), double(Double), reference(String)
    }
    /// An event: its interface's member, detail, the two numbers and the data.
    enum Event: Equatable {
        case object(String, detail: String, detail1: Int32 = 0, detail2: Int32 = 0, any: EventData = .int(0))
        case window(String, detail: String, any: EventData = .int(0))
        case focus

        var interface: String {
            switch self {
            case .object: ATSPI.eventObject
            case .window: ATSPI.eventWindow
            case .focus: ATSPI.eventFocus
            }
        }
        var member: String {
            switch self {
            case .object(let m, _, _, _, _), .window(let m, _, _): m
            case .focus: "Focus"
            }
        }
        /// The name clients register for, e.g. "object:state-changed:focused".
        var registrationName: String {
            let kind: String
            switch self {
            case .object: kind = "object"
            case .window: kind = "window"
            case .focus: kind = "focus"
            }
            var name = kind + ":" + ATSPIBridge.hyphenated(member)
            if case .object(_, let detail, _, _, _) = self, !detail.isEmpty { name += ":" + detail }
            return name
        }
    }

    /// "StateChanged" → "state-changed".
    nonisolated static func hyphenated(_ member: String) -> String {
        var out = ""
        for (i, c) in member.enumerated() {
            if c.isUppercase { if i > 0 { out.append("-") }; out.append(Character(c.lowercased())) } else { out.append(c) }
        }
        return out
    }

    /// Whether `event` is sent: what keeps a client's cache true always (states, children, a
    /// change of name or description, as GTK's bridge does), the rest only if some client
    /// registered for it. The registry lists registrations as "Object:StateChanged:Focused",
    /// "Window:Activate:" or "Focus::": compared part by part, an empty part matches anything.
    func isWanted(_ event: Event) -> Bool {
        if case .object(let member, let detail, _, _, _) = event {
            if member == "StateChanged" || member == "ChildrenChanged" { return true }
            if member == "PropertyChange" && (detail == "accessible-name" || detail == "accessible-description") { return true }
        }
        let parts = event.registrationName.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        for r in registeredEvents {
            let wanted = r.split(separator: ":", omittingEmptySubsequences: false).map { Self.hyphenated(String($0)) }
            var matches = true
            for (i, w) in wanted.enumerated() where !w.isEmpty {
                if i >= parts.count || parts[i] != w { matches = false; break }
            }
            if matches { return true }
        }
        return false
    }

    /// Sends `event` from element `id`'s object, if anyone listens.
    func emit(_ event: Event, from id: String) {
        guard isWanted(event) else { return }
        let objectPath = id == Self.applicationID ? ATSPI.rootPath : path(of: id)
        if let eventSink {
            var data = ""
            if case .object(_, _, _, _, .reference(let child)) = event { data = path(of: child) }
            eventSink(event, objectPath, data)
            return
        }
        guard let b = bus else { return }
        guard let m = DBusMessage.signal(path: objectPath, interface: event.interface, member: event.member) else { return }
        let (detail, d1, d2, any): (String, Int32, Int32, EventData)
        switch event {
        case let .object(_, detail: d, detail1: a, detail2: c, any: x): (detail, d1, d2, any) = (d, a, c, x)
        case let .window(_, detail: d, any: x): (detail, d1, d2, any) = (d, 0, 0, x)
        case .focus: (detail, d1, d2, any) = ("", 0, 0, .int(0))
        }
        let name = uniqueName
        b.send(m.write { w in
            w.string(detail); w.int32(d1); w.int32(d2)
            switch any {
            case .int(let v): w.variant("i") { $0.int32(v) }
            case .string(let s): w.variant("s") { $0.string(s) }
            case .double(let d): w.variant("d") { $0.double(d) }
            case .reference(let childID): w.variant("(so)") { $0.reference(name, self.path(of: childID)) }
            }
            w.array("{sv}") { _ in }
        })
    }

    static let applicationID = "application"

    /// Focus moved to `element`: its focused state, and the legacy focus event.
    func emitFocus(to element: AccessibilityElement) {
        emit(.object("StateChanged", detail: "focused", detail1: 1), from: element.id)
        emit(.focus, from: element.id)
    }

    /// What changed between two trees, as events.
    func sendChanges(from old: AccessibilityElement, oldIndex: [String: Entry], to new: AccessibilityElement) {
        var lostFocus: String?
        var gainedFocus: AccessibilityElement?
        func compare(_ o: AccessibilityElement, _ n: AccessibilityElement) {
            if o.label != n.label { emit(.object("PropertyChange", detail: "accessible-name", any: .string(n.label)), from: n.id) }
            let od = Self.description(of: o), nd = Self.description(of: n)
            if od != nd { emit(.object("PropertyChange", detail: "accessible-description", any: .string(nd)), from: n.id) }
            if o.range?.current != n.range?.current, let v = n.range?.current {
                emit(.object("PropertyChange", detail: "accessible-value", any: .double(v)), from: n.id)
            }
            let changed = o.states.symmetricDifference(n.states)
            let named: [(AccessibilityStates, String)] = [(.checked, "checked"), (.selected, "selected"), (.expanded, "expanded"),
                                                          (.active, "active"), (.disabled, "enabled"), (.editable, "editable")]
            for (s, name) in named where changed.contains(s) {
                let on = n.states.contains(s) != (s == .disabled)
                emit(.object("StateChanged", detail: name, detail1: on ? 1 : 0), from: n.id)
                // (Clients keep each state they were told of: the states derived with it follow.)
                if s == .disabled { emit(.object("StateChanged", detail: "sensitive", detail1: on ? 1 : 0), from: n.id) }
            }
            if changed.contains(.expanded) || changed.contains(.expandable) {
                let collapsed = n.states.contains(.expandable) && !n.states.contains(.expanded)
                emit(.object("StateChanged", detail: "collapsed", detail1: collapsed ? 1 : 0), from: n.id)
            }
            let window = new.frame
            let wasShowing = Self.isShowing(o, in: old.frame), isShowing = Self.isShowing(n, in: window)
            if wasShowing != isShowing { emit(.object("StateChanged", detail: "showing", detail1: isShowing ? 1 : 0), from: n.id) }
            if changed.contains(.focused) {
                if n.states.contains(.focused) { gainedFocus = n } else { lostFocus = n.id }
            }
            if let ot = o.text, let nt = n.text {
                if ot.string != nt.string {
                    // Only what changed (Orca reads an insert's text: a key typed is one character).
                    let e = Self.textEdit(from: ot.string, to: nt.string, caret: nt.caret)
                    if !e.deleted.isEmpty {
                        emit(.object("TextChanged", detail: "delete", detail1: Int32(e.offset), detail2: Int32(e.deleted.unicodeScalars.count),
                                     any: .string(e.deleted)), from: n.id)
                    }
                    if !e.inserted.isEmpty {
                        emit(.object("TextChanged", detail: "insert", detail1: Int32(e.offset), detail2: Int32(e.inserted.unicodeScalars.count),
                                     any: .string(e.inserted)), from: n.id)
                    }
                }
                if ot.caret != nt.caret { emit(.object("TextCaretMoved", detail: "", detail1: Int32(nt.caret)), from: n.id) }
                // (A caret moving is not a selection changing.)
                if ot.selection != nt.selection, !(ot.selection.isEmpty && nt.selection.isEmpty) {
                    emit(.object("TextSelectionChanged", detail: ""), from: n.id)
                }
            }
            let oldIDs = o.children.map(\.id), newIDs = n.children.map(\.id)
            if oldIDs != newIDs {
                let kept = Set(oldIDs).intersection(newIDs)
                for (i, c) in o.children.enumerated().reversed() where !kept.contains(c.id) {
                    emit(.object("ChildrenChanged", detail: "remove", detail1: Int32(i), any: .reference(c.id)), from: n.id)
                }
                for (i, c) in n.children.enumerated() where !kept.contains(c.id) {
                    emit(.object("ChildrenChanged", detail: "add", detail1: Int32(i), any: .reference(c.id)), from: n.id)
                    c.visit { if $0.states.contains(.focused) { gainedFocus = $0 } }
                }
            }
            let olds = Dictionary(o.children.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            for c in n.children { if let oc = olds[c.id] { compare(oc, c) } }
        }
        compare(old, new)
        // An element that had focus and is gone loses it too.
        if let was = old.focused, index[was.id] == nil, gainedFocus == nil, let now = new.focused { gainedFocus = now }
        if let lost = lostFocus, gainedFocus?.id != lost { emit(.object("StateChanged", detail: "focused", detail1: 0), from: lost) }
        if let g = gainedFocus, g.id != old.focused?.id || oldIndex[g.id] == nil { emitFocus(to: g) }
    }

    /// The one edit that turns `old` into `new`: at a scalar offset, what went and what came
    /// (the common start and end kept).
    /// Where repeated characters leave it open ("aa" to "a"), the edit is placed at the caret
    /// (`caret`: the new caret, scalars): Backspace at 1 deletes at 0, not at 1.
    nonisolated static func textEdit(from old: String, to new: String, caret: Int? = nil) -> (offset: Int, deleted: String, inserted: String) {
        let a = Array(old.unicodeScalars), b = Array(new.unicodeScalars)
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        var endA = a.count, endB = b.count
        while endA > start, endB > start, a[endA - 1] == b[endB - 1] { endA -= 1; endB -= 1 }
        func text(_ s: ArraySlice<Unicode.Scalar>) -> String { var v = String.UnicodeScalarView(); v.append(contentsOf: s); return String(v) }
        let deleted = endA - start, inserted = endB - start
        if let caret, deleted == 0 || inserted == 0 {
            // Slide the edit left through what repeats, to where the caret says it happened.
            let target = inserted > 0 ? caret - inserted : caret
            var o = start
            while o > max(0, target), (deleted > 0 ? a[o - 1] == a[o - 1 + deleted] : b[o - 1] == b[o - 1 + inserted]) { o -= 1 }
            return (o, text(a[o..<(o + deleted)]), text(b[o..<(o + inserted)]))
        }
        return (start, text(a[start..<endA]), text(b[start..<endB]))
    }

    /// Whether an element is on screen (AT-SPI's showing): some of it inside the window.
    static func isShowing(_ e: AccessibilityElement, in window: Rect) -> Bool {
        e.frame.width > 0 && e.frame.height > 0 && e.frame.intersects(window)
    }

    /// AT-SPI's description: the value, then the hint (read after the name and role).
    static func description(of e: AccessibilityElement) -> String {
        var parts: [String] = []
        if let v = e.value, !v.isEmpty, e.range == nil { parts.append(v) }
        if let h = e.hint, !h.isEmpty { parts.append(h) }
        return parts.joined(separator: ", ")
    }

    /// Orca 43 does not read object:announcement: a notification that shows is read.
    func showNotification(_ text: String) {
        let hadOne = announcement != nil
        if hadOne { emit(.object("StateChanged", detail: "showing", detail1: 0), from: Self.notificationID) }
        announcement = text
        if !hadOne, let window = tree {
            emit(.object("ChildrenChanged", detail: "add", detail1: Int32(window.children.count), any: .reference(Self.notificationID)),
                 from: window.id)
        }
        emit(.object("PropertyChange", detail: "accessible-name", any: .string(text)), from: Self.notificationID)
        emit(.object("StateChanged", detail: "showing", detail1: 1), from: Self.notificationID)
    }
}
