/// A parsed JSON value with the place it starts in the file.
package struct JSONNode: Sendable, Equatable {
    package var value: JSONValue
    package var location: SourceLocation
}

/// One `"key": value` pair; objects keep them in document order, duplicates included.
package struct JSONMember: Sendable, Equatable {
    package var key: String
    package var keyLocation: SourceLocation
    package var value: JSONNode
}

/// The JSON data model. Numbers keep their literal text so huge or precise values never fail.
package enum JSONValue: Sendable, Equatable {
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// True for objects and arrays.
    package var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }

    /// The kind named in messages ("a string", "an object", ...).
    package var kindName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

extension JSONNode {
    /// The value of the last member named `key`; the last one wins, as in common JSON readers.
    package func member(_ key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    package var stringValue: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    package var boolValue: Bool? {
        if case .bool(let b) = value { return b }
        return nil
    }
}
