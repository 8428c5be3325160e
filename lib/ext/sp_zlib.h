/*
 * sp_zlib.h — what the streaming objects (sp_zstream.c) use from the rest
 * of `zlib` (sp_zlib.c): the Zlib::Error classes.
 */
#ifndef SP_ZLIB_H
#define SP_ZLIB_H

#include "spinel.h"

/* Zlib::Error itself and Zlib::InProgressError, which no zlib code names. */
#define SP_ZLIB_E_ERROR (-100)
#define SP_ZLIB_E_IN_PROGRESS (-101)

/* The exception class for a zlib return code (or one of the above). */
sp_value sp_zlib_error(int code);
/* Raises it with msg, or zlib's own text for the code when msg is NULL. */
SP_NORETURN void sp_zlib_raise(int code, const char *msg);

void sp_zstream_init(sp_value mZlib, sp_value zstream, sp_value deflate, sp_value inflate);

#endif
