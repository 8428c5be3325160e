# Typed loops (codegen/infer.c): generated mix of typed arithmetic and boxed
# calls (results of another type hand over to the generic code), compared
# with CRuby 3.4 output.
def id(v) = v
def t0(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 6
      y *= 1
      g = (g / (i - h))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t0(9007199254740992, 2147483648, 1.0e300)
p t0(1000000000000000, 0, 0.5)
p t0(63, -4611686018427387903, -1.25)
def t1(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 11
      g = (((i - 1.0e300) / (g + i)) + ((-1.25 * 1.0) / (g + i)))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t1(2147483648, 9007199254740993, 2.5e-300)
p t1(-4611686018427387904, 4611686018427387903, 1.0)
p t1(1, 1, 3.0)
def t2(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 12
      g = (((i + h) - g) + (h + (2.5e-300 / g)))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t2(2305843009213693952, -7, -0.0)
p t2(-7, -2, 1.0)
p t2(9007199254740992, 64, -1.25)
def t3(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 11
      g = (g * h)
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t3(4611686018427387903, 7, 0.1)
p t3(-7, 0, -1.25)
p t3(2, 0, 1.0e300)
def t4(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 6
      x = ((i << 27) + y)
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t4(9007199254740993, 7, 0.1)
p t4(1000000000000000, 4611686018427387903, 2.5e-300)
p t4(62, 62, -0.0)
def t5(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 12
      h += g * -0.0
      y += (((i / i) * (-4611686018427387904 ^ x)) >> 60)
      g = ((i - (g / i)) + (0.1 / (g - g)))
      g = (h / ((g - g) / (h - 2.5e-300)))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t5(4611686018427387903, -4611686018427387904, 2.5e-300)
p t5(1000000000000000, 2147483648, 0.5)
p t5(64, 9007199254740993, 0.5)
def t6(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 3
      x = (x & ((0 | -7) >> 11))
      h += g * 1.0
      y += (((x >> 45) ^ (x + i)) | (-7 ^ i))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t6(9007199254740992, 62, 0.1)
p t6(4611686018427387903, 2147483648, -0.0)
p t6(1000000000000000, 1, 2.5e-300)
def t7(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 9
      h += g * 3.0
      acc += 1 if x < (((0.1 * g) / (i / g)) * ((g + -1.25) / (i + 2.5e-300)))
      y -= (i % (x >> 50))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t7(-7, 1000000000000000, 1.0e300)
p t7(4611686018427387903, 63, 0.1)
p t7(2, 63, 3.0)
def t8(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 4
      g = 3.0
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t8(64, 63, 0.5)
p t8(7, 1000000000000000, 3.0)
p t8(1, -4611686018427387904, -0.0)
def t9(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 10
      x = x
      g = ((i / (-0.0 + -0.0)) - ((h / g) + (2.5e-300 - g)))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t9(-4611686018427387904, -1, 2.5e-300)
p t9(1000000000000000, 9007199254740993, 3.0)
p t9(-2, 1000000000000000, 3.0)
def t10(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 12
      g = (((h - g) * (h + g)) + g)
      g = (h * g)
      g = g
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t10(1000000000000000, 64, 1.0)
p t10(62, 4611686018427387903, -1.25)
p t10(2305843009213693952, 63, 1.0)
def t11(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 6
      x = (((x + i) - (i / x)) / 7)
      y *= (((-1 ^ x) ^ (x >> 10)) + 9007199254740993)
      g = (((1.0 - 3.0) * h) + ((h / g) / (i + h)))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t11(-7, 7, 0.1)
p t11(1, 9007199254740993, 1.0e300)
p t11(-2, -4611686018427387904, -0.0)
def t12(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 5
      g = id(g)
      h += g * 1.0
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t12(2147483648, 2, -1.25)
p t12(-4611686018427387904, 9007199254740992, 3.0)
p t12(64, 1000000000000000, 0.5)
def t13(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 10
      x = (7 & ((y % y) % (63 << 38)))
      x = (i | ((9007199254740992 >> 35) - (y & -2)))
      g = (2.5e-300 - 0.1)
      y += (((i >> 63) << 18) % ((2147483648 | 62) >> 70))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t13(-2, 1, 3.0)
p t13(1000000000000000, 62, 2.5e-300)
p t13(-1, -7, 2.5e-300)
def t14(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 12
      g = ((g / i) + g)
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t14(-4611686018427387904, 0, -0.0)
p t14(9007199254740992, -1, 3.0)
p t14(0, -2, 1.0e300)
def t15(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 5
      acc += 1 if id(x) > 0
      g = h
      acc += 1 if y == (((g - g) / (g / i)) * g)
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t15(2, 2305843009213693952, 2.5e-300)
p t15(3, 62, 3.0)
p t15(4611686018427387903, 2, 3.0)
def t16(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 9
      x = 2147483648
      acc += 1 if (((64 / x) << 65) ^ ((y << 24) >> 46)) > (((9007199254740993 - i) >> 61) % ((7 | 62) << 46))
      g = (i * ((g / 0.1) - (i / g)))
      g = ((h + (g / -0.0)) / (1.0e300 * (3.0 * h)))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t16(0, -1, 1.0)
p t16(63, -4611686018427387903, -0.0)
p t16(2147483648, 2305843009213693952, -0.0)
def t17(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 10
      g = -1.25
      y -= -4611686018427387903
      y -= (((i << 69) * (i % x)) | (63 >> 59))
      h = id(h) + g
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t17(0, -4611686018427387903, 1.0e300)
p t17(64, 4611686018427387903, -0.0)
p t17(3, 1, -0.0)
def t18(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 9
      x = (i * ((x + i) | (x & x)))
      x = 63
      g = (((h - i) * (2.5e-300 + i)) - (h + (h / g)))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t18(7, 2147483648, 1.0)
p t18(4611686018427387903, 62, 0.1)
p t18(-4611686018427387904, -4611686018427387904, 3.0)
def t19(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 11
      g = (((3.0 - 1.0e300) / (h - 0.5)) - (0.5 - (-0.0 / g)))
      x = i
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t19(2, 1000000000000000, -1.25)
p t19(1, -7, 3.0)
p t19(2305843009213693952, -2, -1.25)
def t20(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 9
      y *= 2
      g = 3.0
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t20(62, 1, 0.1)
p t20(62, 63, 1.0e300)
p t20(1, 3, 1.0e300)
def t21(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 10
      h = id(h) + g
      g = ((i - (g * h)) - 0.1)
      g = (((i - h) - (h - -0.0)) - ((i - h) + i))
      g = id(g)
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t21(-7, 64, -0.0)
p t21(4611686018427387903, 9007199254740992, -1.25)
p t21(-4611686018427387903, -4611686018427387903, 3.0)
def t22(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 4
      y = i == 4 ? id(y).to_f : y
      y -= (i >> 32)
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t22(7, -7, -1.25)
p t22(1000000000000000, 64, -1.25)
p t22(-7, 2, 0.1)
def t23(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 11
      g = -0.0
      g = (((1.0e300 + 2.5e-300) / (g / -0.0)) / (i * i))
      g = i
      acc += 1 if (((y % y) & y) & ((2 | x) << 63)) <= (((g / 0.5) / g) * ((g + 3.0) - (2.5e-300 - 0.5)))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t23(-4611686018427387904, 0, -1.25)
p t23(-2, 9007199254740992, 3.0)
p t23(-4611686018427387903, -4611686018427387904, 3.0)
def t24(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 10
      x = (((x + i) % (i | i)) / ((-7 * 62) - (y ^ x)))
      x = ((i - (y % x)) ^ i)
      h = id(h) + g
      y = i == 3 ? id(y).to_f : y
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t24(64, 4611686018427387903, 0.5)
p t24(2, 1000000000000000, 1.0)
p t24(0, 9007199254740993, 1.0)
