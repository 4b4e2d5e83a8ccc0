import Synchronization

/// The tasks a loader has running, by key (a request, a picture's address, a reader's
/// opening): one task per key, so starting another under the same key cancels the first;
/// each task leaves the table when its work ends, and only itself, so a late end never drops
/// a newer task under its key. `PageFetcher`, `ArticleLoader` and `PictureLoader` keep theirs
/// in one of these.
final class TaskTable<Key: Hashable & Sendable>: Sendable {
    private let state = Mutex<(serial: Int, tasks: [Key: (serial: Int, task: Task<Void, Never>)])>((0, [:]))

    /// Runs `work` in a task preferring `executor`, under `key`; a task already under `key`
    /// is cancelled.
    func start(_ key: Key, on executor: FetchExecutor, _ work: @escaping @Sendable () async -> Void) {
        // Created under the lock, so the task's own removal at its end always finds it.
        state.withLock { state in
            state.serial += 1
            let serial = state.serial
            state.tasks[key]?.task.cancel()
            state.tasks[key] = (serial, Task(executorPreference: executor) {
                await work()
                self.state.withLock { state in
                    if state.tasks[key]?.serial == serial { state.tasks[key] = nil }
                }
            })
        }
    }

    /// Cancels the task under `key`, if one is running.
    /// - Returns: whether one was.
    @discardableResult
    func cancel(_ key: Key) -> Bool {
        let task = state.withLock { $0.tasks.removeValue(forKey: key)?.task }
        task?.cancel()
        return task != nil
    }

    /// Cancels every task (leaving a detail, quitting).
    func cancelAll() {
        let running = state.withLock { state in
            defer { state.tasks.removeAll() }
            return state.tasks.values.map(\.task)
        }
        for task in running { task.cancel() }
    }

    /// Tasks whose work has not ended.
    var count: Int { state.withLock { $0.tasks.count } }
}
