// DBus: the few pieces of libdbus the AT-SPI bridge uses, in Swift: a private connection
// (never exiting the app when the bus goes), messages written and read through iterators,
// blocking calls with a timeout, and the non-blocking read of what has arrived.
import CDBus

/// D-Bus type codes (libdbus's DBUS_TYPE_* are cast macros Swift does not import).
enum DBusType {
    static let byte = Int32(UInt8(ascii: "y")), boolean = Int32(UInt8(ascii: "b")), int16 = Int32(UInt8(ascii: "n"))
    static let int32 = Int32(UInt8(ascii: "i")), uint32 = Int32(UInt8(ascii: "u")), int64 = Int32(UInt8(ascii: "x"))
    static let double = Int32(UInt8(ascii: "d")), string = Int32(UInt8(ascii: "s")), objectPath = Int32(UInt8(ascii: "o"))
    static let array = Int32(UInt8(ascii: "a")), variant = Int32(UInt8(ascii: "v")), structure = Int32(UInt8(ascii: "r"))
    static let dictEntry = Int32(UInt8(ascii: "e")), invalid = Int32(0)
}

/// Writes a message's arguments in order.
struct DBusWriter {
    var iter = DBusMessageIter()

    init(_ message: OpaquePointer) { dbus_message_iter_init_append(message, &iter) }
    private init() {}

    mutating func string(_ s: String) {
        // libdbus rejects a string with a NUL inside it: the part before is sent.
        s.withCString { p in
            var ptr: UnsafePointer<CChar>? = p
            _ = dbus_message_iter_append_basic(&iter, DBusType.string, &ptr)
        }
    }
    mutating func objectPath(_ s: String) {
        s.withCString { p in
            var ptr: UnsafePointer<CChar>? = p
            _ = dbus_message_iter_append_basic(&iter, DBusType.objectPath, &ptr)
        }
    }
    mutating func int32(_ v: Int32) { var v = v; _ = dbus_message_iter_append_basic(&iter, DBusType.int32, &v) }
    mutating func uint32(_ v: UInt32) { var v = v; _ = dbus_message_iter_append_basic(&iter, DBusType.uint32, &v) }
    mutating func int16(_ v: Int16) { var v = v; _ = dbus_message_iter_append_basic(&iter, DBusType.int16, &v) }
    mutating func double(_ v: Double) { var v = v; _ = dbus_message_iter_append_basic(&iter, DBusType.double, &v) }
    mutating func bool(_ v: Bool) { var v: dbus_bool_t = v ? 1 : 0; _ = dbus_message_iter_append_basic(&iter, DBusType.boolean, &v) }

    /// An array, struct, variant or dict entry, its contents written by `body`.
    mutating func container(_ type: Int32, _ signature: String?, _ body: (inout DBusWriter) -> Void) {
        var child = DBusWriter()
        if let signature {
            signature.withCString { _ = dbus_message_iter_open_container(&iter, type, $0, &child.iter) }
        } else {
            _ = dbus_message_iter_open_container(&iter, type, nil, &child.iter)
        }
        body(&child)
        _ = dbus_message_iter_close_container(&iter, &child.iter)
    }
    mutating func array(_ signature: String, _ body: (inout DBusWriter) -> Void) { container(DBusType.array, signature, body) }
    mutating func structure(_ body: (inout DBusWriter) -> Void) { container(DBusType.structure, nil, body) }
    mutating func variant(_ signature: String, _ body: (inout DBusWriter) -> Void) { container(DBusType.variant, signature, body) }
    /// An object reference, AT-SPI's (so): a bus name and a path.
    mutating func reference(_ name: String, _ path: String) {
        structure { $0.string(name); $0.objectPath(path) }
    }
}

/// Reads a message's arguments in order; a wrong type reads as nil.
struct DBusReader {
    var iter = DBusMessageIter()
    private var valid = false

    init(_ message: OpaquePointer) { valid = dbus_message_iter_init(message, &iter) != 0 }
    private init(child: DBusMessageIter) { iter = child; valid = true }

    /// The type of the argument here (invalid past the last).
    var type: Int32 { mutating get { valid ? dbus_message_iter_get_arg_type(&iter) : DBusType.invalid } }

    private mutating func next() { if valid { valid = dbus_message_iter_next(&iter) != 0 } }

    mutating func string() -> String? {
        guard valid else { return nil }
        let t = dbus_message_iter_get_arg_type(&iter)
        guard t == DBusType.string || t == DBusType.objectPath else { return nil }
        var p: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iter, &p)
        next()
        return p.map { String(cString: $0) }
    }
    mutating func int32() -> Int32? { basic(DBusType.int32, Int32(0)) }
    mutating func uint32() -> UInt32? { basic(DBusType.uint32, UInt32(0)) }
    mutating func double() -> Double? { basic(DBusType.double, 0.0) }
    mutating func bool() -> Bool? { basic(DBusType.boolean, dbus_bool_t(0)).map { $0 != 0 } }

    private mutating func basic<T>(_ type: Int32, _ zero: T) -> T? {
        guard valid, dbus_message_iter_get_arg_type(&iter) == type else { return nil }
        var v = zero
        dbus_message_iter_get_basic(&iter, &v)
        next()
        return v
    }

    /// The contents of the array, struct or variant here, read by `body`.
    mutating func recurse<T>(_ body: (inout DBusReader) -> T) -> T? {
        guard valid else { return nil }
        let t = dbus_message_iter_get_arg_type(&iter)
        guard t == DBusType.array || t == DBusType.structure || t == DBusType.variant || t == DBusType.dictEntry else { return nil }
        var child = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &child)
        var reader = DBusReader(child: child)
        reader.valid = dbus_message_iter_get_arg_type(&child) != DBusType.invalid
        let out = body(&reader)
        next()
        return out
    }

    /// Each element of the array here (`body` reads it from a copy; the loop moves on).
    mutating func forEach(_ body: (inout DBusReader) -> Void) {
        _ = recurse { r in
            while r.type != DBusType.invalid {
                var element = r
                body(&element)
                r.next()
            }
        }
    }
}

/// A message: a method call, a reply, an error or a signal. Owns one reference.
final class DBusMessage {
    let raw: OpaquePointer
    init(owning raw: OpaquePointer) { self.raw = raw }
    deinit { dbus_message_unref(raw) }

    static func call(destination: String, path: String, interface: String, member: String) -> DBusMessage? {
        dbus_message_new_method_call(destination, path, interface, member).map(DBusMessage.init(owning:))
    }
    static func signal(path: String, interface: String, member: String) -> DBusMessage? {
        dbus_message_new_signal(path, interface, member).map(DBusMessage.init(owning:))
    }
    /// Whether the bus may start the destination to answer (D-Bus activation).
    func autoStart(_ on: Bool) -> DBusMessage {
        dbus_message_set_auto_start(raw, on ? 1 : 0)
        return self
    }
    func reply() -> DBusMessage? { dbus_message_new_method_return(raw).map(DBusMessage.init(owning:)) }
    func error(_ name: String, _ text: String) -> DBusMessage? { dbus_message_new_error(raw, name, text).map(DBusMessage.init(owning:)) }

    var type: Int32 { dbus_message_get_type(raw) }
    var isMethodCall: Bool { type == 1 }
    var isSignal: Bool { type == 4 }
    var isError: Bool { type == 3 }
    var path: String? { dbus_message_get_path(raw).map { String(cString: $0) } }
    var interface: String? { dbus_message_get_interface(raw).map { String(cString: $0) } }
    var member: String? { dbus_message_get_member(raw).map { String(cString: $0) } }
    var sender: String? { dbus_message_get_sender(raw).map { String(cString: $0) } }
    var signature: String { dbus_message_get_signature(raw).map { String(cString: $0) } ?? "" }
    var noReplyExpected: Bool { dbus_message_get_no_reply(raw) != 0 }

    var reader: DBusReader { DBusReader(raw) }
    func write(_ body: (inout DBusWriter) -> Void) -> DBusMessage {
        var w = DBusWriter(raw)
        body(&w)
        return self
    }
}

/// A private connection to a bus. Disconnection never exits the app (libdbus's default for a
/// bus connection does).
@MainActor
final class DBusConnection {
    let raw: OpaquePointer

    private init(raw: OpaquePointer) {
        self.raw = raw
        dbus_connection_set_exit_on_disconnect(raw, 0)
    }

    /// The session bus, if one is running (nil and no message when there is none).
    static func session() -> DBusConnection? {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let c = dbus_bus_get_private(DBUS_BUS_SESSION, &error) else { return nil }
        return DBusConnection(raw: c)
    }

    /// A bus at `address` (the accessibility bus), registered on it.
    static func open(address: String) -> DBusConnection? {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let c = dbus_connection_open_private(address, &error) else { return nil }
        guard dbus_bus_register(c, &error) != 0 else {
            dbus_connection_close(c)
            dbus_connection_unref(c)
            return nil
        }
        return DBusConnection(raw: c)
    }

    func close() {
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    var uniqueName: String { dbus_bus_get_unique_name(raw).map { String(cString: $0) } ?? "" }
    var isConnected: Bool { dbus_connection_get_is_connected(raw) != 0 }

    /// The socket, for a watcher to wake the loop when something arrives.
    var fileDescriptor: Int32? {
        var fd: Int32 = -1
        return dbus_connection_get_unix_fd(raw, &fd) != 0 ? fd : nil
    }

    /// Sends a call and waits for its reply (nil on an error reply or after `timeout` ms).
    func call(_ message: DBusMessage, timeout: Int32 = 1000) -> DBusMessage? {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        return dbus_connection_send_with_reply_and_block(raw, message.raw, timeout, &error).map(DBusMessage.init(owning:))
    }

    func send(_ message: DBusMessage) { _ = dbus_connection_send(raw, message.raw, nil) }
    func flush() { dbus_connection_flush(raw) }

    /// Asks the bus for signals matching `rule`.
    func addMatch(_ rule: String) {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        dbus_bus_add_match(raw, rule, &error)
    }

    /// Whether messages wait in libdbus's queue (read while flushing or during a call).
    var hasQueuedMessages: Bool { isConnected && dbus_connection_get_dispatch_status(raw) == DBUS_DISPATCH_DATA_REMAINS }

    /// Reads what has arrived without waiting, and hands each message to `handle`.
    func drain(_ handle: (DBusMessage) -> Void) {
        guard isConnected else { return }
        _ = dbus_connection_read_write(raw, 0)
        while let m = dbus_connection_pop_message(raw) { handle(DBusMessage(owning: m)) }
    }
}
