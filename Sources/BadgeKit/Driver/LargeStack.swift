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
/// stack. When no such thread can be made, `body` runs on the caller's
/// thread.
func onLargeStack<T>(_ body: @escaping () -> T) -> T {
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

/// What the thread calls: a job whose result type it does not know.
private protocol Runnable: AnyObject { func run() }
extension StackJob: Runnable {}
