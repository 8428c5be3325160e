/*
 * sp_io.h — standard streams (sp_io.c).
 *
 * Kernel#puts/print/p/printf write to the current $stdout, warn to the
 * current $stderr.  The global-variable code should call the setters
 * when a program assigns $stdout / $stderr (any object with #write works,
 * e.g. StringIO), and the getters for reads.
 */
#ifndef SPINEL_IO_H
#define SPINEL_IO_H

#include "spinel.h"
#include <sys/types.h>

extern sp_value sp_stdout_obj, sp_stderr_obj, sp_stdin_obj;   /* STDOUT/STDERR/STDIN */

/* Raise Errno::X (by errno) with CRuby's path message
 * "No such file or directory @ rb_sysopen - path" (sp_dir.c). */
SP_NORETURN void sp_raise_syserr_path(int err, const char *func, const char *path);

/* The String a path argument stands for (CRuby's rb_get_path: #to_path,
 * #to_str; ASCII-compatible, no NUL byte), sp_file_path.c. */
sp_value sp_file_path_str(sp_value v);
/* stat(2) of a path, fstat(2) of an IO or #to_io (CRuby's rb_stat): 0 or
 * -1 with errno; *pathp (if not NULL) gets the path, nil for an IO. */
struct stat;
int sp_file_stat_arg(sp_value v, struct stat *st, sp_value *pathp);

/* IO.popen (sp_process.c): an IO reading rfd and/or writing wfd (-1: none)
 * whose close reaps pid and sets $? through sp_process_reap. */
sp_value sp_io_popen_new(sp_value klass, int rfd, int wfd, pid_t pid);
void sp_process_reap(pid_t pid);

/* CRuby's warning for Foo.new with a block ("Foo::new() does not take
 * block; use Foo::open() instead") at the caller's line; the block is then
 * ignored, as CRuby does (sp_io.c). */
void sp_io_warn_new_block(sp_value klass);

/* ArgumentError "invalid limit: 0 for METH" when the line-reading
 * arguments (sep, limit) ask for lines of 0 bytes (readlines, each_line). */
void sp_io_check_line_limit(int argc_, const sp_value *argv, const char *meth);

/* An IO of class klass on fd (mode 1 read, 2 write, 3 both). */
sp_value sp_io_fd_new(sp_value klass, int fd, int mode, const char *path);

#endif
