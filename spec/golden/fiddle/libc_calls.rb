# golden: ruby31
# Fiddle: calling libc through Handle/Function (strlen, abs, getpid, strtol
# with an out-pointer, snprintf as a variadic function, doubles, unsigned).
require 'fiddle'

libc = Fiddle.dlopen(nil)
strlen = Fiddle::Function.new(libc['strlen'], [Fiddle::TYPE_VOIDP], Fiddle::TYPE_SIZE_T)
puts strlen.call("hello, world")
puts strlen.call("")
puts strlen.call("caf\u00e9")        # bytes, not characters

abs = Fiddle::Function.new(libc['abs'], [Fiddle::TYPE_INT], Fiddle::TYPE_INT, name: "abs")
puts abs.call(-42)
puts abs.call(7)
puts abs.call(-2147483647)
puts abs.call(-3.9)                  # Float truncates to int
puts abs.name
puts abs.ptr == libc['abs']
puts abs.to_i == abs.ptr

labs = Fiddle::Function.new(libc.sym('labs'), [Fiddle::TYPE_LONG], Fiddle::TYPE_LONG)
puts labs.call(-(2**40))

getpid = Fiddle::Function.new(Fiddle::Handle::DEFAULT['getpid'], [], Fiddle::TYPE_INT)
puts getpid.call == Process.pid

# strtol(const char *s, char **endp, int base): endp is an out-pointer
strtol = Fiddle::Function.new(libc['strtol'],
                              [Fiddle::TYPE_CONST_STRING, Fiddle::TYPE_VOIDP, Fiddle::TYPE_INT],
                              Fiddle::TYPE_LONG)
endp = Fiddle::Pointer.malloc(Fiddle::SIZEOF_VOIDP, Fiddle::RUBY_FREE)
s = "12345xyz"
puts strtol.call(s, endp, 10)
puts endp.ptr.to_s
puts endp.ptr.to_i - Fiddle::Pointer[s].to_i
puts strtol.call("ff", nil, 16)
puts strtol.call("-777", nil, 8)
puts strtol.call("   42", endp, 0)

# unsigned and double results
strtoul = Fiddle::Function.new(libc['strtoul'], [Fiddle::TYPE_CONST_STRING, Fiddle::TYPE_VOIDP, Fiddle::TYPE_INT],
                               Fiddle::TYPE_UINTPTR_T)
puts strtoul.call("18446744073709551615", nil, 10)
strtod = Fiddle::Function.new(libc['strtod'], [Fiddle::TYPE_CONST_STRING, Fiddle::TYPE_VOIDP], Fiddle::TYPE_DOUBLE)
puts strtod.call("2.5e3", nil)
puts strtod.call("-0.125", nil)

libm = Fiddle.dlopen("libm.so.6")
floor = Fiddle::Function.new(libm['floor'], [Fiddle::TYPE_DOUBLE], Fiddle::TYPE_DOUBLE)
puts floor.call(3.7)
puts floor.call(-3.2)
puts floor.call(5)
powf = Fiddle::Function.new(libm['powf'], [Fiddle::TYPE_FLOAT, Fiddle::TYPE_FLOAT], Fiddle::TYPE_FLOAT)
puts powf.call(2.0, 10.0)

# a const char * result is a String; a NULL one is nil
getenv = Fiddle::Function.new(libc['getenv'], [Fiddle::TYPE_CONST_STRING], Fiddle::TYPE_CONST_STRING)
p getenv.call("SPINEL_FIDDLE_SURELY_UNSET")
strchr = Fiddle::Function.new(libc['strchr'], [Fiddle::TYPE_CONST_STRING, Fiddle::TYPE_INT], Fiddle::TYPE_CONST_STRING)
p strchr.call("key=value", "=".ord)

# a voidp result is a Fiddle::Pointer
strstr = Fiddle::Function.new(libc['strstr'], [Fiddle::TYPE_VOIDP, Fiddle::TYPE_VOIDP], Fiddle::TYPE_VOIDP)
hay = "find the needle here"
r = strstr.call(hay, "needle")
puts r.class
puts r.to_s
puts r.to_i - Fiddle::Pointer[hay].to_i
puts strstr.call(hay, "absent").null?

# variadic: the extra arguments are type, value pairs
snprintf = Fiddle::Function.new(libc['snprintf'],
                                [Fiddle::TYPE_VOIDP, Fiddle::TYPE_SIZE_T, Fiddle::TYPE_CONST_STRING, Fiddle::TYPE_VARIADIC],
                                Fiddle::TYPE_INT)
buf = Fiddle::Pointer.malloc(64, Fiddle::RUBY_FREE)
n = snprintf.call(buf, 64, "%d|%s|%.3f|%c|%ld", Fiddle::TYPE_INT, -12, Fiddle::TYPE_CONST_STRING, "str",
                  Fiddle::TYPE_DOUBLE, 3.14159, Fiddle::TYPE_INT, 65, Fiddle::TYPE_LONG, 2**40)
puts n
puts buf.to_s

# a String passed as voidp is the String's own memory: C writes into it
memset = Fiddle::Function.new(libc['memset'], [Fiddle::TYPE_VOIDP, Fiddle::TYPE_INT, Fiddle::TYPE_SIZE_T], Fiddle::TYPE_VOIDP)
str = "abcdefgh"
memset.call(str, "z".ord, 3)
puts str

# errno after a call
close = Fiddle::Function.new(libc['close'], [Fiddle::TYPE_INT], Fiddle::TYPE_INT)
puts close.call(987654)
puts Fiddle.last_error == Errno::EBADF::Errno

puts Fiddle::TYPE_INT, Fiddle::TYPE_SIZE_T, Fiddle::TYPE_VOIDP, Fiddle::SIZEOF_LONG, Fiddle::ALIGN_DOUBLE
puts Fiddle::Function::DEFAULT == abs.abi
