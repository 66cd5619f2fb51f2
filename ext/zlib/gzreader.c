/* gzreader.c: Zlib::GzipReader, after Ruby 1.8.7's API.
 *
 *   GzipReader.new(io), GzipReader.open(filename) { |gz| ... }, read(len
 *   = nil), readpartial(maxlen, outbuf = nil), getc, readchar,
 *   each_byte, ungetc, gets(sep = $/), readline, each/each_line,
 *   readlines, lineno, lineno=, eof?/eof, rewind, pos/tell, unused, and
 *   GzipFile's mtime, orig_name, comment, os_code, level, crc, close,
 *   finish; Enumerable.
 *
 * The compressed bytes come from io.readpartial(2048) (io.read(2048) if
 * it has no readpartial), so a pipe blocks only the calling green
 * thread.  As in 1.8.7 only the first member of a multi-member file is
 * read: the bytes read past its footer are #unused, and rewind needs a
 * seekable io.  The footer is checked when reading reaches the end, at
 * read() and at close: NoFooter "footer is not found", CRCError
 * "invalid compressed data -- crc error", LengthError "invalid
 * compressed data -- length error".  Unlike 1.8.7, gets(nil) answers nil
 * at the end (not ""), and eof? reads ahead to give a true answer.
 */
#include <string.h>
#include "zlib_int.h"

static VALUE gzr_alloc(VALUE klass) { return gz_alloc(klass, false); }

/* ------------------------------------------------------------ raw input */
static VALUE readpartial_body(VALUE io)
{
    return vm_call1(io, sym_intern_cstr("readpartial"), INT2FIX(GZ_READ_SIZE));
}

static VALUE readpartial_eof(VALUE arg, VALUE exc) { return Qnil; }

/* The next compressed bytes from io, nil at its end. */
static VALUE read_raw(struct gzfile *gz)
{
    VALUE str;
    if (vm_respond_to(gz->io, sym_intern_cstr("readpartial"), false))
        str = vm_rescue(readpartial_body, gz->io, readpartial_eof, Qnil, core_classes->EOFError);
    else
        str = vm_call1(gz->io, ID_read, INT2FIX(GZ_READ_SIZE));
    if (NIL_P(str)) return Qnil;
    if (!STRING_P(str)) exc_wrong_type(str, "String");
    if (RSTRING_LEN(str) == 0) return Qnil;
    gz->raw_since_data += RSTRING_LEN(str);
    return str;
}

/* At least n bytes of raw input in z.input; false if io ended first. */
static bool raw_ensure(struct gzfile *gz, long n)
{
    while (NIL_P(gz->z.input) || RSTRING_LEN(gz->z.input) < n) {
        VALUE str = read_raw(gz);
        if (NIL_P(str)) return false;
        zs_append_input(&gz->z, RSTRING_PTR(str), RSTRING_LEN(str));
    }
    return true;
}

static unsigned long get_le32(const unsigned char *p)
{
    return (unsigned long)p[0] | (unsigned long)p[1] << 8 | (unsigned long)p[2] << 16 |
           (unsigned long)p[3] << 24;
}

static const unsigned char *input_ptr(struct gzfile *gz)
{
    return (const unsigned char *)RSTRING_PTR(gz->z.input);
}

/* ------------------------------------------------------------ header */
/* The NUL-terminated field at *pos of the header, read in as needed. */
static VALUE header_cstring(struct gzfile *gz, long *pos)
{
    for (long from = *pos;;) {
        long have = RSTRING_LEN(gz->z.input);
        const char *p = (const char *)input_ptr(gz);
        const char *nul = memchr(p + from, '\0', (size_t)(have - from));
        if (nul) {
            VALUE s = str_new(p + *pos, nul - (p + *pos));
            *pos = nul - p + 1;
            return s;
        }
        from = have;
        if (!raw_ensure(gz, have + 1)) exc_raise(cGzError, "unexpected end of file");
    }
}

static void check_header_flags(int flags)
{
    if (flags & GZ_FLAG_MULTIPART) exc_raise(cGzError, "multi-part gzip file is not supported");
    if (flags & GZ_FLAG_ENCRYPT) exc_raise(cGzError, "encrypted gzip file is not supported");
    if (flags & GZ_FLAG_UNKNOWN) exc_raise(cGzError, "unknown flags 0x%02x", flags);
}

static void read_header(struct gzfile *gz)
{
    if (!raw_ensure(gz, 10)) exc_raise(cGzError, "not in gzip format");
    const unsigned char *h = input_ptr(gz);
    if (h[0] != GZ_MAGIC1 || h[1] != GZ_MAGIC2) exc_raise(cGzError, "not in gzip format");
    if (h[2] != GZ_METHOD_DEFLATE) exc_raise(cGzError, "unsupported compression method %d", h[2]);
    int flags = h[3];
    check_header_flags(flags);
    gz->mtime = (long)get_le32(h + 4);
    gz->level = h[8] & GZ_EXTRAFLAG_SLOW ? Z_BEST_COMPRESSION
              : h[8] & GZ_EXTRAFLAG_FAST ? Z_BEST_SPEED : Z_DEFAULT_COMPRESSION;
    gz->os_code = h[9];
    long pos = 10;
    if (flags & GZ_FLAG_EXTRA) {
        if (!raw_ensure(gz, pos + 2)) exc_raise(cGzError, "unexpected end of file");
        long xlen = input_ptr(gz)[pos] | input_ptr(gz)[pos + 1] << 8;
        pos += 2 + xlen;
        if (!raw_ensure(gz, pos)) exc_raise(cGzError, "unexpected end of file");
    }
    if (flags & GZ_FLAG_ORIG_NAME) gz->orig_name = header_cstring(gz, &pos);
    if (flags & GZ_FLAG_COMMENT) gz->comment = header_cstring(gz, &pos);
    zs_discard_input(&gz->z, pos);
    gz->header_done = true;
    gz->raw_since_data = NIL_P(gz->z.input) ? 0 : RSTRING_LEN(gz->z.input);
}

/* ------------------------------------------------------------ decompressed bytes */
static long avail(struct gzfile *gz) { return NIL_P(gz->rbuf) ? 0 : RSTRING_LEN(gz->rbuf) - gz->rpos; }
static bool at_end(struct gzfile *gz) { return gz->z.finished && avail(gz) == 0; }
static const char *rptr(struct gzfile *gz) { return RSTRING_PTR(gz->rbuf) + gz->rpos; }

/* What inflate produced goes to the read buffer, counted in the crc. */
static void take_output(struct gzfile *gz)
{
    if (gz->z.buf_filled == 0) return;
    VALUE out = zs_detach(&gz->z);
    gz->crc = crc32(gz->crc, (const Bytef *)RSTRING_PTR(out), (uInt)RSTRING_LEN(out));
    if (avail(gz) == 0) {
        gz->rbuf = out;
    } else {
        VALUE merged = str_new(rptr(gz), avail(gz));
        str_append(merged, out);
        gz->rbuf = merged;
    }
    gz->rpos = 0;
}

/* Inflate more input until some output comes or the stream ends. */
static void read_more(struct gzfile *gz)
{
    while (!gz->z.finished) {
        VALUE str = read_raw(gz);
        if (NIL_P(str)) exc_raise(cGzError, "unexpected end of file");
        zs_run(&gz->z, RSTRING_PTR(str), RSTRING_LEN(str), Z_SYNC_FLUSH);
        GC_GUARD(str);
        if (gz->z.buf_filled > 0) break;
    }
    take_output(gz);
}

static void fill(struct gzfile *gz, long n)
{
    while (!gz->z.finished && avail(gz) < n) read_more(gz);
}

/* Forget n bytes off the front of the read buffer (n <= avail). */
static void drop(struct gzfile *gz, long n)
{
    gz->rpos += n;
    if (gz->rpos >= RSTRING_LEN(gz->rbuf)) {
        gz->rbuf = Qnil;
        gz->rpos = 0;
    }
}

/* The same, as a new String. */
static VALUE consume(struct gzfile *gz, long n)
{
    VALUE s = gz->rpos == 0 && n == RSTRING_LEN(gz->rbuf) ? gz->rbuf : str_new(rptr(gz), n);
    drop(gz, n);
    return s;
}

static void check_footer(struct gzfile *gz)
{
    gz->footer_done = true;
    if (!raw_ensure(gz, GZ_FOOTER_SIZE)) exc_raise(cNoFooter, "footer is not found");
    unsigned long crc = get_le32(input_ptr(gz));
    unsigned long len = get_le32(input_ptr(gz) + 4);
    zs_discard_input(&gz->z, GZ_FOOTER_SIZE);
    if (gz->crc != crc) exc_raise(cCRCError, "invalid compressed data -- crc error");
    if ((gz->z.s.total_out & 0xffffffffUL) != len) exc_raise(cLengthError, "invalid compressed data -- length error");
}

/* At the end: the footer is checked once. */
static bool end_reached(struct gzfile *gz)
{
    if (!at_end(gz)) return false;
    if (!gz->footer_done) check_footer(gz);
    return true;
}

void gzreader_end(struct gzfile *gz)
{
    if (at_end(gz) && !gz->footer_done) check_footer(gz);
}

VALUE gzreader_unused(struct gzfile *gz)
{
    if (!at_end(gz)) return Qnil;
    if (!gz->footer_done) check_footer(gz);
    return NIL_P(gz->z.input) ? Qnil : str_dup(gz->z.input);
}

/* ------------------------------------------------------------ new, open */
static VALUE gzr_initialize(VALUE self, int argc, const VALUE *argv)
{
    struct gzfile *gz = gz_get_any(self);
    if (gz->z.ready) zs_end(&gz->z);
    zs_check_init(&gz->z, inflateInit2(&gz->z.s, -MAX_WBITS));
    gz->io = argv[0];
    read_header(gz);
    if (!NIL_P(gz->z.input)) {
        zs_run(&gz->z, "", 0, Z_SYNC_FLUSH);
        take_output(gz);
    }
    return self;
}

static VALUE gzr_s_open(VALUE klass, int argc, const VALUE *argv)
{
    VALUE fargs[2] = { argv[0], str_new_cstr("rb") };
    VALUE io = vm_call(core_classes->File, sym_intern_cstr("open"), 2, fargs);
    return vm_call_with_block(klass, sym_intern_cstr("wrap"), 1, &io, vm_current_block());
}

/* ------------------------------------------------------------ read */
static VALUE read_all(struct gzfile *gz)
{
    while (!gz->z.finished) read_more(gz);
    VALUE s = avail(gz) > 0 ? consume(gz, avail(gz)) : str_new("", 0);
    if (!gz->footer_done) check_footer(gz);
    return s;
}

static VALUE gzr_read(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    struct gzfile *gz = gz_get(self);
    if (argc == 0 || NIL_P(argv[0])) return read_all(gz);
    long len = num_to_long(argv[0]);
    if (len < 0) exc_raise(core_classes->ArgumentError, "negative length %ld given", len);
    if (len == 0) return str_new("", 0);
    fill(gz, len);
    if (end_reached(gz)) return Qnil;
    return consume(gz, len < avail(gz) ? len : avail(gz));
}

static VALUE gzr_readpartial(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    struct gzfile *gz = gz_get(self);
    long len = num_to_long(argv[0]);
    VALUE outbuf = argc > 1 && !NIL_P(argv[1]) ? conv_to_str(argv[1]) : Qnil;
    if (len < 0) exc_raise(core_classes->ArgumentError, "negative length %ld given", len);
    VALUE s = str_new("", 0);
    if (len > 0) {
        if (avail(gz) == 0 && !gz->z.finished) read_more(gz);
        if (end_reached(gz)) {
            if (!NIL_P(outbuf)) str_resize(outbuf, 0);
            exc_raise(core_classes->EOFError, "end of file reached");
        }
        s = consume(gz, len < avail(gz) ? len : avail(gz));
    }
    if (NIL_P(outbuf)) return s;
    vm_call1(outbuf, sym_intern_cstr("replace"), s);
    return outbuf;
}

static VALUE gzr_getc(VALUE self, int argc, const VALUE *argv)
{
    struct gzfile *gz = gz_get(self);
    fill(gz, 1);
    if (end_reached(gz)) return Qnil;
    unsigned char c = (unsigned char)*rptr(gz);
    drop(gz, 1);
    return INT2FIX(c);
}

static VALUE gzr_readchar(VALUE self, int argc, const VALUE *argv)
{
    VALUE c = gzr_getc(self, 0, NULL);
    if (NIL_P(c)) exc_raise(core_classes->EOFError, "end of file reached");
    return c;
}

static VALUE gzr_each_byte(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) vm_need_block();
    VALUE c;
    while (!NIL_P(c = gzr_getc(self, 0, NULL))) vm_yield1(c);
    return Qnil;
}

static VALUE gzr_ungetc(VALUE self, int argc, const VALUE *argv)
{
    struct gzfile *gz = gz_get(self);
    char c;
    if (STRING_P(argv[0]) && RSTRING_LEN(argv[0]) > 0) c = RSTRING_PTR(argv[0])[0];
    else c = (char)num_to_long(argv[0]);
    if (gz->rpos > 0) {
        gz->rpos--;
        str_modify(gz->rbuf);
        RSTRING_PTR(gz->rbuf)[gz->rpos] = c;
    } else {
        VALUE s = str_new(&c, 1);
        if (avail(gz) > 0) str_append(s, gz->rbuf);
        gz->rbuf = s;
    }
    return Qnil;
}

/* ------------------------------------------------------------ lines */
static void skip_newlines(struct gzfile *gz)
{
    for (;;) {
        fill(gz, 1);
        long have = avail(gz), n = 0;
        if (have == 0) return;
        while (n < have && rptr(gz)[n] == '\n') n++;
        drop(gz, n);
        if (n < have) return;
    }
}

/* Bytes up to and including the next sep, or the rest; 0 at the end. */
static long line_length(struct gzfile *gz, const char *sep, long seplen)
{
    long from = 0;
    for (;;) {
        fill(gz, from + seplen);
        long have = avail(gz);
        if (have == 0) return 0;
        if (have >= seplen) {
            const char *p = rptr(gz);
            const char *hit = memmem(p + from, (size_t)(have - from), sep, (size_t)seplen);
            if (hit) return hit - p + seplen;
            from = have - seplen + 1;
        }
        if (gz->z.finished) return have;
        read_more(gz);
    }
}

static VALUE gets_sep(struct gzfile *gz, VALUE sep)
{
    if (NIL_P(sep)) {
        VALUE s = read_all(gz);
        if (RSTRING_LEN(s) == 0) return Qnil;
        gz->lineno++;
        return s;
    }
    sep = conv_to_str(sep);
    bool para = RSTRING_LEN(sep) == 0;
    if (para) skip_newlines(gz);
    long n = para ? line_length(gz, "\n\n", 2) : line_length(gz, RSTRING_PTR(sep), RSTRING_LEN(sep));
    GC_GUARD(sep);
    if (n == 0) {
        end_reached(gz);
        return Qnil;
    }
    VALUE line = consume(gz, n);
    gz->lineno++;
    if (para) skip_newlines(gz);
    return line;
}

static VALUE sep_arg(int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    return argc > 0 ? argv[0] : gvar_get(sym_intern_cstr("$/"));
}

static VALUE gzr_gets(VALUE self, int argc, const VALUE *argv)
{
    VALUE line = gets_sep(gz_get(self), sep_arg(argc, argv));
    vm_svar_set(1, line);
    return line;
}

static VALUE gzr_readline(VALUE self, int argc, const VALUE *argv)
{
    VALUE line = gzr_gets(self, argc, argv);
    if (NIL_P(line)) exc_raise(core_classes->EOFError, "end of file reached");
    return line;
}

static VALUE gzr_each(VALUE self, int argc, const VALUE *argv)
{
    VALUE sep = sep_arg(argc, argv);
    if (!vm_block_given()) return enumerator_for(self, "each", argc, argv);
    VALUE line;
    while (!NIL_P(line = gets_sep(gz_get(self), sep))) vm_yield1(line);
    return self;
}

static VALUE gzr_readlines(VALUE self, int argc, const VALUE *argv)
{
    VALUE sep = sep_arg(argc, argv);
    VALUE lines = ary_new(), line;
    while (!NIL_P(line = gets_sep(gz_get(self), sep))) ary_push(lines, line);
    return lines;
}

static VALUE gzr_lineno(VALUE self, int argc, const VALUE *argv) { return int_new(gz_get(self)->lineno); }

static VALUE gzr_set_lineno(VALUE self, int argc, const VALUE *argv)
{
    gz_get(self)->lineno = num_to_long(argv[0]);
    return argv[0];
}

/* ------------------------------------------------------------ position */
static VALUE gzr_eof_p(VALUE self, int argc, const VALUE *argv)
{
    struct gzfile *gz = gz_get(self);
    fill(gz, 1);
    return BOOL2V(at_end(gz));
}

static VALUE gzr_pos(VALUE self, int argc, const VALUE *argv)
{
    struct gzfile *gz = gz_get(self);
    return int_new((long)gz->z.s.total_out - avail(gz));
}

static VALUE gzr_rewind(VALUE self, int argc, const VALUE *argv)
{
    struct gzfile *gz = gz_get(self);
    VALUE args[2] = { int_new(-gz->raw_since_data), INT2FIX(1) };
    vm_call(gz->io, sym_intern_cstr("seek"), 2, args);
    zs_reset(&gz->z);
    gz->rbuf = Qnil;
    gz->rpos = 0;
    gz->raw_since_data = 0;
    gz->crc = crc32(0, Z_NULL, 0);
    gz->lineno = 0;
    gz->footer_done = false;
    return INT2FIX(0);
}

static VALUE gzr_unused(VALUE self, int argc, const VALUE *argv) { return gzreader_unused(gz_get(self)); }

/* ------------------------------------------------------------ init */
void gzreader_init(void)
{
    VALUE c = cGzipReader = class_define_under(mZlib, "GzipReader", cGzipFile);
    module_include(c, core_classes->Enumerable);
    class_set_allocator(c, gzr_alloc);
    define_singleton_method(c, "open", gzr_s_open, 1);
    define_method(c, "initialize", gzr_initialize, 1);
    define_method(c, "read", gzr_read, -1);
    define_method(c, "readpartial", gzr_readpartial, -1);
    define_method(c, "getc", gzr_getc, 0);
    define_method(c, "readchar", gzr_readchar, 0);
    define_method(c, "each_byte", gzr_each_byte, 0);
    define_method(c, "ungetc", gzr_ungetc, 1);
    define_method(c, "gets", gzr_gets, -1);
    define_method(c, "readline", gzr_readline, -1);
    define_method(c, "each", gzr_each, -1);
    define_method(c, "each_line", gzr_each, -1);
    define_method(c, "readlines", gzr_readlines, -1);
    define_method(c, "lineno", gzr_lineno, 0);
    define_method(c, "lineno=", gzr_set_lineno, 1);
    define_method(c, "eof?", gzr_eof_p, 0);
    define_method(c, "eof", gzr_eof_p, 0);
    define_method(c, "pos", gzr_pos, 0);
    define_method(c, "tell", gzr_pos, 0);
    define_method(c, "rewind", gzr_rewind, 0);
    define_method(c, "unused", gzr_unused, 0);
}
