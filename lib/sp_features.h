/*
 * sp_features.h — the one table of `require` names that Spinel itself
 * provides (natively, in C), shared by the compiler and the runtime so the
 * two never disagree about what `require 'x'` loads.
 *
 * X-macro table.  The includer defines both macros before including it:
 *
 *   SP_FEATURE_CORE(name)        the library is part of the core runtime and
 *                                already defined at start-up (CRuby loads
 *                                these from its own prelude or needs them
 *                                only for compatibility); require marks it
 *                                loaded and returns true the first time.
 *   SP_FEATURE(name, init)       `void init(void)` defines the library's
 *                                classes; require calls it once, the first
 *                                time the name is required, so the
 *                                constants do not exist before (as in CRuby).
 *
 * A name that is not in this table is not provided natively: the compiler
 * looks for a Ruby file on the load path instead, and a name found nowhere
 * raises LoadError where the require runs.  Never add a name here without
 * the code behind it: a require that loads nothing is a stub.
 *
 * One line per library, kept in alphabetical order within each group so
 * that branches adding libraries merge without conflicts.
 */
#ifndef SP_FEATURE_CORE
#error "define SP_FEATURE_CORE(name) before including sp_features.h"
#endif
#ifndef SP_FEATURE
#error "define SP_FEATURE(name, init) before including sp_features.h"
#endif

/* part of the core runtime */
SP_FEATURE_CORE("complex")
SP_FEATURE_CORE("enumerator")
SP_FEATURE_CORE("fiber")
SP_FEATURE_CORE("io/nonblock")
SP_FEATURE_CORE("io/wait")
SP_FEATURE_CORE("monitor")
SP_FEATURE_CORE("open3")
SP_FEATURE_CORE("rational")
SP_FEATURE_CORE("set")
SP_FEATURE_CORE("thread")
SP_FEATURE_CORE("time")

/* native libraries, defined when first required */
SP_FEATURE("date_core", sp_init_date)
SP_FEATURE("digest", sp_init_digest)
SP_FEATURE("digest/md5", sp_init_digest)
SP_FEATURE("digest/sha1", sp_init_digest)
SP_FEATURE("digest/sha2", sp_init_digest)
SP_FEATURE("etc", sp_init_etc)
SP_FEATURE("fcntl", sp_init_fcntl)
SP_FEATURE("fiddle", sp_init_fiddle)
SP_FEATURE("fiddle/import", sp_init_fiddle_import_feature)
SP_FEATURE("io/console", sp_init_console)
SP_FEATURE("json", sp_init_json)
SP_FEATURE("pathname.so", sp_init_pathname)
SP_FEATURE("rbconfig", sp_init_rbconfig)
SP_FEATURE("socket", sp_init_socket)
SP_FEATURE("stringio", sp_init_stringio)
SP_FEATURE("strscan", sp_init_strscan)
SP_FEATURE("zlib", sp_init_zlib)
