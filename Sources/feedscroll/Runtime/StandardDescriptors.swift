import Foundation

/// Keeps descriptors 0, 1 and 2 taken, so a file opened later (the log, the cache) can never
/// become stdout.
///
/// Started with stdout closed (`feedscroll demo --json >&-`), the first `open` would get
/// descriptor 1, and the items would be written into the SQLite cache. A closed descriptor is
/// filled with `/dev/null` opened the wrong way for it: stdout read-only, so every write fails
/// with `EBADF` and the pipe reports the lost output and exits 1, as `cat` does; stdin and
/// stderr as usual (nothing to read, errors nobody can see).
enum StandardDescriptors {
    static func reserve() {
        for (descriptor, flags) in [(STDIN_FILENO, O_RDONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_WRONLY)] {
            guard fcntl(descriptor, F_GETFD) == -1 && errno == EBADF else { continue }
            let opened = open("/dev/null", flags)
            if opened >= 0 && opened != descriptor {
                // A lower descriptor was closed too and took this one: move it where it belongs.
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}
