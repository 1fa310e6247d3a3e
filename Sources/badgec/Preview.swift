// `badgec preview`: starts BadgeTools' preview server on the input, prints
// its address on standard output and serves until SIGINT or SIGTERM.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import BadgeKit
import BadgeTools

let previewUsage = """
  usage: badgec preview INPUT [--port N] [--size S,…] [options]

  Serves a page on 127.0.0.1 that shows the badge and follows the file:
  saved (in place, by renaming over it, or deleted and written again), it
  or any file it imports is compiled again and the page updates itself.
  The page shows the badge at its declared size, 100, 32 and 16 points
  and any --size, on light, dark and checkered backgrounds, badgec's PNG,
  the pixels at 8×, the diagnostics while it has errors, and for a shape
  clicked, where it is written and how it was laid out. The address is
  printed on standard output; SIGINT (Ctrl-C) or SIGTERM stops it.

  options:
    --port N            the port (default 0: a free one)
    --size W | WxH      more sizes to show (a list: 48,64x20); a width alone
                        keeps the badge's shape
    -D, -I, --font-dir  as when compiling

  """

func runPreview(_ inv: Invocation) -> Int32 {
  let path = inv.inputs[0]
  guard path != "-" else { usageError("badgec preview follows a file; standard input cannot be followed") }
  let sizes: [(width: Double, height: Double?)] = zip(inv.sizes, inv.sizeTexts).map { size, text in
    (size.width, text.utf8.contains(UInt8(ascii: "x")) ? size.height : nil)
  }
  let settings = PreviewSettings(path: path, options: inv.options, sizes: sizes)
  let server: PreviewServer
  do throws(PreviewError) { server = try PreviewServer(settings, port: inv.port ?? 0) } catch {
    fail(error.message, code: 1)
  }
  writeAll(1, Array("badgec preview: \(server.url) (Ctrl-C stops)\n".utf8))
  server.run()
  return 0
}
