import Foundation

/// Where the built `feedscroll` executable is, for end-to-end tests.
public enum FeedscrollBinary {
    /// `FEEDSCROLL_BIN` if set; otherwise `.build/debug/feedscroll` under the package root
    /// (the first directory above this source file that holds `Package.swift`).
    public static var path: String {
        if let path = ProcessInfo.processInfo.environment["FEEDSCROLL_BIN"], !path.isEmpty { return path }
        return packageRoot.appendingPathComponent(".build/debug/feedscroll").path
    }

    /// Whether `path` names an executable file (build it with `swift build` first).
    public static var isBuilt: Bool {
        FileManager.default.isExecutableFile(atPath: path)
    }

    /// The directory holding `Package.swift`.
    public static var packageRoot: URL {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }
}
