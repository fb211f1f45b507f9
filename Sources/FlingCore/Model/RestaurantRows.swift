/// RestaurantRows: the list's restaurants, each built from its data file when first read and
/// the latest few kept, so a list of 100,000 costs what its shown rows cost.

/// The restaurants of the list, by row. Rows given whole (the tests, small files) are held as
/// they are; a data file's rows come from `load` (its bytes read and parsed), and the last
/// `InteractionConstants.builtRowsKept` built are kept. Reading a row is all a caller does:
/// where it comes from is this type's concern.
@MainActor
public final class RestaurantRows {
    public let count: Int
    private let all: [Restaurant]?
    private let load: (Int) -> Restaurant
    /// The built rows kept, and the order they were built in (the oldest goes first).
    private var kept: [Int: Restaurant] = [:]
    private var order: [Int] = []
    private var next = 0

    public init(_ restaurants: [Restaurant]) {
        count = restaurants.count; all = restaurants; load = { restaurants[$0] }
    }

    /// `count` rows, row `i` built by `load(i)` when first read.
    public init(count: Int, load: @escaping (Int) -> Restaurant) {
        self.count = count; all = nil; self.load = load
    }

    public var isEmpty: Bool { count == 0 }
    public var indices: Range<Int> { 0..<count }

    public subscript(row: Int) -> Restaurant {
        if let all { return all[row] }
        if let r = kept[row] { return r }
        let r = load(row)
        let limit = InteractionConstants.builtRowsKept
        if order.count < limit { order.append(row) } else {
            kept[order[next]] = nil
            order[next] = row
            next = (next + 1) % limit
        }
        kept[row] = r
        return r
    }

    /// The first row of that name (a study's trial names its restaurant): every row is read.
    public func firstIndex(named name: String) -> Int? { indices.first { self[$0].name == name } }

    /// The first `n` names (a message listing what a study could have named).
    public func names(first n: Int) -> [String] { (0..<min(n, count)).map { self[$0].name } }
}
