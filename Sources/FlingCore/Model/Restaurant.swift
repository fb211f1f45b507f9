/// A restaurant of the list (seed 000's `Restaurant`).
public struct Restaurant: Equatable, Sendable {
    public var name: String
    public var type: String
    public var location: String
    public var phone: String
    public var description: String
    /// Image path relative to Resources/images.
    public var image: String
    public var isVisited: Bool

    public init(name: String, type: String, location: String, phone: String,
                description: String, image: String, isVisited: Bool) {
        self.name = name; self.type = type; self.location = location; self.phone = phone
        self.description = description; self.image = image; self.isVisited = isVisited
    }
}

/// A "Today" story (seed 004's `Article`).
public struct Article: Equatable, Sendable {
    public var category: String
    public var headline: String
    public var subHeadline: String
    /// Image path relative to Resources/images.
    public var image: String
    public var content: String

    public init(category: String, headline: String, subHeadline: String, image: String, content: String) {
        self.category = category; self.headline = headline; self.subHeadline = subHeadline
        self.image = image; self.content = content
    }
}

/// Data that parses as JSON but is not what the app expects.
public struct DataFormatError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
    public init(message: String) { self.message = message }
}

/// Reads the sample data files (Resources/restaurants.json, Resources/articles.json).
/// A string longer than its limit is cut there, and `warnings` says which (a 21 KB
/// restaurant type once froze start-up); body fields (description, content) hold more than labels.
public enum SampleData {
    public static func restaurants(fromJSON text: String, warnings: inout [String]) throws -> [Restaurant] {
        try items(text) { obj, where_ in try restaurant(obj, where_, &warnings) }
    }

    private static let restaurantStrings = ["name", "type", "location", "phone", "description", "image"]

    private static func restaurant(_ obj: JSONValue, _ where_: String, _ warnings: inout [String]) throws -> Restaurant {
        func f(_ key: String, body: Bool = false) throws -> String { try field(obj, key, where_, body: body, &warnings) }
        return Restaurant(name: try f("name"), type: try f("type"), location: try f("location"), phone: try f("phone"),
                          description: try f("description", body: true), image: try f("image"),
                          isVisited: try flag(obj, "isVisited", where_))
    }

    /// restaurants.json checked whole, as `restaurants(fromJSON:)` checks it, with no row
    /// built: each row's byte range, for `restaurant(item:number:)` to build when it is shown.
    /// (100,000 rows built whole took 2 s and 400 MB to start.) A malformed
    /// document's error comes first, then the first row that is not a restaurant.
    public static func restaurantRows(utf8 bytes: [UInt8]) throws -> [Range<Int>] {
        let keys = restaurantStrings + ["isVisited"]
        var firstError: DataFormatError?
        guard let items = try JSONParser.scanArray(bytes: bytes, keys: keys, { i, kinds in
            guard firstError == nil else { return }
            guard let kinds else { firstError = DataFormatError(message: "item \(i + 1) is not an object"); return }
            for (k, key) in restaurantStrings.enumerated() where kinds[k] != .string {
                firstError = DataFormatError(message: "item \(i + 1): " + (kinds[k] == .absent ? "missing field \"\(key)\"" : "field \"\(key)\" must be a string"))
                return
            }
            if ![.absent, .null, .bool].contains(kinds[restaurantStrings.count]) {
                firstError = DataFormatError(message: "item \(i + 1): field \"isVisited\" must be true or false")
            }
        }) else { throw DataFormatError(message: "the top level must be an array") }
        if let firstError { throw firstError }
        guard !items.isEmpty else { throw DataFormatError(message: "the array is empty") }
        return items
    }

    /// One row of restaurants.json from its bytes (a range `restaurantRows` gave), numbered
    /// from 1 as the file's items are.
    public static func restaurant(item bytes: [UInt8], number: Int, warnings: inout [String]) throws -> Restaurant {
        let obj = try JSONParser.parse(bytes: bytes)
        guard case .object = obj else { throw DataFormatError(message: "item \(number) is not an object") }
        return try restaurant(obj, "item \(number)", &warnings)
    }

    public static func articles(fromJSON text: String, warnings: inout [String]) throws -> [Article] {
        try items(text) { obj, where_ in
            func f(_ key: String, body: Bool = false) throws -> String { try field(obj, key, where_, body: body, &warnings) }
            return Article(category: try f("category"), headline: try f("headline"), subHeadline: try f("subHeadline"),
                           image: try f("image"), content: try f("content", body: true))
        }
    }

    /// Without the warnings (tests, tools that only read).
    public static func restaurants(fromJSON text: String) throws -> [Restaurant] {
        var ignored: [String] = []
        return try restaurants(fromJSON: text, warnings: &ignored)
    }

    public static func articles(fromJSON text: String) throws -> [Article] {
        var ignored: [String] = []
        return try articles(fromJSON: text, warnings: &ignored)
    }

    private static func items<T>(_ text: String, _ make: (JSONValue, String) throws -> T) throws -> [T] {
        let root = try JSONParser.parse(text)
        guard let array = root.arrayValue else { throw DataFormatError(message: "the top level must be an array") }
        guard !array.isEmpty else { throw DataFormatError(message: "the array is empty") }
        return try array.enumerated().map { i, item in
            guard case .object = item else { throw DataFormatError(message: "item \(i + 1) is not an object") }
            return try make(item, "item \(i + 1)")
        }
    }

    /// An optional boolean field: absent or null means false; anything else must be a boolean.
    private static func flag(_ obj: JSONValue, _ key: String, _ where_: String) throws -> Bool {
        guard let v = obj[key], v != .null else { return false }
        guard let b = v.boolValue else { throw DataFormatError(message: "\(where_): field \"\(key)\" must be true or false") }
        return b
    }

    private static func field(_ obj: JSONValue, _ key: String, _ where_: String, body: Bool, _ warnings: inout [String]) throws -> String {
        guard let v = obj[key] else { throw DataFormatError(message: "\(where_): missing field \"\(key)\"") }
        guard let s = v.stringValue else { throw DataFormatError(message: "\(where_): field \"\(key)\" must be a string") }
        let limit = body ? InteractionConstants.maxDataBodyCharacters : InteractionConstants.maxDataLabelCharacters
        guard s.utf8.count > limit, s.count > limit else { return s }
        warnings.append("\(where_): field \"\(key)\" has \(s.count) characters; only the first \(limit) are shown")
        return String(s.prefix(limit))
    }
}
