import Foundation
import Synchronization

/// Where background work leaves results for the runtime thread: a `Mutex`-guarded list plus a
/// self-pipe, so the runtime can sleep in `poll()` with no timeout and still wake at once.
public final class Inbox<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])
    /// Becomes readable when something was posted.
    public let readDescriptor: Int32
    private let writeDescriptor: Int32

    public init() {
        var fds: [Int32] = [0, 0]
        if pipe(&fds) != 0 { fatalError("feedscroll: cannot create a pipe: \(String(cString: strerror(errno)))") }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Called from any thread.
    public func post(_ element: Element) {
        items.withLock { $0.append(element) }
        var byte: UInt8 = 1
        // A full pipe already means "wake up": EAGAIN is fine to ignore.
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Everything posted so far, in order; clears the pipe.
    public func drain() -> [Element] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(readDescriptor, &buffer, buffer.count) > 0 {}
        return items.withLock { list in
            defer { list.removeAll(keepingCapacity: true) }
            return list
        }
    }

    /// Blocks until something is posted (or `timeout` milliseconds pass; -1 waits forever).
    public func wait(timeout: Int32 = -1) {
        var descriptor = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, timeout) < 0 && errno == EINTR {}
    }
}
