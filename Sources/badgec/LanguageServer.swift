// `badgec lsp`: the language server (BadgeTools' LanguageServer) over
// standard input and output, for editors. Its messages are the protocol's;
// what goes wrong with the input itself is written on standard error.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import BadgeKit
import BadgeTools

let languageServerUsage = """
  usage: badgec lsp

  A Language Server Protocol server over standard input and output, for
  editors: diagnostics as you type (with badgec's fix-its as quick fixes),
  hover, go to definition, references, rename, completion, formatting
  (badgec fmt), the document's symbols and its colours. Started
  by the editor (see the README's "In the editor"); --stdio is accepted
  and changes nothing. It ends on the protocol's exit notification (exit
  code 0 after shutdown, 1 before it) or at the end of its input.

  """

/// Serves the protocol until the client ends it; the exit code.
func runLanguageServer(_ inv: Invocation) -> Int32 {
  // A client gone mid-reply makes the write fail, and the server end,
  // instead of the signal killing it.
  signal(SIGPIPE, SIG_IGN)
  let server = LanguageServer(input: 0, output: 1, options: inv.options)
  return server.run { message in writeAll(2, Array((message + "\n").utf8)) }
}
