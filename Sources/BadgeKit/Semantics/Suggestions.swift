// Did-you-mean suggestions: a name and candidate names in, the closest
// candidate out. Bounded work whatever the input: candidates whose length
// differs by more than the allowed distance are skipped without a look,
// the edit distance is computed in a band that stops as soon as the limit
// is passed, and the callers hand over a bounded set of candidates.

/// Finds likely typos by edit distance.
enum Suggestions {
  /// The candidate closest to `name` by edit distance, if close enough to
  /// be a likely typo (at most a third of the name's length, and 2; never
  /// for names shorter than three characters). Ties go to the candidate
  /// first in alphabetical order. Letters are compared ignoring ASCII case.
  static func closest<S: Sequence<String>>(to name: String, in candidates: S) -> String? {
    let limit = min(2, name.count / 3)
    if limit == 0 { return nil }
    let a = Array(name.utf8)
    var best: (name: String, distance: Int)?
    for c in candidates {
      guard abs(a.count - c.utf8.count) <= limit, let d = distance(a, Array(c.utf8), limit: limit) else { continue }
      if best == nil || d < best!.distance || d == best!.distance && c < best!.name { best = (c, d) }
    }
    return best?.name
  }

  /// An argument label for the unknown `label`: the closest by edit
  /// distance, else the one candidate that `label` begins (`start` for
  /// `startAngle`, `tangent1` for `tangent1End`; at least three letters).
  static func label(for label: String, in candidates: [String]) -> String? {
    if let near = closest(to: label, in: candidates) { return near }
    guard label.utf8.count >= 3 else { return nil }
    let longer = candidates.filter { $0.utf8.count > label.utf8.count && $0.hasPrefix(label) }
    return longer.count == 1 ? longer[0] : nil
  }

  /// Levenshtein distance with a swap of neighbours counting as one, ASCII
  /// letters compared without case, when it is at most `limit`; nil when
  /// it is more. Only a band of `2 * limit + 1` cells a row is computed,
  /// and the rows stop as soon as none is within the limit.
  static func distance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
    if abs(a.count - b.count) > limit { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    let far = limit + 1
    let m = b.count
    var previous2 = [Int](repeating: far, count: m + 1)
    var previous = [Int](repeating: far, count: m + 1)
    var current = [Int](repeating: far, count: m + 1)
    for j in 0...min(m, limit) { previous[j] = j }
    for i in 1...a.count {
      let lo = max(1, i - limit)
      let hi = min(m, i + limit)
      current[0] = i <= limit ? i : far
      if lo > 1 { current[lo - 1] = far }
      var rowBest = current[0]
      if lo <= hi {
        for j in lo...hi {
          let cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1
          var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
          if i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]) {
            v = min(v, previous2[j - 2] + 1)
          }
          current[j] = min(v, far)
          rowBest = min(rowBest, current[j])
        }
      }
      if hi < m { current[hi + 1] = far }
      if rowBest > limit { return nil }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[m] <= limit ? previous[m] : nil
  }

  private static func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c | 0x20 : c }
}

/// The names visible at each point of a walk over the tree, with constant
/// time look-up, insertion and leaving of a scope: a count per name (a
/// name declared again in an inner scope counts twice) and a log of the
/// names declared, undone back to a mark when a scope ends. No set is
/// ever copied.
struct NameTable {
  /// How many visible declarations each name has.
  private var counts: [String: Int] = [:]
  /// Names declared since the table was made, in order; undone by
  /// `restore(to:)`.
  private var log: [String] = []
  /// Names that are always visible (built-ins): one declaration each,
  /// asked of the set itself (not entered in `counts` at every start).
  private let permanent: Set<String>

  /// How many of the most recent declarations suggestions look at.
  static let suggestionReach = 1_000

  init(permanent: Set<String>) {
    self.permanent = permanent
  }

  func contains(_ name: String) -> Bool { count(of: name) > 0 }

  /// How many visible declarations `name` has.
  func count(of name: String) -> Int { counts[name, default: 0] + (permanent.contains(name) ? 1 : 0) }

  mutating func insert(_ name: String) {
    counts[name, default: 0] += 1
    log.append(name)
  }

  /// Where the log stands now: pass it to `restore(to:)` to leave a scope.
  var mark: Int { log.count }

  /// Forgets the names declared since `mark`.
  mutating func restore(to mark: Int) {
    while log.count > mark {
      let name = log.removeLast()
      let n = counts[name]! - 1
      counts[name] = n == 0 ? nil : n
    }
  }

  /// Candidates for a did-you-mean: the permanent names, the first
  /// declarations (the top-level lets) and the most recent ones, at most
  /// `suggestionReach` in all.
  var candidates: [String] {
    let half = NameTable.suggestionReach / 2
    if log.count <= 2 * half { return permanent.sorted() + log }
    return permanent.sorted() + log.prefix(half) + log.suffix(half)
  }
}
