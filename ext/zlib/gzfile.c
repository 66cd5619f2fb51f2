/* gzfile.c: Zlib::GzipFile, what GzipWriter and GzipReader share, after
 * Ruby 1.8.7's API:
 *   GzipFile.wrap(io, ...) { |gz| ... }, to_io, crc, mtime, level,
 *   os_code, orig_name, comment, close, finish, closed?, sync, sync=,
 *   and the errors GzipFile::Error (< Zlib::Error), NoFooter, CRCError,
 *   LengthError.
 * A closed GzipFile raises GzipFile::Error "closed gzip stream".
 */
#include <stdlib.h>
#include "zlib_int.h"

VALUE cGzipFile, cGzipWriter, cGzipReader, cGzError, cNoFooter, cCRCError, cLengthError;

static void gz_mark(void *p)
{
    struct gzfile *gz = p;
    zs_mark(&gz->z);
    gc_mark(gz->io);
    gc_mark(gz->orig_name);
    gc_mark(gz->comment);
    gc_mark(gz->rbuf);
}

static void gz_free(void *p)
{
    struct gzfile *gz = p;
    zs_end(&gz->z);
    free(gz);
}

static const struct data_type gzfile_type = { "Zlib::GzipFile", gz_mark, gz_free, NULL };

VALUE gz_alloc(VALUE klass, bool deflate)
{
    struct gzfile *gz = xcalloc(1, sizeof *gz);
    zs_init(&gz->z, deflate);
    gz->io = gz->orig_name = gz->comment = gz->rbuf = Qnil;
    gz->level = Z_DEFAULT_COMPRESSION;
    gz->os_code = GZ_OS_UNIX;
    gz->crc = crc32(0, Z_NULL, 0);
    return data_new(klass, &gzfile_type, gz);
}

struct gzfile *gz_get_any(VALUE self) { return data_get(self, &gzfile_type); }

struct gzfile *gz_get(VALUE self)
{
    struct gzfile *gz = gz_get_any(self);
    if (!gz->z.ready || gz->closed) exc_raise(cGzError, "closed gzip stream");
    return gz;
}

VALUE gz_close_io(VALUE io)
{
    if (vm_respond_to(io, sym_intern_cstr("close"), false)) vm_call0(io, sym_intern_cstr("close"));
    return io;
}

/* ------------------------------------------------------------ wrap */
static VALUE wrap_body(VALUE gz) { return vm_yield1(gz); }

static VALUE wrap_ensure(VALUE obj)
{
    struct gzfile *gz = gz_get_any(obj);
    if (gz->z.ready && !gz->closed) vm_call0(obj, sym_intern_cstr("close"));
    return Qnil;
}

/* new(io, ...), given to the block and closed after it. */
static VALUE gzf_s_wrap(VALUE klass, int argc, const VALUE *argv)
{
    VALUE obj = class_new_instance(klass, argc, argv);
    if (!vm_block_given()) return obj;
    return vm_ensure(wrap_body, obj, wrap_ensure, obj);
}

/* ------------------------------------------------------------ accessors */
static VALUE gzf_to_io(VALUE self, int argc, const VALUE *argv) { return gz_get(self)->io; }
static VALUE gzf_crc(VALUE self, int argc, const VALUE *argv) { return int_new_ull(gz_get(self)->crc); }
static VALUE gzf_level(VALUE self, int argc, const VALUE *argv) { return INT2FIX(gz_get(self)->level); }
static VALUE gzf_os_code(VALUE self, int argc, const VALUE *argv) { return INT2FIX(gz_get(self)->os_code); }

static VALUE gzf_mtime(VALUE self, int argc, const VALUE *argv)
{
    VALUE t = int_new(gz_get(self)->mtime);
    return vm_call1(core_classes->Time, sym_intern_cstr("at"), t);
}

static VALUE gzf_orig_name(VALUE self, int argc, const VALUE *argv)
{
    VALUE s = gz_get(self)->orig_name;
    return NIL_P(s) ? Qnil : str_dup(s);
}

static VALUE gzf_comment(VALUE self, int argc, const VALUE *argv)
{
    VALUE s = gz_get(self)->comment;
    return NIL_P(s) ? Qnil : str_dup(s);
}

static VALUE gzf_closed_p(VALUE self, int argc, const VALUE *argv)
{
    struct gzfile *gz = gz_get_any(self);
    return BOOL2V(!gz->z.ready || gz->closed);
}

static VALUE gzf_sync(VALUE self, int argc, const VALUE *argv) { return BOOL2V(gz_get(self)->sync); }

static VALUE gzf_set_sync(VALUE self, int argc, const VALUE *argv)
{
    gz_get(self)->sync = RTEST(argv[0]);
    return argv[0];
}

/* ------------------------------------------------------------ close, finish */
/* Writers write the footer, readers check it; then the stream ends. */
static VALUE gz_end(VALUE self)
{
    struct gzfile *gz = gz_get(self);
    if (gz->z.deflate) gzwriter_end(gz);
    else gzreader_end(gz);
    gz->closed = true;
    zs_end(&gz->z);
    return gz->io;
}

static VALUE gzf_close(VALUE self, int argc, const VALUE *argv) { return gz_close_io(gz_end(self)); }
static VALUE gzf_finish(VALUE self, int argc, const VALUE *argv) { return gz_end(self); }

void gzfile_init(void)
{
    VALUE c = cGzipFile = class_define_under(mZlib, "GzipFile", core_classes->Object);
    class_set_allocator(c, NULL);
    cGzError = class_define_under(c, "Error", cZError);
    cNoFooter = class_define_under(c, "NoFooter", cGzError);
    cCRCError = class_define_under(c, "CRCError", cGzError);
    cLengthError = class_define_under(c, "LengthError", cGzError);
    define_singleton_method(c, "wrap", gzf_s_wrap, -1);
    define_method(c, "to_io", gzf_to_io, 0);
    define_method(c, "crc", gzf_crc, 0);
    define_method(c, "mtime", gzf_mtime, 0);
    define_method(c, "level", gzf_level, 0);
    define_method(c, "os_code", gzf_os_code, 0);
    define_method(c, "orig_name", gzf_orig_name, 0);
    define_method(c, "comment", gzf_comment, 0);
    define_method(c, "close", gzf_close, 0);
    define_method(c, "finish", gzf_finish, 0);
    define_method(c, "closed?", gzf_closed_p, 0);
    define_method(c, "sync", gzf_sync, 0);
    define_method(c, "sync=", gzf_set_sync, 1);
}
