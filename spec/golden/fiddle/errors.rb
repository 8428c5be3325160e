# golden: ruby31
# Fiddle's error paths: the exception class and CRuby's message for each.
require 'fiddle'

def t(label)
  yield
  puts "#{label}: no error"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message}"
end

libc = Fiddle.dlopen(nil)
abs = Fiddle::Function.new(libc['abs'], [Fiddle::TYPE_INT], Fiddle::TYPE_INT)
strlen = Fiddle::Function.new(libc['strlen'], [Fiddle::TYPE_VOIDP], Fiddle::TYPE_LONG)
floor = Fiddle::Function.new(Fiddle.dlopen("libm.so.6")['floor'], [Fiddle::TYPE_DOUBLE], Fiddle::TYPE_DOUBLE)
getenv = Fiddle::Function.new(libc['getenv'], [Fiddle::TYPE_CONST_STRING], Fiddle::TYPE_CONST_STRING)

t("dlopen") { Fiddle.dlopen("libspinel_no_such_library.so") }
t("Handle.new") { Fiddle::Handle.new("libspinel_no_such_library.so") }
t("sym") { libc.sym("spinel_no_such_symbol") }
t("[]") { libc["spinel_no_such_symbol"] }
t("DEFAULT[]") { Fiddle::Handle::DEFAULT["spinel_no_such_symbol"] }
t("Handle.sym") { Fiddle::Handle.sym("spinel_no_such_symbol") }
t("DLError ancestry") { raise Fiddle::DLError, "x" if Fiddle::DLError.superclass == Fiddle::Error && Fiddle::Error.superclass == StandardError }
t("return type") { Fiddle::Function.new(libc['strlen'], [Fiddle::TYPE_VOIDP], 99) }
t("argument type") { Fiddle::Function.new(libc['strlen'], [-1], Fiddle::TYPE_INT) }
t("closure type") { Fiddle::Closure::BlockCaller.new(Fiddle::TYPE_INT, [42]) { 1 } }
t("closure return type") { Fiddle::Closure::BlockCaller.new(77, [Fiddle::TYPE_INT]) { 1 } }
t("too few") { strlen.call }
t("too many") { abs.call(1, 2) }
t("String as int") { abs.call("x") }
t("nil as int") { abs.call(nil) }
t("Function.new String") { Fiddle::Function.new("x", [], Fiddle::TYPE_INT) }
t("Function.new nil") { Fiddle::Function.new(nil, [], Fiddle::TYPE_INT) }
t("nil as double") { floor.call(nil) }
t("String as double") { floor.call("1.5") }
t("Integer as const char*") { getenv.call(5) }
t("malloc(-1)") { Fiddle::Pointer.malloc(-1) }
t("NULL[0]") { Fiddle::Pointer.new(0)[0] }
t("NULL[0, 1]") { Fiddle::NULL[0, 1] }
t("NULL[0] =") { Fiddle::NULL[0] = 1 }
t("NULL.to_s") { Fiddle::NULL.to_s }
t("Pointer[nil]") { Fiddle::Pointer[nil] }
t("Pointer.new String") { Fiddle::Pointer.new("x") }
t("Pointer[String index]") { Fiddle::Pointer.malloc(4)["a"] }
t("Pointer + String") { Fiddle::Pointer.malloc(8) + "x" }
t("close twice") { h = Fiddle.dlopen(nil); h.close; h.close }
t("sym after close") { h = Fiddle.dlopen(nil); h.close; h.sym("strlen") }
t("close result") { p Fiddle.dlopen(nil).close }
