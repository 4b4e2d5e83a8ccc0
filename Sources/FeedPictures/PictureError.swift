/// Why a picture could not be shown. Every case ends in a placeholder and one log line.
public enum PictureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The body is larger than the byte cap (checked before decoding).
    case tooManyBytes(Int, limit: Int)
    /// The header declares more pixels than the budget (checked before decoding a pixel).
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// Not PNG or JPEG, whatever the Content-Type said: the format sniffed from the bytes.
    case unsupportedFormat(PictureFormat)
    /// A PNG or JPEG that the library could not decode: truncated, corrupt.
    case corrupt(PictureFormat, String)
    /// The picture could not be fetched (HTTP status, network, timeout).
    case unavailable(String)

    public var description: String {
        switch self {
        case let .tooManyBytes(count, limit): "picture of \(count) bytes is over the \(limit)-byte cap"
        case let .tooManyPixels(width, height, limit): "picture of \(width)×\(height) is over the budget of \(limit) pixels"
        case let .unsupportedFormat(format): "unsupported picture format: \(format)"
        case let .corrupt(format, reason): "corrupt \(format): \(reason)"
        case let .unavailable(reason): "picture unavailable: \(reason)"
        }
    }
}
