import ArgumentParser
import FeedConfig

extension ReadCommand {
    /// `read` in one of the plain forms (`ReadArguments`), made without ArgumentParser's
    /// reflective parse, which costs a process a fifth of a page's read.
    ///
    /// - Parameter arguments: the command line after `CommandLineRewrite`, without the program.
    /// - Returns: the command, validated; nil for any other form or one `validate()` refuses,
    ///   which then goes through `Feedscroll.parseAsRoot` so that what is said and done stays
    ///   ArgumentParser's own.
    static func parsedAlone(_ arguments: [String]) -> ReadCommand? {
        guard let read = ReadArguments.parse(arguments) else { return nil }
        // Each wrapper is given its value: one left at its definition cannot be read.
        var command = ReadCommand()
        command.address = read.address
        command.plain = read.plain
        command.json = read.json
        command.noCache = read.noCache
        command.timeout = read.timeout ?? Self.defaultTimeout
        guard (try? command.validate()) != nil else { return nil }
        return command
    }
}
