# Spinel — build, test, install.   ./configure first (make does it if needed).
#
#   make            bin/spinel and lib/libspinel_rt.a
#   make demo       compile samples/hello_threads.rb and run it
#   make check      every test; ends with "N passed, M failed"
#   make bench      benchmarks (scripts/bench), not a test
#   make install PREFIX=/usr/local
#   make fuzz-smoke / make race-check / make asan-check   (not part of check)
#   make debug      the runtime with SP_ASSERT and lock-order checks (build/debug)
#   make check-debug   unit + threaded golden tests against it (before calling
#                   a scheduler or sync change done; not part of check)
#   make rubyspec [DIRS="core/array library/set"]   the real ruby/spec suite
#                   (../shared/rubyspec): rewrites its tags, doc/conformance.md

-include config.mk

PREFIX ?= /usr/local
CC ?= cc
CRYPT_LIBS ?= -lcrypt
OPT ?= -O2
WARN = -Wall -Wextra -Wno-unused-parameter -Werror=implicit-function-declaration
CFLAGS_COMMON = -std=gnu11 $(OPT) -g $(WARN) -fno-strict-aliasing -ffp-contract=off -pthread
# the runtime's folders (doc/architecture.md, "Layers"); headers are included by
# file name, so every folder is on the include path
RT_DIRS  = lib $(patsubst %/,%,$(sort $(dir $(wildcard lib/*/*.c lib/*/*.h lib/*/*.S))))
RT_INC   = $(addprefix -I,$(RT_DIRS))
RT_CFLAGS = $(CFLAGS_COMMON) -DGC_THREADS $(GC_CFLAGS) $(FFI_CFLAGS) $(PCRE_CFLAGS) $(RT_INC) $(EXTRA_CFLAGS)
# the compiler's folders (doc/codegen.md, "Pipeline"): front/ (lexer, parser,
# tree), sema/ (resolve), emit/ (C emitters) and the driver in codegen/; headers
# are included by file name, so every folder is on the include path
CG_DIRS  = codegen $(patsubst %/,%,$(sort $(dir $(wildcard codegen/*/*.c codegen/*/*.h))))
CG_INC   = $(addprefix -I,$(CG_DIRS))
CG_HDRS  = $(wildcard codegen/*.h codegen/*/*.h)
CG_CFLAGS = $(CFLAGS_COMMON) $(CG_INC) $(RT_INC) $(EXTRA_CFLAGS)
LINK_LIBS = $(GC_LIBS) $(FFI_LIBS) $(GMP_LIBS) $(PCRE_LIBS) $(CRYPT_LIBS) $(STDLIB_LIBS) -lm -lpthread
# what bin/spinel links programs with (configure: static archives when present)
PROG_LIBS ?= $(LINK_LIBS)

RT_SRCS  = $(wildcard lib/*.c lib/*/*.c)
RT_ASM   = $(wildcard lib/*.S lib/*/*.S)
RT_HDRS  = $(wildcard lib/*.h lib/*/*.h)
RT_OBJS  = $(RT_SRCS:lib/%.c=build/lib/%.o) $(RT_ASM:lib/%.S=build/lib/%.o)
CG_SRCS  = $(filter-out codegen/main.c codegen/fuzz_%.c,$(wildcard codegen/*.c codegen/*/*.c))
CG_OBJS  = $(CG_SRCS:codegen/%.c=build/codegen/%.o)
UNIT_SRCS = $(wildcard spec/unit/test_*.c)
UNIT_BINS = $(UNIT_SRCS:spec/unit/%.c=build/unit/%)

all: config.mk bin/spinel lib/libspinel_rt.a

config.mk:
	./configure

build/lib/%.o: lib/%.c $(RT_HDRS) config.mk
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) -c $< -o $@

build/lib/%.o: lib/%.S
	@mkdir -p $(dir $@)
	$(CC) -c $< -o $@

lib/libspinel_rt.a: $(RT_OBJS)
	@rm -f $@
	ar rcs $@ $(RT_OBJS)

build/codegen/%.o: codegen/%.c $(CG_HDRS) config.mk
	@mkdir -p $(dir $@)
	$(CC) $(CG_CFLAGS) -c $< -o $@

build/codegen/main.o: codegen/main.c $(CG_HDRS) config.mk Makefile
	@mkdir -p build/codegen
	$(CC) $(CG_CFLAGS) -DSP_DEFAULT_CC='"$(CC)"' \
	    -DSP_LINK_LIBS='"$(PROG_LIBS)"' -DSP_RT_CFLAGS='"$(GC_CFLAGS) $(PCRE_CFLAGS)"' \
	    -DSP_PREFIX='"$(PREFIX)"' -c $< -o $@

build/libspinel_cg.a: $(CG_OBJS)
	@rm -f $@
	ar rcs $@ $(CG_OBJS)

bin/spinel: build/codegen/main.o build/libspinel_cg.a
	@mkdir -p bin
	$(CC) $(CFLAGS_COMMON) -o $@ build/codegen/main.o build/libspinel_cg.a

# Criterion unit tests: each spec/unit/test_X.c links the compiler library
# and the runtime archive.
build/unit/%: spec/unit/%.c build/libspinel_cg.a lib/libspinel_rt.a spec/unit/*.h
	@mkdir -p build/unit
	$(CC) $(CFLAGS_COMMON) -DGC_THREADS $(CRITERION_CFLAGS) $(CG_INC) $(RT_INC) -Ispec/unit $< \
	    -o $@ build/libspinel_cg.a lib/libspinel_rt.a $(CRITERION_LIBS) $(LINK_LIBS)

unit: $(UNIT_BINS)

# The debug runtime: -DSP_DEBUG turns on SP_ASSERT and the lock-rank checks
# (lib/sched/sp_assert.h), -O1.  A tree bin/spinel uses through
# SPINEL_HOME=build/debug/home (headers flat, as installed).
DBG       = build/debug
DBG_OBJS  = $(RT_SRCS:lib/%.c=$(DBG)/lib/%.o) $(RT_ASM:lib/%.S=$(DBG)/lib/%.o)
DBG_CFLAGS = $(subst $(OPT),-O1,$(RT_CFLAGS)) -DSP_DEBUG
DBG_UNIT  = $(UNIT_SRCS:spec/unit/%.c=$(DBG)/unit/%)

$(DBG)/lib/%.o: lib/%.c $(RT_HDRS) config.mk
	@mkdir -p $(dir $@)
	$(CC) $(DBG_CFLAGS) -c $< -o $@

$(DBG)/lib/%.o: lib/%.S
	@mkdir -p $(dir $@)
	$(CC) -c $< -o $@

$(DBG)/home/lib/libspinel_rt.a: $(DBG_OBJS)
	@mkdir -p $(DBG)/home/lib
	@rm -f $@
	ar rcs $@ $(DBG_OBJS)
	cp $(RT_HDRS) $(DBG)/home/lib/

$(DBG)/unit/%: spec/unit/%.c build/libspinel_cg.a $(DBG)/home/lib/libspinel_rt.a spec/unit/*.h
	@mkdir -p $(DBG)/unit
	$(CC) $(CFLAGS_COMMON) -DSP_DEBUG -DGC_THREADS $(CRITERION_CFLAGS) $(CG_INC) $(RT_INC) -Ispec/unit $< \
	    -o $@ build/libspinel_cg.a $(DBG)/home/lib/libspinel_rt.a $(CRITERION_LIBS) $(LINK_LIBS)

debug: all $(DBG)/home/lib/libspinel_rt.a

check-debug: debug $(DBG_UNIT)
	@scripts/check-debug

check: all unit
	@scripts/check

demo: all
	bin/spinel samples/hello_threads.rb -o build/hello_threads
	SPINEL_WORKERS=2 ./build/hello_threads

bench: all
	scripts/bench
	scripts/bench-http

fuzz-smoke:
	scripts/fuzz-smoke

race-check:
	scripts/race-check

soak: all
	scripts/soak

asan-check:
	scripts/asan-check

DIRS ?= language core library
rubyspec: all
	scripts/rubyspec --tag $(DIRS)
	scripts/conformance

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/spinel $(DESTDIR)$(PREFIX)/include/spinel
	install -m 755 bin/spinel $(DESTDIR)$(PREFIX)/bin/spinel
	install -m 644 lib/libspinel_rt.a $(DESTDIR)$(PREFIX)/lib/spinel/libspinel_rt.a
	install -m 644 $(RT_HDRS) $(DESTDIR)$(PREFIX)/include/spinel/
	install -d $(DESTDIR)$(PREFIX)/lib/spinel/ruby
	install -m 644 $(wildcard lib/ruby/*.rb) $(DESTDIR)$(PREFIX)/lib/spinel/ruby/

clean:
	rm -rf build bin lib/libspinel_rt.a

distclean: clean
	rm -f config.mk

.PHONY: all unit check debug check-debug demo bench fuzz-smoke race-check soak asan-check rubyspec install clean distclean
