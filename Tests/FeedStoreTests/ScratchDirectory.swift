import Foundation

/// A directory of its own under the temporary directory for one test, removed at the end.
final class ScratchDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "feedstore-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A path inside the directory.
    func file(_ name: String) -> String { path + "/" + name }
}
