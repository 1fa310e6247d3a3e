// A stack of badgec's own for the stages that recurse over the tree: the
// parser, the name check, the evaluator and the layout recurse as deeply as
// the input nests (up to the documented limits), and an editor or a service
// may call the library from a thread with a small stack (512 KB is common).
// `onLargeStack` runs a stage on a fresh thread whose stack is always large
// enough for those limits, and waits for it.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The stack the compiler's stages run on, in bytes: reserved address
/// space; only the pages a deep input touches are ever backed by memory.
let compilerStackSize = 256 << 20

/// A closure and the slot for its result, handed to the thread.
private final class StackJob<T>: @unchecked Sendable {
  let body: () -> T
  var result: T?
  init(_ body: @escaping () -> T) { self.body = body }
  func run() { result = body() }
}

/// Returns `body()`, computed on a thread with a `compilerStackSize`
/// stack, or on the caller's when it says (`callerStack`, in bytes) that
/// it has enough. When no such thread can be made, `body` runs on the
/// caller's thread.
func onLargeStack<T>(callerStack: Int? = nil, _ body: @escaping () -> T) -> T {
  if let callerStack, callerStackSuffices(callerStack) { return body() }
  let job = StackJob(body)
  var attributes = pthread_attr_t()
  pthread_attr_init(&attributes)
  defer { pthread_attr_destroy(&attributes) }
  guard pthread_attr_setstacksize(&attributes, compilerStackSize) == 0 else { return body() }
  let context = Unmanaged.passRetained(job as AnyObject).toOpaque()
  #if canImport(Glibc)
    var thread = pthread_t()
  #else
    var thread: pthread_t? = nil
  #endif
  let started = pthread_create(
    &thread, &attributes,
    { raw in
      #if canImport(Glibc)
        let object = Unmanaged<AnyObject>.fromOpaque(raw!).takeRetainedValue()
      #else
        let object = Unmanaged<AnyObject>.fromOpaque(raw).takeRetainedValue()
      #endif
      (object as! Runnable).run()
      return nil
    }, context)
  guard started == 0 else {
    Unmanaged<AnyObject>.fromOpaque(context).release()
    return body()
  }
  #if canImport(Glibc)
    pthread_join(thread, nil)
  #else
    pthread_join(thread!, nil)
  #endif
  return job.result!
}

/// The stack a release build needs at the deepest the limits allow (the
/// layout 2,000 levels deep through 250 components took between 1 and 2
/// MB), with room to spare.
let compilerStackNeed = 6 << 20

/// Whether a caller that can still grow its stack by `bytes` may run the
/// stages itself: in a release build, when that is at least
/// `compilerStackNeed` (a thread of their own would only cost start-up
/// time, about 0.2 ms). Debug builds, with their larger frames, always
/// take a thread.
func callerStackSuffices(_ bytes: Int) -> Bool {
  #if DEBUG
    return false
  #else
    return bytes >= compilerStackNeed
  #endif
}

/// What the thread calls: a job whose result type it does not know.
private protocol Runnable: AnyObject { func run() }
extension StackJob: Runnable {}
