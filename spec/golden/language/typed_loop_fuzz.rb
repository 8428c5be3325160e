# Typed loops (codegen/infer.c): generated mix of Integer/Float loop arithmetic
# near the fixnum limits (overflow, shifts, floor division, Float specials),
# compared with CRuby 3.4 output.
def t0(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 6
      y *= (i >> 67)
      h += g * 0.1
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t0(9007199254740992, -2, 1.0e300)
p t0(-2, -4611686018427387904, 1.0)
p t0(0, -1, 3.0)
def t1(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 12
      x = 2147483648
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t1(9007199254740992, 9007199254740993, 1.0)
p t1(1000000000000000, 2305843009213693952, 3.0)
p t1(2147483648, 2, 0.5)
def t2(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 5
      x = (((y | 0) % (y >> 25)) | (y >> 13))
      x = (((1 % x) >> 15) + ((1 << 28) | (i | 64)))
      x = (y * ((x % y) & i))
      g = h
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t2(62, 63, 1.0)
p t2(2, 0, 3.0)
p t2(63, -4611686018427387904, 1.0e300)
def t3(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 7
      x = (y - ((63 * x) / 63))
      x = 63
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t3(2147483648, 1000000000000000, 3.0)
p t3(9007199254740993, 63, -0.0)
p t3(2305843009213693952, 2147483648, 1.0)
def t4(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 7
      g = g
      x = (((i / 2) | (x >> 53)) >> 66)
      acc += 1 if y <= (g + ((g / g) - g))
      x = y
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t4(2147483648, -4611686018427387903, -0.0)
p t4(2, 2305843009213693952, -1.25)
p t4(-4611686018427387904, 9007199254740992, -1.25)
def t5(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 8
      h += g * 0.5
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t5(4611686018427387903, -2, 1.0e300)
p t5(9007199254740992, 1, -1.25)
p t5(1000000000000000, 2, 1.0)
def t6(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 5
      x = (((63 % 2147483648) ^ i) + (x >> 46))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t6(-4611686018427387904, -7, 1.0)
p t6(3, 9007199254740993, 0.1)
p t6(-2, 9007199254740992, 3.0)
def t7(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 5
      y -= (((62 * i) >> 59) << 1)
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t7(4611686018427387903, -1, 1.0)
p t7(1, 2305843009213693952, 1.0e300)
p t7(-7, -1, 1.0e300)
def t8(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 7
      acc += 1 if (62 * x) >= (g + g)
      x = (((y % 2147483648) << 41) ^ ((y ^ x) << 51))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t8(-4611686018427387903, 63, 3.0)
p t8(2305843009213693952, 4611686018427387903, -0.0)
p t8(3, -1, -1.25)
def t9(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 5
      y -= x
      x = (((x & -2) << 48) / ((-1 * y) * (9007199254740992 % -7)))
      acc += 1 if ((x ^ -1) % (62 ^ (x ^ 0))) < (((-1 & 1) ^ (i & i)) / ((i | i) - (i | -1)))
      g = i
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t9(4611686018427387903, 3, 0.5)
p t9(0, 9007199254740992, 0.1)
p t9(64, 9007199254740993, 0.5)
def t10(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 3
      y -= (x / i)
      acc += 1 if (-2 % (3 << 19)) == 0.1
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t10(4611686018427387903, 2147483648, 0.5)
p t10(9007199254740992, 63, 1.0)
p t10(-1, 63, 3.0)
def t11(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 9
      g = (((1.0 * h) / 0.1) * h)
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t11(4611686018427387903, 1, 3.0)
p t11(3, 0, 0.1)
p t11(-1, 2, 2.5e-300)
def t12(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 6
      acc += 1 if (((x + y) & x) ^ ((x * y) * (2305843009213693952 >> 1))) < -7
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t12(7, 2305843009213693952, 1.0)
p t12(2147483648, 7, 1.0)
p t12(4611686018427387903, 9007199254740993, 0.1)
def t13(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 12
      x = (((y % 7) + x) * (y % (9007199254740992 / -1)))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t13(9007199254740993, 63, 0.1)
p t13(4611686018427387903, -4611686018427387904, 1.0e300)
p t13(2147483648, 63, -0.0)
def t14(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 3
      y -= ((x << 2) % (i / (i >> 51)))
      g = (g - ((h - g) / (0.1 / i)))
      x = (-2 << 68)
      x = 62
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t14(2, 9007199254740993, -1.25)
p t14(2147483648, 1, 0.1)
p t14(2305843009213693952, 7, -0.0)
def t15(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 8
      g = ((g * (g / -1.25)) / g)
      g = i
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t15(0, 63, -1.25)
p t15(9007199254740993, 62, 0.1)
p t15(2305843009213693952, 62, -0.0)
def t16(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 11
      x = (-7 * (i + x))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t16(-2, 1, 3.0)
p t16(-4611686018427387903, 7, 1.0)
p t16(2, 9007199254740993, 1.0)
def t17(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 5
      x = x
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t17(9007199254740992, 2147483648, -1.25)
p t17(7, 0, 2.5e-300)
p t17(-2, 4611686018427387903, 1.0e300)
def t18(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 4
      g = (0.1 + ((h / g) / (i * 3.0)))
      x = (-1 * x)
      h += g * 2.5e-300
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t18(-4611686018427387904, 62, -1.25)
p t18(2305843009213693952, -4611686018427387903, 0.1)
p t18(64, -2, 1.0e300)
def t19(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 8
      g = (((2.5e-300 * -0.0) - i) - 0.1)
      x = (((i >> 47) << 25) * x)
      y -= (i & ((x - x) & i))
      y += i
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t19(-4611686018427387903, 2305843009213693952, 2.5e-300)
p t19(7, 2305843009213693952, 2.5e-300)
p t19(1000000000000000, 2, 1.0)
def t20(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 6
      x = (1 << 39)
      x = y
      g = i
      acc += 1 if y < i
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t20(1000000000000000, 63, 2.5e-300)
p t20(1000000000000000, -2, 2.5e-300)
p t20(-4611686018427387904, 2147483648, 2.5e-300)
def t21(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 12
      y *= (((i / 2) ^ (x + x)) % i)
      x = (x - ((i / i) / (y << 56)))
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t21(4611686018427387903, 0, 3.0)
p t21(62, -4611686018427387904, 1.0)
p t21(4611686018427387903, -7, 1.0)
def t22(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 11
      x = (((y & y) - (0 << 68)) ^ ((63 % i) >> 47))
      g = (0.1 - ((i + i) - (g / i)))
      x = (x & ((63 * 2) ^ (2147483648 & y)))
      x = 0
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t22(4611686018427387903, 62, 3.0)
p t22(2147483648, 2305843009213693952, 1.0)
p t22(-4611686018427387904, 1000000000000000, 1.0)
def t23(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 9
      x = 0
      x = (((0 / y) * i) / y)
      x = ((i % x) >> 47)
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t23(0, -4611686018427387903, 0.1)
p t23(64, -7, 0.1)
p t23(2305843009213693952, -7, 0.5)
def t24(a, b, f)
  i = 0
  x = a
  y = b
  g = f
  h = 0.0
  acc = 0
  begin
    while i < 8
      x = ((x >> 41) - i)
      x = (((-7 | i) / (i * y)) >> 29)
      i += 1
    end
    [x, y, g, h, acc]
  rescue ZeroDivisionError, FloatDomainError, NoMethodError, TypeError, ArgumentError, RangeError => e
    [e.class, e.message, i, x, y, g]
  end
end
p t24(9007199254740993, 0, 0.5)
p t24(0, 4611686018427387903, 0.5)
p t24(1, -4611686018427387904, 0.1)
