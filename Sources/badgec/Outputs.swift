// Many outputs in one run: every input at every `--size` is compiled once,
// then drawn at every `--scale` into every `-o` pattern. The names come
// from the patterns' placeholders; two outputs that would land on one
// file are a usage error before anything is written. The images are drawn
// and encoded in parallel (`pipelined`) and written one by one; a failure
// loses no other output.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import BadgeKit

/// One file to write: which compilation, at what scale, in what format.
struct OutputJob {
  /// Index into the compilations.
  var compilation: Int
  var format: OutputFormat
  var scale: Double
  /// The path as the pattern gave it.
  var path: String
  var destination: Destination
  /// Whether a pattern with placeholders named it (its folders are made).
  var fromPattern: Bool
}

/// The placeholders a pattern may hold.
let placeholders = ["name", "badge", "size", "scale", "width", "height", "format"]

/// `pattern` with its placeholders filled in from `values`; a usage error
/// for an unknown one or an unclosed brace.
func expand(_ pattern: String, _ values: [String: String]) -> String {
  // Most outputs name one file: no brace, nothing to search by character
  // (a search of a string by `Character` is 2 % of a small badge's run).
  guard pattern.utf8.contains(UInt8(ascii: "{")) else { return pattern }
  var out = ""
  var rest = Substring(pattern)
  while let open = rest.firstIndex(of: "{") {
    out += rest[..<open]
    guard let close = rest[open...].firstIndex(of: "}") else {
      usageError("the output '\(pattern)' has a '{' without a '}'")
    }
    let key = String(rest[rest.index(after: open)..<close])
    guard let value = values[key] else {
      let known = placeholders.map { "{\($0)}" }.joined(separator: ", ")
      usageError("unknown placeholder '{\(key)}' in the output '\(pattern)'; expected \(known)")
    }
    out += value
    rest = rest[rest.index(after: close)...]
  }
  return out + rest
}

/// Makes the folders of `path` that are missing (as `mkdir -p`, 0777 less
/// the umask): a pattern's outputs may go into folders of their own. A
/// folder that cannot be made is left to the write to report.
func makeFolders(of path: String) {
  guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
  _ = FileSystem.makeFolders(String(path[..<slash]), mode: 0o777)
}

/// Whether `pattern` holds `{key}`.
func mentions(_ pattern: String, _ key: String) -> Bool { contains(pattern, "{\(key)}") }

/// Whether `text` holds the bytes of `part` (a search of bytes: the
/// standard library's search of a string in a string builds a table and
/// its generic types at its first use, 3 % of a small badge's run).
func contains(_ text: String, _ part: String) -> Bool {
  let t = Array(text.utf8)
  let p = Array(part.utf8)
  guard p.count <= t.count else { return false }
  if p.isEmpty { return true }
  for i in 0...(t.count - p.count) where t[i] == p[0] && t[i..<(i + p.count)].elementsEqual(p) { return true }
  return false
}

/// The file's stem: its name without folders and last extension
/// (`stdin` for standard input).
func stem(_ path: String) -> String {
  if path == "-" { return "stdin" }
  let name = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
  guard let ext = fileExtension(name) else { return name }
  return String(name.dropLast(ext.count + 1))
}

/// A number as a name part: at most three decimals, no trailing zeros.
func nameNumber(_ x: Double) -> String { Explain.number(x) }

/// The format of an output: `--format`, else the pattern's extension,
/// else SVG.
func outputFormat(_ pattern: String, _ given: OutputFormat?) -> OutputFormat {
  if let given { return given }
  guard pattern != "-", let ext = fileExtension(pattern) else { return .svg }
  if ext.utf8.contains(UInt8(ascii: "{")) || ext.utf8.contains(UInt8(ascii: "}")) {
    usageError(
      "cannot tell the format of '\(pattern)' from its extension; use --format \(formatNames)")
  }
  if ext.lowercased() == "xcassets" {
    usageError(
      "'\(pattern)' is an asset catalog, which holds sets: give -o '\(pattern)/{badge}.imageset' or '\(pattern)/AppIcon.appiconset'"
    )
  }
  guard let f = OutputFormat(extension: String(ext)) else {
    usageError(
      "cannot tell the format of '\(pattern)' from its extension; use --format \(formatNames)")
  }
  return f
}

/// A key that is the same for two paths naming one file: the file's
/// device and inode when it exists, else its folder's real path and its
/// name.
func sameFileKey(_ destination: Destination, _ shown: String) -> String {
  switch destination {
  case .descriptor(let fd): return "fd:\(fd)"
  case .device(_, let file): return "file:\(file.device):\(file.inode)"
  case .file(let path, _):
    var info = stat()
    if stat(path, &info) == 0 { return "file:\(info.st_dev):\(info.st_ino)" }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard let real = realpath(folder, nil) else { return "path:" + path }
    defer { free(real) }
    return "path:" + String(cString: real) + "/" + name
  }
}

/// For a VectorDrawable written where Android would not take its name
/// (a resource's name is `[a-z][a-z0-9_]*`), the name it could have: the
/// file name lower-cased, other characters `_`, a leading digit or `_`
/// given a letter before it. Nil for a name Android takes, and for
/// standard output.
func androidResourceName(_ path: String) -> String? {
  guard path != "-" else { return nil }
  let file = stem(path)
  var name = ""
  for s in file.unicodeScalars {
    if ("a"..."z").contains(s) || ("0"..."9").contains(s) || s == "_" {
      name.unicodeScalars.append(s)
    } else if ("A"..."Z").contains(s) {
      name.unicodeScalars.append(Unicode.Scalar(s.value + 32)!)
    } else {
      name += "_"
    }
  }
  if let first = name.unicodeScalars.first, !("a"..."z").contains(first) { name = "d" + name }
  if name.isEmpty { name = "badge" }
  guard name != file else { return nil }
  return name + ".xml"
}
