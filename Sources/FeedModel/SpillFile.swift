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
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
        template.append(contentsOf: Array("feedscroll-ids-XXXXXX".utf8CString))
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SpillFileError("cannot make a temporary file in \(directory): \(String(cString: strerror(errno)))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        descriptor = fd
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
        let bytes = count * 8
        var done = 0
        while done < bytes {
            let n = pread(descriptor, UnsafeMutableRawPointer(buffer) + done, bytes - done, off_t(word * 8 + done))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                throw SpillFileError(n < 0
                    ? "cannot read the id table's file: \(String(cString: strerror(errno)))"
                    : "the id table's file is shorter than it was written (cut at \(word * 8 + done) bytes)")
            }
            done += n
        }
    }

    /// Writes `count` words from `buffer` at word `at`.
    func write(_ buffer: UnsafePointer<UInt64>, count: Int, at word: Int) throws(SpillFileError) {
        let bytes = count * 8
        var done = 0
        while done < bytes {
            let n = pwrite(descriptor, UnsafeRawPointer(buffer) + done, bytes - done, off_t(word * 8 + done))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw SpillFileError("cannot write the id table's file: \(String(cString: strerror(errno)))") }
            done += n
        }
    }
}

/// Where per-entry tables put their files: the temporary directory (`TMPDIR`), like spooled bodies.
public enum SpillDirectory {
    public static var `default`: String { FileManager.default.temporaryDirectory.path }
}
