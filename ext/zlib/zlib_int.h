/* zlib_int.h: what the files of the zlib extension share.
 *
 * zlib_mod.c   the Zlib module: errors, constants, crc32/adler32
 * zstream.c    struct zstream (a z_stream with GC-owned input and output
 *              buffers) and the classes ZStream, Deflate, Inflate
 * gzfile.c     GzipFile: the gzip header and footer, common methods
 * gzwriter.c   GzipWriter
 * gzreader.c   GzipReader
 *
 * Buffers are Strings referenced from the C structs and marked by the
 * Data objects' mark functions, so a raise in the middle of a run leaves
 * nothing to free; zlib's own state is freed by the free functions.
 */
#ifndef MR_EXT_ZLIB_INT_H
#define MR_EXT_ZLIB_INT_H

#include <zlib.h>
#include "ruby.h"

/* ---- zlib_mod.c */
extern VALUE mZlib, cZError, cStreamEnd, cNeedDict, cDataError, cStreamError, cMemError,
    cBufError, cVersionError;
NORETURN void zlib_raise(int err, const char *msg);

/* ---- zstream.c */
struct zstream {
    z_stream s;
    bool deflate;     /* a deflate stream (else inflate) */
    bool ready;       /* initialised and not ended */
    bool finished;    /* Z_STREAM_END was returned */
    VALUE input;      /* input not consumed yet: String or nil */
    VALUE buf;        /* output not taken yet: String or nil ... */
    long buf_filled;  /* ... of which this many bytes are written */
};

extern VALUE cZStream, cDeflate, cInflate;
void zs_init(struct zstream *z, bool deflate);     /* before deflateInit/inflateInit */
void zs_check_init(struct zstream *z, int err);    /* raises when init failed */
void zs_mark(struct zstream *z);
void zs_end(struct zstream *z);                    /* frees zlib's state */
void zs_run(struct zstream *z, const char *src, long len, int flush);
VALUE zs_detach(struct zstream *z);                /* the output as a String, buffer emptied */
void zs_append_buf(struct zstream *z, const char *p, long len);
void zs_append_input(struct zstream *z, const char *p, long len);
void zs_discard_input(struct zstream *z, long len);
void zs_reset(struct zstream *z);
void zstream_classes_init(void);

/* ---- gzfile.c */
#define GZ_MAGIC1 0x1f
#define GZ_MAGIC2 0x8b
#define GZ_METHOD_DEFLATE 8
#define GZ_FLAG_MULTIPART 0x02     /* 1.8.7's reading of FHCRC: refused */
#define GZ_FLAG_EXTRA 0x04
#define GZ_FLAG_ORIG_NAME 0x08
#define GZ_FLAG_COMMENT 0x10
#define GZ_FLAG_ENCRYPT 0x20
#define GZ_FLAG_UNKNOWN 0xc0
#define GZ_EXTRAFLAG_SLOW 0x02
#define GZ_EXTRAFLAG_FAST 0x04
#define GZ_OS_UNIX 0x03
#define GZ_FOOTER_SIZE 8
#define GZ_READ_SIZE 2048

struct gzfile {
    struct zstream z;
    VALUE io;
    int level;
    long mtime;
    int os_code;
    VALUE orig_name;      /* String or nil */
    VALUE comment;        /* String or nil */
    unsigned long crc;
    long lineno;
    bool header_done;     /* written (writer) or read (reader) */
    bool footer_done;     /* footer checked (reader) */
    bool closed;
    bool sync;
    /* reader: decompressed bytes not read yet are rbuf[rpos ..] */
    VALUE rbuf;
    long rpos;
    long raw_since_data;  /* bytes read from io since the header (rewind) */
};

extern VALUE cGzipFile, cGzipWriter, cGzipReader, cGzError, cNoFooter, cCRCError, cLengthError;
struct gzfile *gz_get(VALUE self);           /* GzipFile::Error "closed gzip stream" */
struct gzfile *gz_get_any(VALUE self);       /* closed ones too */
VALUE gz_alloc(VALUE klass, bool deflate);
VALUE gz_close_io(VALUE io);                 /* io.close if it can */
void gzfile_init(void);

/* ---- gzwriter.c, gzreader.c */
void gzwriter_init(void);
void gzreader_init(void);
VALUE gzreader_unused(struct gzfile *gz);
void gzwriter_end(struct gzfile *gz);        /* footer written at close */
void gzreader_end(struct gzfile *gz);        /* footer checked at close */

#endif
