/// A least-recently-used cache with a capacity in entries. Evicted values are returned to the
/// caller (the backend destroys their textures).
public struct LRUCache<Key: Hashable, Value> {
    private struct Entry { var value: Value; var stamp: UInt64 }
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    public let capacity: Int

    public init(capacity: Int) { self.capacity = max(1, capacity) }

    public var count: Int { entries.count }
    /// Every value held, in no particular order.
    public var values: [Value] { entries.values.map(\.value) }

    /// The value for `key`, marking it as just used.
    public mutating func value(for key: Key) -> Value? {
        guard var e = entries[key] else { return nil }
        clock += 1
        e.stamp = clock
        entries[key] = e
        return e.value
    }

    /// Inserts and returns whatever had to be evicted to stay within capacity.
    @discardableResult
    public mutating func insert(_ value: Value, for key: Key) -> [Value] {
        clock += 1
        var evicted: [Value] = []
        if let old = entries.updateValue(Entry(value: value, stamp: clock), forKey: key) { evicted.append(old.value) }
        if entries.count > capacity {
            // Evict the oldest quarter at once so eviction cost is amortised.
            let excess = entries.count - capacity + capacity / 4
            let oldest = entries.sorted { $0.value.stamp < $1.value.stamp }.prefix(excess)
            for (k, e) in oldest { entries[k] = nil; evicted.append(e.value) }
        }
        return evicted
    }

    /// Every key with its value, least recently used first.
    public var keysOldestFirst: [(Key, Value)] {
        entries.sorted { $0.value.stamp < $1.value.stamp }.map { ($0.key, $0.value.value) }
    }

    /// Removes `key`'s entry, returning its value.
    public mutating func remove(_ key: Key) -> Value? { entries.removeValue(forKey: key)?.value }

    /// Removes every entry whose key fails `keep`, returning their values.
    public mutating func removeAll(keeping keep: (Key) -> Bool) -> [Value] {
        var removed: [Value] = []
        for (k, e) in entries where !keep(k) { entries[k] = nil; removed.append(e.value) }
        return removed
    }

    public mutating func removeAll() -> [Value] {
        let all = entries.values.map(\.value)
        entries.removeAll()
        return all
    }
}
