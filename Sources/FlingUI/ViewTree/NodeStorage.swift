// NodeStorage: the state views keep between builds (scroll positions, widget animations, a
// press in progress, the last value a preference observer saw), under typed keys.
import FlingCore

/// Where a node keeps one kind of value between builds: its path (or "path#part" for state
/// of its own besides its main value) and the type stored there, so every read and write
/// names its type once, at the key.
struct StorageKey<Value>: Hashable {
    let raw: String
    /// The node's main value (a scroll view's position, a switch's animation).
    init(path: String) { raw = path }
    /// Made by `Node.storageKey(_:)`, which keeps the string from event to event.
    init(raw: String) { self.raw = raw }
}

/// Per-node state that outlives rebuilds, keyed by `StorageKey`s and forgotten when the
/// node's path leaves the tree.
struct NodeStorage {
    private var values: [String: Any] = [:]

    var isEmpty: Bool { values.isEmpty }

    subscript<Value>(_ key: StorageKey<Value>) -> Value? {
        get { values[key.raw] as? Value }
        set { values[key.raw] = newValue }
    }

    /// Whether anything is stored under `key`'s name, of whatever type.
    func contains<Value>(_ key: StorageKey<Value>) -> Bool { values[key.raw] != nil }

    @discardableResult
    mutating func removeValue<Value>(forKey key: StorageKey<Value>) -> Value? {
        values.removeValue(forKey: key.raw) as? Value
    }

    /// The raw keys ("path" or "path#part"), for pruning.
    var rawKeys: Dictionary<String, Any>.Keys { values.keys }
    mutating func removeRaw(_ raw: String) { values.removeValue(forKey: raw) }
    func containsRaw(_ raw: String) -> Bool { values[raw] != nil }

    /// Steps every stored scroll position and animation to `t`. `moving`: any still moves;
    /// `movesLayout`: a scroll position moved or came to rest (where children are placed
    /// changed). A widget's animation (a switch's knob, a segmented control's thumb) is read
    /// when it draws and moves no layout.
    mutating func advanceAnimations(to t: Double) -> (moving: Bool, movesLayout: Bool) {
        var moving = false, movesLayout = false
        // Only what changed is written back, after the loop: writing into the dictionary
        // while iterating it copied it, and each write boxed the value again, every frame.
        var changed: [(String, Any)] = []
        for (raw, value) in values {
            if let old = value as? ScrollState {
                var s = old
                if s.advance(to: t) { moving = true; movesLayout = true }
                if s != old { changed.append((raw, s)); movesLayout = true }
            } else if let a = value as? AnimatedValue {
                let settled = a.settled(at: t)
                if settled.isAnimating { moving = true }
                if settled != a { changed.append((raw, settled)) }
            }
        }
        for (raw, value) in changed { values[raw] = value }
        return (moving, movesLayout)
    }
}
