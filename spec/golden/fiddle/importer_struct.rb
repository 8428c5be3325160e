# golden: ruby31
# Fiddle::Importer: C declarations, typealias, struct/union layouts
# (struct timeval from gettimeofday), sizeof, bind, and its errors.
require 'fiddle/import'

module LibC
  extend Fiddle::Importer
  dlload Fiddle::Handle::DEFAULT
  typealias "myint", "int"
  extern "int abs(int x)"
  extern "size_t strlen(const char *s)"
  extern "int getpid(void)"
  extern "myint atoi(const char*)"
  extern "unsigned long strtoul(const char *, char **, int)"
  extern "double ldexp(double, int)"
  extern "int gettimeofday(void *tv, void *tz)"
  extern "char *strncpy(char *dst, const char *src, size_t n)"
  Timeval = struct(["long tv_sec", "long tv_usec"])
  Mixed = struct(["char tag", "int n", "double x", "void *p", "short s[3]"])
  Word = union(["int i", "unsigned char b[4]", "double d"])
end

p LibC.abs(-3), LibC.strlen("abcd"), LibC.getpid == Process.pid, LibC.atoi("77")
p LibC.strtoul("4294967296", nil, 10), LibC.ldexp(0.75, 4)
p LibC["abs"].class, LibC["abs"].name

tv = LibC::Timeval.malloc(Fiddle::RUBY_FREE)
p LibC.gettimeofday(tv, nil)
p tv.tv_sec > 1_600_000_000, tv.tv_usec.between?(0, 999_999)
p (tv.tv_sec - Time.now.to_i).abs <= 2
p LibC::Timeval.size, LibC::Timeval.members
p LibC::Timeval.ancestors.take(2)[1]
p tv.to_ptr.class, tv.to_ptr.size, tv.to_i == tv.to_ptr.to_i

t2 = LibC::Timeval.new(tv.to_ptr)
p t2.tv_sec == tv.tv_sec
t2.tv_usec = 123
p tv.tv_usec, tv["tv_usec"]
tv["tv_sec"] = 5
p t2.tv_sec, tv.to_ptr[0, 8].unpack1("q")

m = LibC::Mixed.malloc
m.tag = 65
m.n = -7
m.x = 2.5
m.s = [1, -2, 3]
p LibC::Mixed.size, LibC::Mixed.members
p m.tag, m.n, m.x, m.s, m.p.class, m.p.null?
p m.to_ptr[0, 1], m.to_ptr[4, 4].unpack1("l"), m.to_ptr[8, 8].unpack1("d")

w = LibC::Word.malloc
w.i = 0x41424344
p LibC::Word.size, w.b, w.to_ptr[0, 4]

p LibC.sizeof("int"), LibC.sizeof("long long"), LibC.sizeof("void*"), LibC.sizeof("myint")
p LibC.sizeof(LibC::Mixed), LibC.sizeof(LibC::Word), LibC.sizeof("char[10]"), LibC.sizeof("uint")

dst = Fiddle::Pointer.malloc(16, Fiddle::RUBY_FREE)
r = LibC.strncpy(dst, "copied!", 16)
p r.class, r.to_i == dst.to_i, dst.to_s

# bind: a Ruby block as a C function
cmp = LibC.bind("int compare(void *a, void *b)") { |a, b| a[0] <=> b[0] }
p cmp.class, LibC.compare("a", "b"), LibC.compare("z", "b")
LibC.extern "void qsort(void *base, size_t n, size_t size, void *cmp)"
s = "importer"
LibC.qsort(s, s.bytesize, 1, cmp)
p s

def err
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
err { LibC.extern "int foo(int" }
err { LibC.extern "int no_such_function_xyz(int)" }
err { LibC.extern "wat abs(int)" }
err { LibC.struct(["wat x"]) }
err { LibC.sizeof("nonsense") }
err { LibC.sizeof("void") }
module Empty; extend Fiddle::Importer; end
err { Empty.extern "int abs(int)" }
err { Empty.dlload "libno_such_library_xyz.so" }
