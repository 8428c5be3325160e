# Math module functions and constants
# golden: ruby31 — the expectation comes from Debian's native CRuby 3.1: the 3.4
# WebAssembly oracle's libm prints Math.exp(1) as 2.7182818284590455, native libm
# (and CRuby 3.4 on Linux) as 2.718281828459045; the rest of the output is identical.
p Math::PI, Math::E
p Math.sqrt(16), Math.sqrt(2), Math.cbrt(27), Math.cbrt(-8)
p Math.sin(0), Math.cos(0), Math.tan(0), Math.sin(Math::PI / 2)
p Math.atan(1) * 4, Math.atan2(1, 1), Math.atan2(-1, -1), Math.asin(1), Math.acos(1)
p Math.exp(1).round(12), Math.exp(2.5).round(10), Math.exp(0), Math.log(Math::E), Math.log(100, 10), Math.log(8, 2)
p Math.log2(1024), Math.log10(1000), Math.log(1)
p Math.hypot(3, 4), Math.sinh(0), Math.cosh(0), Math.tanh(0)
p Math.sqrt(10**20), Math.sqrt(2**64)
p Math.log(0)
begin
  Math.sqrt(-1)
rescue Math::DomainError => e
  puts "#{e.class}: #{e.message}"
end
begin
  Math.log(-1)
rescue Math::DomainError => e
  puts "#{e.class}: #{e.message}"
end
begin
  Math.sqrt("x")
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end
p Math.sqrt(nil) rescue puts "#{$!.class}: #{$!.message}"
include Math
p sqrt(81), (PI * 100).round / 100.0
p Math.gamma(5)
p (Math.sin(1)**2 + Math.cos(1)**2).round(12)
p Math.erf(0), Math.ldexp(1.5, 3), Math.frexp(12.0)
