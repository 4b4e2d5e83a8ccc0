import Foundation

/// Where the page cache lives: `--cache FILE`, else `$XDG_CACHE_HOME/feedscroll/cache.sqlite`,
/// else `~/.cache/feedscroll/cache.sqlite`; `--no-cache` means none.
public enum CacheLocation: Sendable, Equatable {
    case file(String)
    case disabled

    /// The default location from the environment (XDG Base Directory rules: a relative
    /// `XDG_CACHE_HOME` is ignored).
    ///
    /// - Parameter environment: the process environment.
    /// - Returns: `.file` with the path, or `.disabled` when neither `XDG_CACHE_HOME` nor `HOME` is usable.
    public static func standard(environment: [String: String]) -> CacheLocation {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return .file(xdg + "/feedscroll/cache.sqlite")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return .file(home + "/.cache/feedscroll/cache.sqlite")
        }
        return .disabled
    }
}
