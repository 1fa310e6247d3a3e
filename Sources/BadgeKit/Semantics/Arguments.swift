// Argument binding: matches the arguments of a call, modifier or path
// command against its parameter names (positional first, then by label) and
// reports unknown labels, repeats, missing and extra arguments.

/// The arguments of one call, bound to parameter names.
struct BoundArguments {
  /// The parameter names, in order.
  let parameters: [String]
  /// The argument bound to each parameter, by position (no hashing: a
  /// callee has a handful of parameters, and paths bind millions).
  var values: [Argument?]
  /// Whether every required parameter was present and nothing was wrong.
  var ok = true

  init(_ parameters: [String]) {
    self.parameters = parameters
    self.values = Array(repeating: nil, count: parameters.count)
  }

  subscript(_ name: String) -> Argument? {
    parameters.firstIndex(of: name).flatMap { values[$0] }
  }

  /// The argument bound to the parameter at `position`.
  subscript(position position: Int) -> Argument? { values[position] }
}

extension Evaluator {
  /// Binds `args` to `parameters` for the callee `callee` (used in
  /// messages). Positional arguments fill parameters in order; a label
  /// names one. `required` lists the parameters that must be present.
  func bind(
    _ args: [Argument], to parameters: [String], required: [String] = [], callee: String,
    at range: SourceRange
  ) -> BoundArguments {
    var bound = BoundArguments(parameters)
    var nextPositional = 0
    // Labels are found by hashing when there are many parameters.
    var positions: [String: Int]? = nil
    if parameters.count > 16 && args.contains(where: { $0.label != nil }) {
      var table: [String: Int] = [:]
      for (i, p) in parameters.enumerated() where table[p] == nil { table[p] = i }
      positions = table
    }
    for arg in args {
      let position: Int
      if let label = arg.label {
        guard let i = positions?[label] ?? (positions == nil ? parameters.firstIndex(of: label) : nil) else {
          let near = parameters.count <= 64 ? Suggestions.label(for: label, in: parameters) : nil
          report(.unknownArgumentLabel(label, of: callee, suggestion: near), arg.labelRange, replacingWith: near)
          bound.ok = false
          continue
        }
        position = i
      } else {
        while nextPositional < parameters.count && bound.values[nextPositional] != nil {
          nextPositional += 1
        }
        guard nextPositional < parameters.count else {
          report(.tooManyArguments(callee, max: parameters.count), arg.range)
          bound.ok = false
          continue
        }
        position = nextPositional
        nextPositional += 1
      }
      if bound.values[position] != nil {
        report(.argumentRepeated(parameters[position], of: callee), arg.range)
        bound.ok = false
        continue
      }
      bound.values[position] = arg
    }
    if !required.isEmpty && bound.values.contains(where: { $0 == nil }) {
      // Missing ones by position: a component may have thousands. A few
      // required names are compared one by one (a set of them, made at
      // every call, cost more than the binding).
      let requiredNames = required.count > 8 ? Set(required) : nil
      for (i, name) in parameters.enumerated() where bound.values[i] == nil {
        guard requiredNames?.contains(name) ?? required.contains(name) else { continue }
        report(.missingArgument(name, of: callee), range)
        bound.ok = false
      }
    }
    return bound
  }
}
