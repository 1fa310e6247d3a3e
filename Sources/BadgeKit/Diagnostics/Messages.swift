// The catalog of every message badgec reports, alphabetised. Messages are
// lowercase, have no final period, and say what was expected and what was
// found.

/// A diagnostic message; `text` is what is printed.
public enum Message: Equatable, Sendable {
  case argumentRepeated(String, of: String)
  case badColorLiteral(String)
  case badRepeatCount(String)
  case canvasTooLarge(String)
  case componentRecursion(String)
  case componentsTooDeep(Int)
  case divisionByZero
  case duplicateBadge
  case duplicateName(String)
  case expected(String, found: String)
  case gradientNeedsStops
  case imageTooLarge(Int, Int, Int)
  case missingArgument(String, of: String)
  case missingBadge
  case nestingTooDeep(Int)
  case mixedFraction(String)
  case notFinite
  case numberOutOfRange(String)
  case overrideSyntax(String)
  case overrideUnknown(String)
  case sqrtOfNegative
  case tooManyArguments(String, max: Int)
  case tooManyEdges(Int)
  case tooManyShapes(Int)
  case typeMismatch(expected: String, found: String)
  case unexpectedCharacter(String)
  case unknownArgumentLabel(String, of: String, suggestion: String? = nil)
  case unknownComponent(String, suggestion: String? = nil)
  case unknownEscape(String)
  case unknownFunction(String, suggestion: String? = nil)
  case unknownModifier(String, suggestion: String? = nil)
  case unknownName(String, suggestion: String? = nil)
  case unknownPathCommand(String)
  case unknownUnit(String)
  case unterminatedComment
  case unterminatedString
  case pathNeedsMove(String)

  /// The text printed after `error: `.
  public var text: String {
    switch self {
    case .argumentRepeated(let label, let of):
      return "argument '\(label)' of '\(of)' is given twice"
    case .badColorLiteral(let text):
      return "invalid colour '\(text)'; expected #rgb, #rrggbb or #rrggbbaa"
    case .badRepeatCount(let found):
      return "expected a whole number of copies from 0 to 10000, found \(found)"
    case .canvasTooLarge(let found):
      return "expected a canvas side from 1 to 100000 points, found \(found)"
    case .componentRecursion(let name):
      return "component '\(name)' contains itself"
    case .componentsTooDeep(let limit):
      return "components are used inside one another more than \(limit) deep"
    case .divisionByZero:
      return "division by zero"
    case .duplicateBadge:
      return "a file declares one badge; this is a second"
    case .duplicateName(let name):
      return "'\(name)' is already declared"
    case .expected(let what, let found):
      return "expected \(what), found \(found)"
    case .gradientNeedsStops:
      return "a gradient needs two or more colours"
    case .imageTooLarge(let w, let h, let limit):
      return "the image would be \(w) × \(h) pixels; expected at most \(limit) on a side (lower --size or --scale)"
    case .missingArgument(let label, let of):
      return "missing argument '\(label)' of '\(of)'"
    case .missingBadge:
      return "no badge declaration; expected 'badge Name size W { … }'"
    case .mixedFraction(let found):
      return "cannot combine a fraction of the container with \(found)"
    case .nestingTooDeep(let limit):
      return "nesting is too deep; at most \(limit) levels of blocks and expressions"
    case .notFinite:
      return "the result is not a finite number"
    case .numberOutOfRange(let text):
      return "number '\(text)' is out of range"
    case .overrideSyntax(let text):
      return "expected -D name=value, found '\(text)'"
    case .overrideUnknown(let name):
      return "-D \(name): there is no top-level let named '\(name)'"
    case .pathNeedsMove(let command):
      return "'\(command)' needs a current point; start the path with 'move'"
    case .sqrtOfNegative:
      return "square root of a negative number"
    case .tooManyArguments(let of, let max):
      return "too many arguments for '\(of)'; it takes at most \(max)"
    case .tooManyEdges(let limit):
      return "drawing the badge takes more than \(limit) straight edges; expected simpler paths or a smaller image"
    case .tooManyShapes(let limit):
      return "the badge makes more than \(limit) copies or shapes; expected fewer"
    case .typeMismatch(let expected, let found):
      return "expected \(expected), found \(found)"
    case .unexpectedCharacter(let c):
      return "unexpected character '\(c)'"
    case .unknownArgumentLabel(let label, let of, let suggestion):
      return "'\(of)' has no argument '\(label)'" + didYouMean(suggestion)
    case .unknownComponent(let name, let suggestion):
      return "unknown component or shape '\(name)'" + didYouMean(suggestion)
    case .unknownEscape(let e):
      return "unknown escape '\\\(e)' in string"
    case .unknownFunction(let name, let suggestion):
      return "unknown function '\(name)'" + didYouMean(suggestion)
    case .unknownModifier(let name, let suggestion):
      return "unknown modifier '.\(name)'" + didYouMean(suggestion.map { "." + $0 })
    case .unknownName(let name, let suggestion):
      return "unknown name '\(name)'" + didYouMean(suggestion)
    case .unknownPathCommand(let name):
      return "unknown path command '\(name)'; expected move, line, lines, quad, cubic or close"
    case .unknownUnit(let unit):
      return "unknown unit '\(unit)'; expected deg, rad, pt or %"
    case .unterminatedComment:
      return "unterminated block comment; expected '*/'"
    case .unterminatedString:
      return "unterminated string; expected '\"'"
    }
  }

  private func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }
}
