/* gzwriter.c: Zlib::GzipWriter, after Ruby 1.8.7's API.
 *
 *   GzipWriter.new(io, level = nil, strategy = nil), GzipWriter.open(
 *   filename, level = nil, strategy = nil) { |gz| ... }, write, <<,
 *   print, puts, printf, putc, flush(flush = SYNC_FLUSH), mtime=,
 *   orig_name=, comment= (before the first write: GzipFile::Error
 *   "header is already written" after), pos/tell, and GzipFile's close
 *   (which closes io), finish (which leaves it open), sync=.
 *
 * The header is written at the first write or at close; compressed
 * bytes go to io.write as deflate produces them.  print, puts and printf
 * are IO's own (they call #write), as in 1.8.7.  A GzipWriter that is
 * collected without close writes no footer.
 */
#include <string.h>
#include <time.h>
#include "zlib_int.h"

static VALUE io_print_me, io_puts_me, io_printf_me;   /* IO's methods: GC roots */

static VALUE gzw_alloc(VALUE klass) { return gz_alloc(klass, true); }

static VALUE gzw_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 3);
    struct gzfile *gz = gz_get_any(self);
    if (gz->z.ready) zs_end(&gz->z);
    int level = argc > 1 && !NIL_P(argv[1]) ? num_to_int(argv[1]) : Z_DEFAULT_COMPRESSION;
    int strategy = argc > 2 && !NIL_P(argv[2]) ? num_to_int(argv[2]) : Z_DEFAULT_STRATEGY;
    zs_check_init(&gz->z, deflateInit2(&gz->z.s, level, Z_DEFLATED, -MAX_WBITS, 8, strategy));
    gz->io = argv[0];
    gz->level = level;
    return self;
}

static VALUE gzw_s_open(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 3);
    VALUE args[3];
    VALUE fargs[2] = { argv[0], str_new_cstr("wb") };
    args[0] = vm_call(core_classes->File, sym_intern_cstr("open"), 2, fargs);
    for (int i = 1; i < argc; i++) args[i] = argv[i];
    return vm_call_with_block(klass, sym_intern_cstr("wrap"), argc, args, vm_current_block());
}

/* ------------------------------------------------------------ header, footer */
static void put_le32(unsigned char *p, unsigned long v)
{
    for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i));
}

static void make_header(struct gzfile *gz)
{
    unsigned char h[10];
    int flags = 0, extra = 0;
    if (!NIL_P(gz->orig_name)) flags |= GZ_FLAG_ORIG_NAME;
    if (!NIL_P(gz->comment)) flags |= GZ_FLAG_COMMENT;
    if (gz->mtime == 0) gz->mtime = (long)time(NULL);
    if (gz->level == Z_BEST_SPEED) extra |= GZ_EXTRAFLAG_FAST;
    else if (gz->level == Z_BEST_COMPRESSION) extra |= GZ_EXTRAFLAG_SLOW;
    h[0] = GZ_MAGIC1;
    h[1] = GZ_MAGIC2;
    h[2] = GZ_METHOD_DEFLATE;
    h[3] = (unsigned char)flags;
    put_le32(h + 4, (unsigned long)gz->mtime);
    h[8] = (unsigned char)extra;
    h[9] = (unsigned char)gz->os_code;
    zs_append_buf(&gz->z, (const char *)h, sizeof h);
    if (!NIL_P(gz->orig_name)) zs_append_buf(&gz->z, RSTRING_PTR(gz->orig_name), RSTRING_LEN(gz->orig_name) + 1);
    if (!NIL_P(gz->comment)) zs_append_buf(&gz->z, RSTRING_PTR(gz->comment), RSTRING_LEN(gz->comment) + 1);
    gz->header_done = true;
}

/* Hand the compressed bytes so far to io.write. */
static void write_raw(struct gzfile *gz)
{
    if (gz->z.buf_filled == 0) return;
    VALUE out = zs_detach(&gz->z);
    vm_call1(gz->io, ID_write, out);
    ID flush = sym_intern_cstr("flush");
    if (gz->sync && vm_respond_to(gz->io, flush, false)) vm_call0(gz->io, flush);
}

static void gz_write(struct gzfile *gz, const char *p, long len)
{
    if (!gz->header_done) make_header(gz);
    if (len > 0 || gz->sync) {
        gz->crc = crc32(gz->crc, (const Bytef *)p, (uInt)len);
        zs_run(&gz->z, p, len, gz->sync ? Z_SYNC_FLUSH : Z_NO_FLUSH);
    }
    write_raw(gz);
}

void gzwriter_end(struct gzfile *gz)
{
    if (!gz->header_done) make_header(gz);
    zs_run(&gz->z, "", 0, Z_FINISH);
    unsigned char f[GZ_FOOTER_SIZE];
    put_le32(f, gz->crc);
    put_le32(f + 4, gz->z.s.total_in);
    zs_append_buf(&gz->z, (const char *)f, sizeof f);
    write_raw(gz);
}

/* ------------------------------------------------------------ writing */
static VALUE gzw_write(VALUE self, int argc, const VALUE *argv)
{
    struct gzfile *gz = gz_get(self);
    VALUE str = STRING_P(argv[0]) ? argv[0] : obj_to_s(argv[0]);
    gz_write(gz, RSTRING_PTR(str), RSTRING_LEN(str));
    GC_GUARD(str);
    return int_new(RSTRING_LEN(str));
}

static VALUE gzw_addstr(VALUE self, int argc, const VALUE *argv)
{
    gzw_write(self, 1, argv);
    return self;
}

static VALUE gzw_putc(VALUE self, int argc, const VALUE *argv)
{
    struct gzfile *gz = gz_get(self);
    char c;
    if (STRING_P(argv[0]) && RSTRING_LEN(argv[0]) > 0) c = RSTRING_PTR(argv[0])[0];
    else c = (char)num_to_long(argv[0]);
    gz_write(gz, &c, 1);
    return argv[0];
}

static VALUE gzw_print(VALUE self, int argc, const VALUE *argv)
{
    gz_get(self);
    return vm_call_me(self, io_print_me, sym_intern_cstr("print"), argc, argv, NULL);
}

static VALUE gzw_puts(VALUE self, int argc, const VALUE *argv)
{
    gz_get(self);
    return vm_call_me(self, io_puts_me, sym_intern_cstr("puts"), argc, argv, NULL);
}

static VALUE gzw_printf(VALUE self, int argc, const VALUE *argv)
{
    gz_get(self);
    return vm_call_me(self, io_printf_me, sym_intern_cstr("printf"), argc, argv, NULL);
}

static VALUE gzw_flush(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    struct gzfile *gz = gz_get(self);
    int flush = argc > 0 && !NIL_P(argv[0]) ? num_to_int(argv[0]) : Z_SYNC_FLUSH;
    if (!gz->header_done) make_header(gz);
    if (flush != Z_NO_FLUSH) zs_run(&gz->z, "", 0, flush);
    write_raw(gz);
    ID id = sym_intern_cstr("flush");
    if (vm_respond_to(gz->io, id, false)) vm_call0(gz->io, id);
    return self;
}

static VALUE gzw_pos(VALUE self, int argc, const VALUE *argv) { return int_new_ull(gz_get(self)->z.s.total_in); }

/* ------------------------------------------------------------ header fields */
static struct gzfile *header_unwritten(VALUE self)
{
    struct gzfile *gz = gz_get(self);
    if (gz->header_done) exc_raise(cGzError, "header is already written");
    return gz;
}

static VALUE gzw_set_mtime(VALUE self, int argc, const VALUE *argv)
{
    struct gzfile *gz = header_unwritten(self);
    VALUE t = argv[0];
    if (!INTEGER_P(t)) t = vm_call0(t, ID_to_i);
    gz->mtime = num_to_long(t);
    return argv[0];
}

/* A copy of str up to its first NUL byte (the header's terminator). */
static VALUE header_string(VALUE str)
{
    str = conv_to_str(str);
    const char *p = RSTRING_PTR(str);
    const char *nul = memchr(p, '\0', (size_t)RSTRING_LEN(str));
    return str_new(p, nul ? nul - p : RSTRING_LEN(str));
}

static VALUE gzw_set_orig_name(VALUE self, int argc, const VALUE *argv)
{
    header_unwritten(self)->orig_name = header_string(argv[0]);
    return argv[0];
}

static VALUE gzw_set_comment(VALUE self, int argc, const VALUE *argv)
{
    header_unwritten(self)->comment = header_string(argv[0]);
    return argv[0];
}

/* ------------------------------------------------------------ init */
static VALUE io_method(const char *name)
{
    VALUE me = class_lookup_method(core_classes->IO, sym_intern_cstr(name));
    if (!me) mr_bug("IO#%s is missing", name);
    return me;
}

void gzwriter_init(void)
{
    io_print_me = io_method("print");
    io_puts_me = io_method("puts");
    io_printf_me = io_method("printf");
    gc_register_root(&io_print_me);
    gc_register_root(&io_puts_me);
    gc_register_root(&io_printf_me);
    VALUE c = cGzipWriter = class_define_under(mZlib, "GzipWriter", cGzipFile);
    class_set_allocator(c, gzw_alloc);
    define_singleton_method(c, "open", gzw_s_open, -1);
    define_method(c, "initialize", gzw_initialize, -1);
    define_method(c, "write", gzw_write, 1);
    define_method(c, "<<", gzw_addstr, 1);
    define_method(c, "putc", gzw_putc, 1);
    define_method(c, "print", gzw_print, -1);
    define_method(c, "puts", gzw_puts, -1);
    define_method(c, "printf", gzw_printf, -1);
    define_method(c, "flush", gzw_flush, -1);
    define_method(c, "pos", gzw_pos, 0);
    define_method(c, "tell", gzw_pos, 0);
    define_method(c, "mtime=", gzw_set_mtime, 1);
    define_method(c, "orig_name=", gzw_set_orig_name, 1);
    define_method(c, "comment=", gzw_set_comment, 1);
}
