// A stack of badgec's own for the stages that recurse over the tree: the
// parser, the name check, the evaluator and the layout recurse as deeply as
// the input nests (up to the documented limits), and an editor or a service
// may call the library from a thread with a small stack (512 KB is common).
// `onLargeStack` runs a stage on a fresh thread whose stack is always large
// enough for those limits, and waits for it.
// Threads come from `startThread` (Backends/Raster/Parallel.swift).

/// The stack the compiler's stages run on, in bytes: reserved address
/// space; only the pages a deep input touches are ever backed by memory.
let compilerStackSize = 256 << 20

/// Returns `body()`, computed on a thread with a `compilerStackSize`
/// stack, or on the caller's when it says (`callerStack`, in bytes) that
/// it has enough. When no such thread can be made, `body` runs on the
/// caller's thread.
func onLargeStack<T>(callerStack: Int? = nil, _ body: @escaping () -> T) -> T {
  if let callerStack, callerStackSuffices(callerStack) { return body() }
  let slot = ResultSlot<T>()
  guard let thread = startThread(stackSize: compilerStackSize, { slot.value = body() }) else { return body() }
  thread.join()
  return slot.value!
}

/// Where the thread leaves its result; read after it is joined.
private final class ResultSlot<T>: @unchecked Sendable {
  var value: T?
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
