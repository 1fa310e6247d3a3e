// Asset catalog outputs: a folder (`Badge.imageset`, `AppIcon.appiconset`)
// made if missing and filled with the files BadgeKit made for it, each
// written atomically (a run stopped half way leaves every file whole, old
// or new); `Contents.json` last, so that it never names an image not yet
// written. Files already in the folder that the set does not name are
// left alone.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import BadgeKit

/// Where the folder `path` goes: an error when it is standard output or
/// a file that is not a folder.
func folderDestination(_ path: String) throws(FileError) -> Destination {
  var info = stat()
  if stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR {
    throw FileError(message: "cannot write the asset catalog '\(path)': it exists and is not a folder")
  }
  return .file(path, mode: nil)
}

/// Writes `files` into the folder `path` (made with its parents if
/// missing). `shown`: the folder as the user wrote it, for errors.
func writeFolder(_ files: [AssetFile], to path: String, shownAs shown: String) throws(FileError) {
  guard FileSystem.makeFolders(path, mode: 0o777) else {
    throw FileError(message: "cannot make the folder '\(shown)': \(errorText())")
  }
  let ordered = files.filter { $0.name != "Contents.json" } + files.filter { $0.name == "Contents.json" }
  for file in ordered {
    let inside = path + "/" + file.name
    var info = stat()
    let mode = stat(inside, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? info.st_mode & 0o7777 : nil
    try writeAtomically(.bytes(file.bytes), to: inside, keeping: mode, shownAs: shown + "/" + file.name)
  }
}
