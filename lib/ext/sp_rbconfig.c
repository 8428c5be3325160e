/*
 * sp_rbconfig.c — `require 'rbconfig'`: RbConfig::CONFIG and RbConfig.ruby
 * describing the Ruby a Spinel program stands for (3.4.1) on this machine.
 *
 * Values: the version keys are Ruby 3.4.1's; host/arch keys come from
 * uname at start-up; the install keys (bindir, ruby_install_name,
 * RbConfig.ruby) name the Ruby installed on the machine (/usr/bin/ruby,
 * Debian's), the one a script can actually spawn — a compiled program
 * has no Ruby of its own.  CONFIG is a Hash of Strings as in CRuby.
 */
#include "spinel.h"
#include "sp_string.h"
#include "sp_hash.h"

#include <string.h>
#include <sys/utsname.h>

static sp_value cfg;

static void set(const char *k, const char *v)
{
    sp_hash_aset(cfg, sp_str_new_cstr(k), sp_str_new_cstr(v));
}

SP_METHOD(rb_ruby)
{
    (void)self; (void)argc_; (void)argv; (void)blk;
    return sp_str_new_cstr("/usr/bin/ruby");
}

void sp_init_rbconfig(void)
{
    sp_value M = sp_define_module("RbConfig");
    cfg = sp_hash_new();
    struct utsname u;
    const char *cpu = "x86_64";
    if (uname(&u) == 0) cpu = u.machine;
    char arch[128];
    snprintf(arch, sizeof arch, "%s-linux", cpu);
    set("MAJOR", "3"); set("MINOR", "4"); set("TEENY", "1"); set("PATCHLEVEL", "0");
    set("ruby_version", "3.4.0"); set("RUBY_PROGRAM_VERSION", "3.4.1"); set("RUBY_API_VERSION", "3.4");
    set("host_os", "linux"); set("target_os", "linux"); set("build_os", "linux");
    set("host_cpu", cpu); set("target_cpu", cpu); set("build_cpu", cpu);
    set("host", arch); set("arch", arch); set("sitearch", arch);
    set("host_vendor", "pc"); set("target_vendor", "pc");
    set("prefix", "/usr"); set("exec_prefix", "/usr"); set("bindir", "/usr/bin");
    set("libdir", "/usr/lib"); set("sysconfdir", "/etc"); set("localstatedir", "/var");
    set("datadir", "/usr/share"); set("mandir", "/usr/share/man");
    set("ruby_install_name", "ruby"); set("RUBY_INSTALL_NAME", "ruby"); set("RUBY_BASE_NAME", "ruby");
    set("RUBY_SO_NAME", "ruby"); set("EXEEXT", ""); set("DLEXT", "so"); set("LIBEXT", "a"); set("OBJEXT", "o");
    set("SOEXT", "so"); set("PATH_SEPARATOR", ":"); set("NULLCMD", ":"); set("SHELL", "/bin/sh");
    /* the toolchain Spinel's programs are built with (Debian's binutils) */
    set("AR", "ar"); set("STRIP", "strip -S -x"); set("RANLIB", "ranlib");
    set("CC", "cc"); set("CPP", "cc -E"); set("CFLAGS", "-O2"); set("LDFLAGS", ""); set("LIBS", "-lm -lpthread");
    set("configure_args", ""); set("platform", arch);
    sp_define_const(M, "CONFIG", cfg);
    sp_define_const(M, "MAKEFILE_CONFIG", sp_funcall0(cfg, "dup"));
    /* CRuby: the installation prefix (CONFIG["prefix"]) */
    sp_define_const(M, "TOPDIR", sp_str_new_cstr("/usr"));
    sp_define_module_function(M, "ruby", rb_ruby, 0);
}
