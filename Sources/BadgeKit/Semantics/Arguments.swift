// Argument binding: matches the arguments of a call, modifier or path
// command against its parameter names (positional first, then by label) and
// reports unknown labels, repeats, missing and extra arguments.

/// The arguments of one call, bound to parameter names.
struct BoundArguments {
  var values: [String: Argument] = [:]
  /// Whether every required parameter was present and nothing was wrong.
  var ok = true

  subscript(_ name: String) -> Argument? { values[name] }
}

extension Evaluator {
  /// Binds `args` to `parameters` for the callee `callee` (used in
  /// messages). Positional arguments fill parameters in order; a label
  /// names one. `required` lists the parameters that must be present.
  func bind(
    _ args: [Argument], to parameters: [String], required: [String] = [], callee: String,
    at range: SourceRange
  ) -> BoundArguments {
    var bound = BoundArguments()
    var nextPositional = 0
    for arg in args {
      let name: String
      if let label = arg.label {
        guard parameters.contains(label) else {
          report(.unknownArgumentLabel(label, of: callee), arg.labelRange)
          bound.ok = false
          continue
        }
        name = label
      } else {
        while nextPositional < parameters.count && bound.values[parameters[nextPositional]] != nil {
          nextPositional += 1
        }
        guard nextPositional < parameters.count else {
          report(.tooManyArguments(callee, max: parameters.count), arg.range)
          bound.ok = false
          continue
        }
        name = parameters[nextPositional]
        nextPositional += 1
      }
      if bound.values[name] != nil {
        report(.argumentRepeated(name, of: callee), arg.range)
        bound.ok = false
        continue
      }
      bound.values[name] = arg
    }
    for name in required where bound.values[name] == nil {
      report(.missingArgument(name, of: callee), range)
      bound.ok = false
    }
    return bound
  }
}
