// Many outputs at once: values made on several threads and handed, in
// order, to the calling thread as each is ready, so that a command writing
// an icon set draws and encodes its images in parallel while it writes
// them one by one. POSIX threads (Backends/Raster/Parallel.swift).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The number of cores online, at most 8: how many outputs are made at once.
public let outputThreads = rasterThreads

/// Calls `produce(i)` for every i in 0..<count on up to `threads` threads,
/// and `consume(i, value)` on the calling thread in the order of i, as soon
/// as value i is ready. At most `ahead` values are made before they are
/// consumed (they may be large images). Returns once every value is
/// consumed.
public func pipelined<T>(
  _ count: Int, threads: Int = outputThreads, ahead: Int = 2 * outputThreads,
  produce: @escaping @Sendable (Int) -> T, consume: (Int, T) -> Void
) {
  guard count > 0 else { return }
  let queue = PipelineQueue<T>(count: count, ahead: max(1, ahead))
  var started: [StartedThread] = []
  for _ in 0..<min(max(1, threads), count) {
    guard let t = startThread(stackSize: compilerStackSize, { queue.work(produce) }) else { break }
    started.append(t)
  }
  if started.isEmpty {
    for i in 0..<count { consume(i, produce(i)) }
    return
  }
  for i in 0..<count { consume(i, queue.take(i)) }
  for t in started { t.join() }
}

/// The shared state of `pipelined`: the next index to make, the values
/// made and not yet taken, guarded by one mutex.
private final class PipelineQueue<T>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private let count: Int
  private let ahead: Int
  private var next = 0
  private var taken = 0
  private var values: [Int: T] = [:]

  init(count: Int, ahead: Int) {
    self.count = count
    self.ahead = ahead
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(changed, nil)
  }

  deinit {
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    changed.deallocate()
  }

  /// A worker's loop: takes indices until none are left.
  func work(_ produce: (Int) -> T) {
    while true {
      pthread_mutex_lock(mutex)
      while next < count && next >= taken + ahead { pthread_cond_wait(changed, mutex) }
      guard next < count else {
        pthread_mutex_unlock(mutex)
        return
      }
      let i = next
      next += 1
      pthread_mutex_unlock(mutex)
      let value = produce(i)
      pthread_mutex_lock(mutex)
      values[i] = value
      pthread_cond_broadcast(changed)
      pthread_mutex_unlock(mutex)
    }
  }

  /// Waits for value `i` and takes it.
  func take(_ i: Int) -> T {
    pthread_mutex_lock(mutex)
    while values[i] == nil { pthread_cond_wait(changed, mutex) }
    let value = values.removeValue(forKey: i)!
    taken = i + 1
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
    return value
  }
}
