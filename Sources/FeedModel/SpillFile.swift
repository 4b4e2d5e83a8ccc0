import Foundation
import Glibc

/// Why a table kept in a file could not answer.
public struct SpillFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// A nameless temporary file of 64-bit words, read and written with `pread`/`pwrite`: the
/// per-entry tables of a long feed (`ItemIDHashTable`, `ItemIDHashList`) keep their words here
/// past a small size, so they cost the page cache, which the kernel writes back and reclaims,
/// not the program's memory. Unlinked the moment it is made (like `BodySpool`'s files), it is
/// gone when the table lets go of it and at exit however the process ends.
///
/// Its room is allocated up front (`posix_fallocate`), so a full disk is an error when it
/// grows, never a write lost later; a read that comes back short (the file was cut) is an
/// error, never zeros taken for an empty slot.
final class SpillFile {
    let descriptor: Int32
    /// Words the file has room for.
    private(set) var capacity: Int

    /// Makes a file of `words` zero words in `directory`.
    init(words: Int, in directory: String) throws(SpillFileError) {
        switch NamelessFile.make(in: directory, prefix: "feedscroll-ids") {
        case let .success(file): descriptor = file.descriptor
        case let .failure(reason): throw SpillFileError(reason.message)
        }
        capacity = 0
        try reserve(words)
    }

    deinit { close(descriptor) }

    /// Makes room for `words` words (new room reads as zeros).
    func reserve(_ words: Int) throws(SpillFileError) {
        guard words > capacity else { return }
        let status = posix_fallocate(descriptor, 0, off_t(words * 8))
        guard status == 0 else { throw SpillFileError("cannot grow the id table's file to \(words * 8) bytes: \(String(cString: strerror(status)))") }
        capacity = words
    }

    /// Reads `count` words from word `at` into `buffer`.
    func read(_ buffer: UnsafeMutablePointer<UInt64>, count: Int, at word: Int) throws(SpillFileError) {
        try transfer(count: count, at: word, "read") { pread(descriptor, UnsafeMutableRawPointer(buffer) + $0, $1, $2) }
    }

    /// Writes `count` words from `buffer` at word `at`.
    func write(_ buffer: UnsafePointer<UInt64>, count: Int, at word: Int) throws(SpillFileError) {
        try transfer(count: count, at: word, "write") { pwrite(descriptor, UnsafeRawPointer(buffer) + $0, $1, $2) }
    }

    /// Runs `call` (`pread` or `pwrite`: byte offset in the buffer, bytes left, file offset) until
    /// `count` words have moved; an interrupted call is made again; a short read (a cut file) or
    /// a failure is an error.
    private func transfer(count: Int, at word: Int, _ verb: String, _ call: (Int, Int, off_t) -> Int) throws(SpillFileError) {
        let bytes = count * 8
        var done = 0
        while done < bytes {
            let n = call(done, bytes - done, off_t(word * 8 + done))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                throw SpillFileError(n < 0
                    ? "cannot \(verb) the id table's file: \(String(cString: strerror(errno)))"
                    : "the id table's file is shorter than it was written (cut at \(word * 8 + done) bytes)")
            }
            done += n
        }
    }
}

/// Where per-entry tables put their files: the temporary directory (`TMPDIR`), like spooled bodies.
public enum SpillDirectory {
    public static var `default`: String { FileManager.default.temporaryDirectory.path }
}
