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

/// What a new thread runs.
private final class ThreadBody: @unchecked Sendable {
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
}

/// A thread started by `startThread`, to be joined once.
struct StartedThread {
  #if canImport(Glibc)
    fileprivate let handle: pthread_t
  #else
    fileprivate let handle: pthread_t?
  #endif

  /// Waits for the thread to finish.
  func join() {
    #if canImport(Glibc)
      pthread_join(handle, nil)
    #else
      pthread_join(handle!, nil)
    #endif
  }
}

/// Runs `body` on a new thread, with a stack of `stackSize` bytes if
/// given; nil (and `body` not run) when no such thread can be made.
func startThread(stackSize: Int? = nil, _ body: @escaping () -> Void) -> StartedThread? {
  var attributes = pthread_attr_t()
  pthread_attr_init(&attributes)
  defer { pthread_attr_destroy(&attributes) }
  if let stackSize, pthread_attr_setstacksize(&attributes, stackSize) != 0 { return nil }
  let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  #if canImport(Glibc)
    var thread = pthread_t()
  #else
    var thread: pthread_t? = nil
  #endif
  let started = pthread_create(
    &thread, &attributes,
    { raw in
      #if canImport(Glibc)
        Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
      #else
        Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().run()
      #endif
      return nil
    }, context)
  guard started == 0 else {
    Unmanaged<ThreadBody>.fromOpaque(context).release()
    return nil
  }
  return StartedThread(handle: thread)
}

/// Calls `body(i)` for i in 0..<count, at the same time on `count` threads
/// (the calling thread runs index 0), and returns when all have finished.
func runInParallel(_ count: Int, _ body: @escaping (Int) -> Void) {
  var threads: [StartedThread] = []
  for i in 1..<max(1, count) {
    if let thread = startThread({ body(i) }) {
      threads.append(thread)
    } else {
      body(i)  // No thread: do that share here.
    }
  }
  body(0)
  for t in threads { t.join() }
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
