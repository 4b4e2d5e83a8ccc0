import ArgumentParser
import FeedFormats
import FeedModel
import FeedStore
import Foundation

/// Where the subscription list lives: the config's `[[subscriptions]]` (read-only here) and the
/// feeds imported from OPML, kept in the cache's SQLite file (`CacheStore+Subscriptions`).
struct SubscriptionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The cache file that keeps imported feeds (default: the standard cache).", valueName: "FILE"))
    var cache: String?

    /// The store, or one line saying why there is none.
    func openStore(readOnly: Bool) throws -> CacheStore {
        let location: CacheLocation = cache.map { .file($0) } ?? .standard(environment: ProcessInfo.processInfo.environment)
        guard case .file = location else {
            printError("no cache file: set HOME or XDG_CACHE_HOME, or give --cache FILE")
            throw ExitCode(1)
        }
        let opening = CacheStore.open(location, readsReadOnly: readOnly)
        if let warning = opening.warning { printError(warning) }
        guard let store = opening.store else {
            printError("cannot open the cache, which keeps imported feeds")
            throw ExitCode(1)
        }
        return store
    }
}

/// The whole list: the config's feeds first, then the imported ones the config does not name.
func allSubscriptions(configured: [Subscription], stored: [Subscription]) -> [Subscription] {
    let named = Set(configured.map(\.url))
    return configured + stored.filter { !named.contains($0.url) }
}

/// `feedscroll import FILE.opml`: adds an OPML list's feeds to the subscription list.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add the feeds of an OPML file (as feed readers export them) to the subscription list.",
        discussion: """
            Imported feeds are kept in the cache's SQLite file, after the config's [[subscriptions]]; \
            folders become tags. A feed already listed keeps its place and takes the file's name and tags.
            """)

    @Argument(help: ArgumentHelp("The OPML file ('-' reads stdin).", valueName: "FILE.opml"))
    var file: String
    @OptionGroup var store: SubscriptionOptions

    func run() throws {
        let bytes: [UInt8]
        if file == "-" {
            bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        } else {
            guard FileManager.default.fileExists(atPath: file) else {
                printError("import: \(shown(file)): no such file")
                throw ExitCode(1)
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                printError("import: \(shown(file)): cannot read the file")
                throw ExitCode(1)
            }
            bytes = [UInt8](data)
        }
        let document: OPML.Document
        do {
            document = try OPML.parse(bytes)
        } catch {
            printError("import: \(shown(file)): \(error)")
            throw ExitCode(1)
        }
        guard !document.subscriptions.isEmpty else {
            printError("import: \(shown(file)): no feeds in it" + (document.skipped > 0 ? " (\(document.skipped) not http or https)" : ""))
            throw ExitCode(1)
        }
        let cache = try store.openStore(readOnly: false)
        let count: CacheStore.ImportCount
        do {
            count = try cache.importSubscriptions(document.subscriptions, at: Date().timeIntervalSince1970)
        } catch {
            printError("import: cannot write to the cache \(shown(cache.path)): \(error)")
            throw ExitCode(1)
        }
        var line = "imported \(document.subscriptions.count) feed\(document.subscriptions.count == 1 ? "" : "s"): \(count.added) new, \(count.updated) updated"
        if document.skipped > 0 { line += "; \(document.skipped) skipped (not http or https)" }
        print(line)
    }
}

/// `feedscroll export`: the subscription list as OPML 2.0 on stdout.
struct ExportCommand: RunCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the subscription list (config and imported feeds) as OPML 2.0 to stdout.")

    @OptionGroup var store: SubscriptionOptions

    func run(in context: RunContext) throws {
        let opened = try store.openStore(readOnly: true)
        var list = allSubscriptions(configured: context.settings.subscriptions, stored: try opened.subscriptions())
        // A feed the list names not goes out under its own title, as feed readers export it.
        let titles = (try? opened.feedTitles(of: list.filter { $0.name == nil }.map(\.url))) ?? [:]
        for index in list.indices where list[index].name == nil { list[index].name = titles[list[index].url] }
        // A feed that moved for good (301, 308) goes out at its new address: the config is never
        // rewritten, the list a reader takes elsewhere is.
        let moves = (try? opened.feedMoves(of: list.map(\.url))) ?? [:]
        for index in list.indices { if let move = moves[list[index].url] { list[index].url = move.move.url } }
        let text = OPML.write(OPML.Document(title: "feedscroll subscriptions", subscriptions: list))
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
            printError("export: cannot write to stdout: \(error)")
            throw ExitCode(1)
        }
    }
}

/// A file name as typed, with control characters shown as escapes.
private func shown(_ text: String) -> String {
    String(text.unicodeScalars.flatMap { scalar -> [Character] in
        scalar.value < 0x20 || scalar.value == 0x7F ? Array("\\u{\(String(scalar.value, radix: 16))}") : [Character(scalar)]
    })
}
