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
}

/// Reads the sample data files (Resources/restaurants.json, Resources/articles.json).
public enum SampleData {
    public static func restaurants(fromJSON text: String) throws -> [Restaurant] {
        try items(text) { obj, where_ in
            Restaurant(name: try field(obj, "name", where_), type: try field(obj, "type", where_),
                       location: try field(obj, "location", where_), phone: try field(obj, "phone", where_),
                       description: try field(obj, "description", where_), image: try field(obj, "image", where_),
                       isVisited: try flag(obj, "isVisited", where_))
        }
    }

    public static func articles(fromJSON text: String) throws -> [Article] {
        try items(text) { obj, where_ in
            Article(category: try field(obj, "category", where_), headline: try field(obj, "headline", where_),
                    subHeadline: try field(obj, "subHeadline", where_), image: try field(obj, "image", where_),
                    content: try field(obj, "content", where_))
        }
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

    private static func field(_ obj: JSONValue, _ key: String, _ where_: String) throws -> String {
        guard let v = obj[key] else { throw DataFormatError(message: "\(where_): missing field \"\(key)\"") }
        guard let s = v.stringValue else { throw DataFormatError(message: "\(where_): field \"\(key)\" must be a string") }
        return s
    }
}
