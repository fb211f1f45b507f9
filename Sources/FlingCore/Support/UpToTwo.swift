/// None, one or two values, kept inline: what a step taken for every input event returns
/// (the kiosk's touch filter, its idle state) without a heap allocation, where an array of
/// one allocates. An array literal makes one too, for tests (`XCTAssertEqual(x, [.quit])`).
public struct UpToTwo<Element>: RandomAccessCollection {
    private var a: Element?
    private var b: Element?
    public private(set) var count = 0

    public init() {}
    public init(_ one: Element) { a = one; count = 1 }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(i: Int) -> Element {
        precondition(i >= 0 && i < count, "UpToTwo: index \(i) out of 0..<\(count)")
        // Both optionals are set below `count` (see append).
        return i == 0 ? a.unsafelyUnwrapped : b.unsafelyUnwrapped
    }

    /// Adds a value; a third is a programming error.
    public mutating func append(_ e: Element) {
        switch count {
        case 0: a = e
        case 1: b = e
        default: preconditionFailure("UpToTwo holds at most two values")
        }
        count += 1
    }
}

extension UpToTwo: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) {
        self.init()
        for e in elements { append(e) }
    }
}

extension UpToTwo: Equatable where Element: Equatable {
    public static func == (l: UpToTwo, r: UpToTwo) -> Bool { l.elementsEqual(r) }
}

extension UpToTwo: Sendable where Element: Sendable {}

extension UpToTwo: CustomStringConvertible {
    public var description: String { "\(Array(self))" }
}
