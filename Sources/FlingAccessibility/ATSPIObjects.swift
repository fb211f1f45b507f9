// ATSPIObjects: the bridge's answers to AT-SPI clients: the application object, each element
// (Accessible, Component, Action, Value, Text, EditableText, Selection), the notification that
// carries announcements, the Cache, and their D-Bus properties.
import FlingCore

extension ATSPIBridge {
    /// What an object path stands for.
    enum Object {
        case application
        case element(AccessibilityElement)
        case notification
        case cache
    }

    func object(at path: String) -> Object? {
        if path == ATSPI.rootPath { return .application }
        if path == ATSPI.cachePath { return .cache }
        guard let id = id(ofPath: path) else { return nil }
        if id == Self.notificationID { return announcement == nil ? nil : .notification }
        return index[id].map { .element($0.element) }
    }

    func answer(_ m: DBusMessage) -> DBusMessage? {
        guard let path = m.path, let member = m.member else { return nil }
        guard let interface = m.interface else {
            return m.error("org.freedesktop.DBus.Error.UnknownMethod", "\(member) without an interface is not answered")
        }
        if interface == ATSPI.introspectable, member == "Introspect" {
            return m.reply()?.write { $0.string(Self.introspection) }
        }
        guard let object = object(at: path) else {
            return m.error("org.freedesktop.DBus.Error.UnknownObject", "\(path): no such object (gone from the screen)")
        }
        let reply: DBusMessage?
        switch interface {
        case ATSPI.properties: reply = answerProperties(m, object, member)
        case ATSPI.accessible: reply = answerAccessible(m, object, member)
        case ATSPI.application: reply = member == "GetLocale" ? m.reply()?.write { $0.string(Self.locale) } : nil
        case ATSPI.component: reply = answerComponent(m, object, member)
        case ATSPI.action: reply = answerAction(m, object, member)
        case ATSPI.text: reply = answerText(m, object, member)
        case ATSPI.editableText: reply = answerEditableText(m, object, member)
        case ATSPI.selection: reply = answerSelection(m, object, member)
        case "org.a11y.atspi.Cache": reply = member == "GetItems" ? m.reply()?.write { $0.array("((so)(so)(so)iiassusau)") { _ in } } : nil
        default: reply = nil
        }
        return reply ?? m.error("org.freedesktop.DBus.Error.UnknownMethod", "\(interface).\(member) is not offered by \(path)")
    }

    static let introspection = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN" \
        "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node><interface name="org.a11y.atspi.Accessible"/><interface name="org.a11y.atspi.Component"/></node>
        """

    /// The locale clients are told (the messages' language).
    static var locale: String { "en_US" }

    // MARK: The tree's shape

    func name(of object: Object) -> String {
        switch object {
        case .application: appName
        case .element(let e): e.label
        case .notification: announcement ?? ""
        case .cache: ""
        }
    }

    func role(of object: Object) -> AccessibilityRole {
        switch object {
        case .application, .cache: .application
        case .element(let e): e.role
        case .notification: .notification
        }
    }

    /// The children's ids (the window also has the announcement's notification).
    func children(of object: Object) -> [String] {
        switch object {
        case .application: return tree.map { [$0.id] } ?? []
        case .element(let e):
            var ids = e.children.map(\.id)
            if e.id == tree?.id, announcement != nil { ids.append(Self.notificationID) }
            return ids
        case .notification, .cache: return []
        }
    }

    func reference(of id: String) -> (String, String) { (uniqueName, path(of: id)) }

    func parent(of object: Object) -> (String, String) {
        switch object {
        case .application, .cache: return desktop
        case .element(let e):
            if let p = index[e.id]?.parent { return reference(of: p) }
            return (uniqueName, ATSPI.rootPath)
        case .notification: return tree.map { reference(of: $0.id) } ?? (uniqueName, ATSPI.rootPath)
        }
    }

    func indexInParent(of object: Object) -> Int32 {
        switch object {
        case .application, .cache: return -1
        case .element(let e): return Int32(index[e.id]?.indexInParent ?? 0)
        case .notification: return Int32(tree?.children.count ?? 0)
        }
    }

    func states(of object: Object) -> [ATSPI.State] {
        switch object {
        case .application, .cache: return []
        case .element(let e):
            return ATSPI.states(of: e, showing: Self.isShowing(e, in: tree?.frame ?? e.frame))
        case .notification: return [.enabled, .sensitive, .visible, .showing]
        }
    }

    func interfaces(of object: Object) -> [String] {
        switch object {
        case .application: [ATSPI.accessible, ATSPI.application]
        case .element(let e): ATSPI.interfaces(of: e)
        case .notification: [ATSPI.accessible, ATSPI.component]
        case .cache: ["org.a11y.atspi.Cache"]
        }
    }

    func frame(of object: Object) -> Rect {
        switch object {
        case .element(let e): e.frame
        case .notification: .zero
        case .application, .cache: .zero
        }
    }

    // MARK: Accessible

    private func answerAccessible(_ m: DBusMessage, _ object: Object, _ member: String) -> DBusMessage? {
        var args = m.reader
        switch member {
        case "GetChildAtIndex":
            let i = Int(args.int32() ?? -1)
            let kids = children(of: object)
            return m.reply()?.write { w in
                if kids.indices.contains(i) { let r = reference(of: kids[i]); w.reference(r.0, r.1) } else { w.reference("", ATSPI.nullPath) }
            }
        case "GetChildren":
            let kids = children(of: object)
            return m.reply()?.write { w in w.array("(so)") { a in for k in kids { let r = reference(of: k); a.reference(r.0, r.1) } } }
        case "GetIndexInParent": return m.reply()?.write { $0.int32(indexInParent(of: object)) }
        case "GetRelationSet": return m.reply()?.write { $0.array("(ua(so))") { _ in } }
        case "GetRole": return m.reply()?.write { $0.uint32(ATSPI.role(role(of: object))) }
        case "GetRoleName", "GetLocalizedRoleName": return m.reply()?.write { $0.string(ATSPI.roleName(role(of: object))) }
        case "GetState":
            let (lo, hi) = ATSPI.words(states(of: object))
            return m.reply()?.write { w in w.array("u") { $0.uint32(lo); $0.uint32(hi) } }
        case "GetAttributes":
            var attributes = [("toolkit", appName)]
            if case .element(let e) = object {
                attributes.append(("id", e.id))
                if e.range != nil, let v = e.value { attributes.append(("valuetext", v)) }
            }
            return m.reply()?.write { w in w.array("{ss}") { a in
                for (k, v) in attributes { a.container(DBusType.dictEntry, nil) { $0.string(k); $0.string(v) } }
            } }
        case "GetApplication": return m.reply()?.write { $0.reference(uniqueName, ATSPI.rootPath) }
        case "GetInterfaces":
            let names = interfaces(of: object)
            return m.reply()?.write { w in w.array("s") { a in for n in names { a.string(n) } } }
        default: return nil
        }
    }

    // MARK: Properties

    /// Writes the property `name` of `interface` as a variant; false if there is none.
    func writeProperty(_ object: Object, _ interface: String, _ name: String, _ w: inout DBusWriter) -> Bool {
        switch (interface, name) {
        case (ATSPI.accessible, "Name"): let s = self.name(of: object); w.variant("s") { $0.string(s) }
        case (ATSPI.accessible, "Description"):
            let s: String
            if case .element(let e) = object { s = Self.description(of: e) } else { s = "" }
            w.variant("s") { $0.string(s) }
        case (ATSPI.accessible, "Parent"): let p = parent(of: object); w.variant("(so)") { $0.reference(p.0, p.1) }
        case (ATSPI.accessible, "ChildCount"): let n = Int32(children(of: object).count); w.variant("i") { $0.int32(n) }
        case (ATSPI.accessible, "Locale"): w.variant("s") { $0.string(Self.locale) }
        case (ATSPI.accessible, "AccessibleId"):
            let s: String
            if case .element(let e) = object { s = e.id } else { s = "" }
            w.variant("s") { $0.string(s) }
        case (ATSPI.accessible, "HelpText"): w.variant("s") { $0.string("") }
        case (ATSPI.application, "ToolkitName"): w.variant("s") { $0.string(appName) }
        case (ATSPI.application, "Version"): let v = toolkitVersion; w.variant("s") { $0.string(v) }
        case (ATSPI.application, "AtspiVersion"): w.variant("s") { $0.string(ATSPI.version) }
        case (ATSPI.application, "Id"): let i = applicationID; w.variant("i") { $0.int32(i) }
        case (ATSPI.action, "NActions"):
            guard case .element(let e) = object else { return false }
            w.variant("i") { $0.int32(Int32(e.actions.count)) }
        case (ATSPI.value, _):
            guard case .element(let e) = object, let r = e.range else { return false }
            switch name {
            case "MinimumValue": w.variant("d") { $0.double(r.minimum) }
            case "MaximumValue": w.variant("d") { $0.double(r.maximum) }
            case "MinimumIncrement": w.variant("d") { $0.double(r.step) }
            case "CurrentValue": w.variant("d") { $0.double(r.current) }
            case "Text": let v = e.value ?? ""; w.variant("s") { $0.string(v) }
            default: return false
            }
        case (ATSPI.text, "CharacterCount"):
            guard case .element(let e) = object, let t = e.text else { return false }
            w.variant("i") { $0.int32(Int32(t.string.unicodeScalars.count)) }
        case (ATSPI.text, "CaretOffset"):
            guard case .element(let e) = object, let t = e.text else { return false }
            w.variant("i") { $0.int32(Int32(t.caret)) }
        case (ATSPI.selection, "NSelectedChildren"):
            guard case .element(let e) = object else { return false }
            w.variant("i") { $0.int32(Int32(e.children.filter { $0.states.contains(.selected) }.count)) }
        default: return false
        }
        return true
    }

    static let propertyNames: [String: [String]] = [
        ATSPI.accessible: ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId", "HelpText"],
        ATSPI.application: ["ToolkitName", "Version", "AtspiVersion", "Id"],
        ATSPI.action: ["NActions"],
        ATSPI.value: ["MinimumValue", "MaximumValue", "MinimumIncrement", "CurrentValue", "Text"],
        ATSPI.text: ["CharacterCount", "CaretOffset"],
        ATSPI.selection: ["NSelectedChildren"],
    ]

    private func answerProperties(_ m: DBusMessage, _ object: Object, _ member: String) -> DBusMessage? {
        var args = m.reader
        let interface = args.string() ?? ""
        switch member {
        case "Get":
            let name = args.string() ?? ""
            guard let reply = m.reply() else { return nil }
            var w = DBusWriter(reply.raw)
            guard writeProperty(object, interface, name, &w) else {
                return m.error("org.freedesktop.DBus.Error.UnknownProperty", "\(interface).\(name)")
            }
            return reply
        case "GetAll":
            let names = interfaces(of: object).contains(interface) ? Self.propertyNames[interface] ?? [] : []
            return m.reply()?.write { w in
                w.array("{sv}") { a in
                    for n in names {
                        a.container(DBusType.dictEntry, nil) { entry in
                            entry.string(n)
                            if !writeProperty(object, interface, n, &entry) { entry.variant("s") { $0.string("") } }
                        }
                    }
                }
            }
        case "Set":
            let name = args.string() ?? ""
            if interface == ATSPI.application, name == "Id" {
                applicationID = args.recurse { $0.int32() }.flatMap { $0 } ?? 0
                return m.reply()
            }
            if interface == ATSPI.value, name == "CurrentValue", case .element(let e) = object,
               let v = args.recurse({ $0.double() }).flatMap({ $0 }) {
                _ = host.setAccessibilityValue(v, on: e.id)
                invalidate()
                return m.reply()
            }
            return m.error("org.freedesktop.DBus.Error.PropertyReadOnly", "\(interface).\(name) cannot be set")
        default: return nil
        }
    }

    // MARK: Component

    /// A frame in the coordinates a client asked for: 0 screen, 1 window, 2 the parent's.
    func extents(of object: Object, coordType: UInt32) -> Rect {
        let f = frame(of: object)
        switch coordType {
        case 0: return host.screenRect(f)
        case 2:
            let own = host.windowRect(f)
            guard case .element(let e) = object, let p = index[e.id]?.parent, let pf = index[p]?.element.frame else { return own }
            let parent = host.windowRect(pf)
            return Rect(x: own.minX - parent.minX, y: own.minY - parent.minY, width: own.width, height: own.height)
        default: return host.windowRect(f)
        }
    }

    private func answerComponent(_ m: DBusMessage, _ object: Object, _ member: String) -> DBusMessage? {
        var args = m.reader
        func rect(_ r: Rect) -> (Int32, Int32, Int32, Int32) {
            (Self.clamped(r.minX), Self.clamped(r.minY), Self.clamped(r.width), Self.clamped(r.height))
        }
        switch member {
        case "GetExtents":
            let (x, y, w, h) = rect(extents(of: object, coordType: args.uint32() ?? 0))
            return m.reply()?.write { $0.structure { $0.int32(x); $0.int32(y); $0.int32(w); $0.int32(h) } }
        case "GetPosition":
            let (x, y, _, _) = rect(extents(of: object, coordType: args.uint32() ?? 0))
            return m.reply()?.write { $0.int32(x); $0.int32(y) }
        case "GetSize":
            let (_, _, w, h) = rect(extents(of: object, coordType: 1))
            return m.reply()?.write { $0.int32(w); $0.int32(h) }
        case "Contains", "GetAccessibleAtPoint":
            let x = Double(args.int32() ?? 0), y = Double(args.int32() ?? 0), type = args.uint32() ?? 0
            if member == "Contains" {
                let r = extents(of: object, coordType: type)
                let inside = x >= r.minX && x < r.maxX && y >= r.minY && y < r.maxY
                return m.reply()?.write { $0.bool(inside) }
            }
            let hit = deepest(under: object, x: x, y: y, coordType: type)
            return m.reply()?.write { w in
                if let hit { let r = reference(of: hit); w.reference(r.0, r.1) } else { w.reference("", ATSPI.nullPath) }
            }
        case "GetLayer":
            let layer: UInt32 = role(of: object) == .window ? 7 : role(of: object) == .dialog ? 5 : 3
            return m.reply()?.write { $0.uint32(layer) }
        case "GetMDIZOrder": return m.reply()?.write { $0.int16(0) }
        case "GetAlpha": return m.reply()?.write { $0.double(1) }
        case "GrabFocus":
            guard case .element(let e) = object else { return m.reply()?.write { $0.bool(false) } }
            let done = host.focusAccessibilityElement(e.id)
            invalidate()
            return m.reply()?.write { $0.bool(done) }
        case "ScrollTo", "ScrollToPoint", "SetExtents", "SetPosition", "SetSize":
            return m.reply()?.write { $0.bool(false) }
        default: return nil
        }
    }

    /// The innermost element under a point, among `object` and its descendants.
    private func deepest(under object: Object, x: Double, y: Double, coordType: UInt32) -> String? {
        guard case .element(let e) = object else { return tree.flatMap { deepest(under: .element($0), x: x, y: y, coordType: coordType) } }
        for c in e.children.reversed() {
            let r = extents(of: .element(c), coordType: coordType)
            if x >= r.minX && x < r.maxX && y >= r.minY && y < r.maxY {
                return deepest(under: .element(c), x: x, y: y, coordType: coordType) ?? c.id
            }
        }
        return nil
    }

    static func clamped(_ v: Double) -> Int32 {
        guard v.isFinite else { return 0 }
        return Int32(max(Double(Int32.min), min(Double(Int32.max), v.rounded())))
    }

    // MARK: Action

    private func answerAction(_ m: DBusMessage, _ object: Object, _ member: String) -> DBusMessage? {
        guard case .element(let e) = object else { return nil }
        var args = m.reader
        switch member {
        case "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding":
            let i = Int(args.int32() ?? -1)
            guard e.actions.indices.contains(i) else { return m.reply()?.write { $0.string("") } }
            let a = e.actions[i]
            let s = member == "GetName" ? a.name : member == "GetKeyBinding" ? "" : a.label
            return m.reply()?.write { $0.string(s) }
        case "GetActions":
            return m.reply()?.write { w in w.array("(sss)") { arr in
                for a in e.actions { arr.structure { $0.string(a.name); $0.string(a.label); $0.string("") } }
            } }
        case "DoAction":
            let i = Int(args.int32() ?? -1)
            guard e.actions.indices.contains(i) else { return m.reply()?.write { $0.bool(false) } }
            let done = host.performAccessibilityAction(e.actions[i].name, on: e.id)
            invalidate()
            return m.reply()?.write { $0.bool(done) }
        default: return nil
        }
    }

    // MARK: Selection

    private func answerSelection(_ m: DBusMessage, _ object: Object, _ member: String) -> DBusMessage? {
        guard case .element(let e) = object else { return nil }
        var args = m.reader
        let selected = e.children.filter { $0.states.contains(.selected) }
        switch member {
        case "GetSelectedChild":
            let i = Int(args.int32() ?? -1)
            return m.reply()?.write { w in
                if selected.indices.contains(i) { let r = reference(of: selected[i].id); w.reference(r.0, r.1) } else { w.reference("", ATSPI.nullPath) }
            }
        case "IsChildSelected":
            let i = Int(args.int32() ?? -1)
            let yes = e.children.indices.contains(i) && e.children[i].states.contains(.selected)
            return m.reply()?.write { $0.bool(yes) }
        case "SelectChild":
            let i = Int(args.int32() ?? -1)
            guard e.children.indices.contains(i) else { return m.reply()?.write { $0.bool(false) } }
            let c = e.children[i]
            // A tab is chosen by activating it; a list's row by focusing it (the keyboard's selection).
            let done = c.role == .tab ? host.performAccessibilityAction(AccessibilityAction.activate.name, on: c.id)
                                      : host.focusAccessibilityElement(c.id)
            invalidate()
            return m.reply()?.write { $0.bool(done) }
        case "DeselectSelectedChild", "DeselectChild", "ClearSelection", "SelectAll":
            return m.reply()?.write { $0.bool(false) }
        default: return nil
        }
    }
}
