// Threads for the raster backends: runs a job on several cores at once
// with POSIX threads (no Foundation, no Dispatch).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many threads the rasterizer uses: the online cores, at most 8.
let rasterThreads: Int = {
  let n = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  return min(8, max(1, n))
}()

/// A job shared with threads; each thread calls `body` with its index.
private final class Job: @unchecked Sendable {
  let body: (Int) -> Void
  let index: Int
  init(_ body: @escaping (Int) -> Void, _ index: Int) {
    self.body = body
    self.index = index
  }
}

/// Calls `body(i)` for i in 0..<count, at the same time on `count` threads
/// (the calling thread runs index 0), and returns when all have finished.
func runInParallel(_ count: Int, _ body: @escaping (Int) -> Void) {
  guard count > 1 else {
    body(0)
    return
  }
  #if canImport(Glibc)
    var threads: [pthread_t] = []
  #else
    var threads: [pthread_t?] = []
  #endif
  for i in 1..<count {
    let job = Unmanaged.passRetained(Job(body, i)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t? = nil
    #endif
    let started = pthread_create(
      &thread, nil,
      { raw in
        #if canImport(Glibc)
          let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
        #else
          let job = Unmanaged<Job>.fromOpaque(raw).takeRetainedValue()
        #endif
        job.body(job.index)
        return nil
      }, job)
    if started == 0 {
      threads.append(thread)
    } else {
      // No thread: do that share here.
      Unmanaged<Job>.fromOpaque(job).release()
      body(i)
    }
  }
  body(0)
  for t in threads {
    #if canImport(Glibc)
      pthread_join(t, nil)
    #else
      pthread_join(t!, nil)
    #endif
  }
}

/// Hands out the numbers 0, 1, 2, … once each, to whichever thread asks
/// next: threads that start late or run slowly simply take fewer.
final class Tickets: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var next = 0
  private let end: Int

  /// Tickets 0..<end.
  init(_ end: Int) {
    self.end = end
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// The next ticket, or nil when all are taken.
  func take() -> Int? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard next < end else { return nil }
    next += 1
    return next - 1
  }
}
