/// A TOML value as the config reads it: plain data, so validation never touches the parser.
public enum ConfigValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case array([ConfigValue])
    /// Keys in the order the file wrote them.
    case table([(key: String, value: ConfigValue)])
    /// A date, a time or anything else the config has no use for, by its TOML type name.
    case other(String)

    /// The TOML type name, as error messages say it.
    public var typeName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a float"
        case .boolean: "a boolean"
        case .array: "an array"
        case .table: "a table"
        case let .other(name): "a \(name)"
        }
    }

    public static func == (lhs: ConfigValue, rhs: ConfigValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): a == b
        case let (.integer(a), .integer(b)): a == b
        case let (.float(a), .float(b)): a == b
        case let (.boolean(a), .boolean(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.table(a), .table(b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        case let (.other(a), .other(b)): a == b
        default: false
        }
    }
}
