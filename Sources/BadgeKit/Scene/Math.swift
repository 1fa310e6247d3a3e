// The few libm functions BadgeKit needs, from Glibc, behind names that do not
// clash with the language's own built-ins.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@inline(__always) func sinOf(_ x: Double) -> Double { sin(x) }
@inline(__always) func cosOf(_ x: Double) -> Double { cos(x) }
@inline(__always) func tanOf(_ x: Double) -> Double { tan(x) }
@inline(__always) func atan2Of(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inline(__always) func expOf(_ x: Double) -> Double { exp(x) }
@inline(__always) func erfOf(_ x: Double) -> Double { erf(x) }
@inline(__always) func powOf(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@inline(__always) func logOf(_ x: Double) -> Double { log(x) }
@inline(__always) func asinOf(_ x: Double) -> Double { asin(x) }
@inline(__always) func acosOf(_ x: Double) -> Double { acos(x) }
@inline(__always) func cbrtOf(_ x: Double) -> Double { cbrt(x) }
