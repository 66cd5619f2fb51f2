/* zstream.c: Zlib::ZStream, Zlib::Deflate and Zlib::Inflate, after
 * Ruby 1.8.7's API.
 *
 *   ZStream: avail_in avail_out avail_out= total_in total_out data_type
 *     adler finished?/stream_end? closed?/ended? close/end reset finish
 *     flush_next_in flush_next_out
 *   Deflate.new(level = DEFAULT_COMPRESSION, window_bits = MAX_WBITS,
 *     mem_level = DEF_MEM_LEVEL, strategy = DEFAULT_STRATEGY),
 *     Deflate.deflate(str, level), #deflate(str, flush = NO_FLUSH), <<,
 *     flush(flush = SYNC_FLUSH), params(level, strategy), set_dictionary,
 *     dup/clone
 *   Inflate.new(window_bits = MAX_WBITS), Inflate.inflate(str),
 *     #inflate(str), <<, sync(str), sync_point?, set_dictionary
 *
 * Window bits as zlib takes them: 8..15 zlib format, -8..-15 raw
 * deflate, +16 gzip, +32 (inflate) zlib or gzip detected.  A stream that
 * was closed raises Zlib::Error "stream is not ready".
 */
#include <stdlib.h>
#include <string.h>
#include "zlib_int.h"

VALUE cZStream, cDeflate, cInflate;

#define BUF_INITIAL 1024
#define BUF_STEP_MAX (64 * 1024)

/* ------------------------------------------------------------ the stream core */

/* zlib allocates through these, so its memory counts toward the next GC. */
static voidpf zs_alloc(voidpf opaque, uInt items, uInt size)
{
    gc_malloc_increase((size_t)items * size);
    return xcalloc(items, size);
}

static void zs_free(voidpf opaque, voidpf p) { free(p); }

void zs_init(struct zstream *z, bool deflate)
{
    memset(&z->s, 0, sizeof z->s);
    z->s.zalloc = zs_alloc;
    z->s.zfree = zs_free;
    z->deflate = deflate;
    z->ready = z->finished = false;
    z->input = z->buf = Qnil;
    z->buf_filled = 0;
}

void zs_check_init(struct zstream *z, int err)
{
    if (err != Z_OK) zlib_raise(err, z->s.msg);
    z->ready = true;
}

void zs_mark(struct zstream *z)
{
    gc_mark(z->input);
    gc_mark(z->buf);
}

void zs_end(struct zstream *z)
{
    if (!z->ready) return;
    if (z->deflate) deflateEnd(&z->s);
    else inflateEnd(&z->s);
    z->ready = false;
}

/* Room for at least one more output byte; next_out/avail_out set to it. */
static void buf_expand(struct zstream *z)
{
    if (NIL_P(z->buf)) {
        z->buf = str_new(NULL, BUF_INITIAL);
        z->buf_filled = 0;
    } else if (z->buf_filled >= RSTRING_LEN(z->buf)) {
        long len = RSTRING_LEN(z->buf);
        str_resize(z->buf, len + (len < BUF_STEP_MAX ? len : BUF_STEP_MAX));
    }
    long room = RSTRING_LEN(z->buf) - z->buf_filled;
    z->s.next_out = (Bytef *)RSTRING_PTR(z->buf) + z->buf_filled;
    z->s.avail_out = room > 0x40000000 ? 0x40000000 : (uInt)room;
}

void zs_append_buf(struct zstream *z, const char *p, long len)
{
    if (NIL_P(z->buf)) {
        z->buf = str_new(NULL, len > BUF_INITIAL ? len : BUF_INITIAL);
        z->buf_filled = 0;
    } else if (z->buf_filled + len > RSTRING_LEN(z->buf)) {
        str_resize(z->buf, z->buf_filled + len);
    }
    memcpy(RSTRING_PTR(z->buf) + z->buf_filled, p, (size_t)len);
    z->buf_filled += len;
}

VALUE zs_detach(struct zstream *z)
{
    if (NIL_P(z->buf)) return str_new("", 0);
    VALUE out = z->buf;
    str_resize(out, z->buf_filled);
    z->buf = Qnil;
    z->buf_filled = 0;
    return out;
}

void zs_append_input(struct zstream *z, const char *p, long len)
{
    if (len <= 0) return;
    if (NIL_P(z->input)) z->input = str_new(p, len);
    else str_cat(z->input, p, len);
}

void zs_discard_input(struct zstream *z, long len)
{
    if (NIL_P(z->input)) return;
    long have = RSTRING_LEN(z->input);
    z->input = len >= have ? Qnil : str_new(RSTRING_PTR(z->input) + len, have - len);
}

void zs_reset(struct zstream *z)
{
    int err = z->deflate ? deflateReset(&z->s) : inflateReset(&z->s);
    if (err != Z_OK) zlib_raise(err, z->s.msg);
    z->finished = false;
    z->buf = z->input = Qnil;
    z->buf_filled = 0;
}

/* Keep what zlib did not consume as the stream's input. */
static void keep_unconsumed(struct zstream *z, VALUE held)
{
    if (z->s.avail_in > 0) {
        VALUE rest = str_new((const char *)z->s.next_in, (long)z->s.avail_in);
        z->input = rest;
    } else {
        z->input = Qnil;
    }
    z->s.next_in = NULL;
    z->s.avail_in = 0;
    GC_GUARD(held);
}

/* What a deflate/inflate call's result means for the run. */
enum step { STEP_MORE, STEP_DONE, STEP_FAIL };

static enum step step_result(struct zstream *z, int err, int flush)
{
    if (err == Z_STREAM_END) {
        z->finished = true;
        return STEP_DONE;
    }
    if (err == Z_OK || (err == Z_BUF_ERROR && z->s.avail_out == 0))
        return flush != Z_FINISH && z->s.avail_in == 0 && z->s.avail_out > 0 ? STEP_DONE : STEP_MORE;
    if (err == Z_BUF_ERROR && flush != Z_FINISH) return STEP_DONE;   /* wants more input */
    return STEP_FAIL;
}

/* Feed src (after the stream's pending input) to zlib with flush,
   collecting the output in z->buf.  On an error the output so far stays
   in z->buf and the unconsumed input in z->input. */
void zs_run(struct zstream *z, const char *src, long len, int flush)
{
    VALUE held = Qnil;   /* the caller keeps src alive; held keeps our input */
    if (!NIL_P(z->input)) {
        zs_append_input(z, src, len);
        held = z->input;
        src = RSTRING_PTR(held);
        len = RSTRING_LEN(held);
        z->input = Qnil;
    }
    z->s.next_in = (Bytef *)src;
    z->s.avail_in = (uInt)len;
    for (;;) {
        buf_expand(z);
        uInt before = z->s.avail_out;
        int err = z->deflate ? deflate(&z->s, flush) : inflate(&z->s, flush);
        z->buf_filled += before - z->s.avail_out;
        enum step st = step_result(z, err, flush);
        if (st == STEP_DONE) break;
        if (st == STEP_FAIL) {
            const char *msg = z->s.msg;
            keep_unconsumed(z, held);
            zlib_raise(err, msg);
        }
    }
    keep_unconsumed(z, held);
}

/* ------------------------------------------------------------ Data objects */
static void zstream_mark(void *p) { zs_mark(p); }

static void zstream_free(void *p)
{
    zs_end(p);
    free(p);
}

static const struct data_type zstream_type = { "Zlib::ZStream", zstream_mark, zstream_free, NULL };

static VALUE zstream_new(VALUE klass, bool deflate)
{
    struct zstream *z = xcalloc(1, sizeof *z);
    zs_init(z, deflate);
    return data_new(klass, &zstream_type, z);
}

static VALUE deflate_alloc(VALUE klass) { return zstream_new(klass, true); }
static VALUE inflate_alloc(VALUE klass) { return zstream_new(klass, false); }

static struct zstream *zs_get_any(VALUE self) { return data_get(self, &zstream_type); }

static struct zstream *zs_get(VALUE self)
{
    struct zstream *z = zs_get_any(self);
    if (!z->ready) exc_raise(cZError, "stream is not ready");
    return z;
}

static int int_arg(int argc, const VALUE *argv, int i, int dflt)
{
    return argc > i && !NIL_P(argv[i]) ? num_to_int(argv[i]) : dflt;
}

/* ------------------------------------------------------------ ZStream */
static VALUE zst_avail_out(VALUE self, int argc, const VALUE *argv)
{
    struct zstream *z = zs_get(self);
    return int_new(NIL_P(z->buf) ? 0 : RSTRING_LEN(z->buf) - z->buf_filled);
}

static VALUE zst_set_avail_out(VALUE self, int argc, const VALUE *argv)
{
    struct zstream *z = zs_get(self);
    long size = num_to_long(argv[0]);
    if (size < 0) size = 0;
    if (NIL_P(z->buf)) {
        z->buf = str_new(NULL, size);
        z->buf_filled = 0;
    } else {
        str_resize(z->buf, z->buf_filled + size);
    }
    return argv[0];
}

static VALUE zst_avail_in(VALUE self, int argc, const VALUE *argv)
{
    struct zstream *z = zs_get(self);
    return int_new(NIL_P(z->input) ? 0 : RSTRING_LEN(z->input));
}

static VALUE zst_total_in(VALUE self, int argc, const VALUE *argv) { return int_new_ull(zs_get(self)->s.total_in); }
static VALUE zst_total_out(VALUE self, int argc, const VALUE *argv) { return int_new_ull(zs_get(self)->s.total_out); }
static VALUE zst_data_type(VALUE self, int argc, const VALUE *argv) { return INT2FIX(zs_get(self)->s.data_type); }
static VALUE zst_adler(VALUE self, int argc, const VALUE *argv) { return int_new_ull(zs_get(self)->s.adler); }
static VALUE zst_finished_p(VALUE self, int argc, const VALUE *argv) { return BOOL2V(zs_get(self)->finished); }
static VALUE zst_closed_p(VALUE self, int argc, const VALUE *argv) { return BOOL2V(!zs_get_any(self)->ready); }

static VALUE zst_end(VALUE self, int argc, const VALUE *argv)
{
    struct zstream *z = zs_get(self);
    zs_end(z);
    z->input = z->buf = Qnil;
    return Qnil;
}

static VALUE zst_reset(VALUE self, int argc, const VALUE *argv)
{
    zs_reset(zs_get(self));
    return Qnil;
}

static VALUE zst_finish(VALUE self, int argc, const VALUE *argv)
{
    struct zstream *z = zs_get(self);
    zs_run(z, "", 0, Z_FINISH);
    return zs_detach(z);
}

static VALUE zst_flush_next_in(VALUE self, int argc, const VALUE *argv)
{
    struct zstream *z = zs_get(self);
    VALUE in = NIL_P(z->input) ? str_new("", 0) : z->input;
    z->input = Qnil;
    return in;
}

static VALUE zst_flush_next_out(VALUE self, int argc, const VALUE *argv) { return zs_detach(zs_get(self)); }

/* ------------------------------------------------------------ Deflate */
static VALUE def_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 4);
    struct zstream *z = zs_get_any(self);
    if (z->ready) zs_end(z);
    int level = int_arg(argc, argv, 0, Z_DEFAULT_COMPRESSION);
    int wbits = int_arg(argc, argv, 1, MAX_WBITS);
    int memlevel = int_arg(argc, argv, 2, 8);
    int strategy = int_arg(argc, argv, 3, Z_DEFAULT_STRATEGY);
    zs_check_init(z, deflateInit2(&z->s, level, Z_DEFLATED, wbits, memlevel, strategy));
    return self;
}

static VALUE def_init_copy(VALUE self, int argc, const VALUE *argv)
{
    struct zstream *z = zs_get_any(self);
    struct zstream *src = zs_get(argv[0]);
    if (z->ready) zs_end(z);
    int err = deflateCopy(&z->s, &src->s);
    if (err != Z_OK) zlib_raise(err, NULL);
    z->ready = true;
    z->finished = src->finished;
    z->input = NIL_P(src->input) ? Qnil : str_dup(src->input);
    z->buf = NIL_P(src->buf) ? Qnil : str_dup(src->buf);
    z->buf_filled = src->buf_filled;
    return self;
}

/* Deflate src with flush; nil finishes the stream. */
static void do_deflate(struct zstream *z, VALUE src, int flush)
{
    if (NIL_P(src)) {
        zs_run(z, "", 0, Z_FINISH);
        return;
    }
    src = conv_to_str(src);
    if (flush != Z_NO_FLUSH || RSTRING_LEN(src) > 0) zs_run(z, RSTRING_PTR(src), RSTRING_LEN(src), flush);
    GC_GUARD(src);
}

static VALUE def_deflate(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    struct zstream *z = zs_get(self);
    do_deflate(z, argv[0], int_arg(argc, argv, 1, Z_NO_FLUSH));
    return zs_detach(z);
}

static VALUE def_addstr(VALUE self, int argc, const VALUE *argv)
{
    do_deflate(zs_get(self), argv[0], Z_NO_FLUSH);
    return self;
}

static VALUE def_flush(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    struct zstream *z = zs_get(self);
    int flush = int_arg(argc, argv, 0, Z_SYNC_FLUSH);
    if (flush != Z_NO_FLUSH) zs_run(z, "", 0, flush);
    return zs_detach(z);
}

static VALUE def_s_deflate(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    VALUE src = conv_to_str(argv[0]);
    VALUE obj = deflate_alloc(cDeflate);
    struct zstream *z = zs_get_any(obj);
    zs_check_init(z, deflateInit(&z->s, int_arg(argc, argv, 1, Z_DEFAULT_COMPRESSION)));
    zs_run(z, RSTRING_PTR(src), RSTRING_LEN(src), Z_FINISH);
    VALUE out = zs_detach(z);
    zs_end(z);
    GC_GUARD(obj);
    return out;
}

/* deflateParams may need output room for what it flushes. */
static VALUE def_params(VALUE self, int argc, const VALUE *argv)
{
    struct zstream *z = zs_get(self);
    int level = num_to_int(argv[0]), strategy = num_to_int(argv[1]);
    for (;;) {
        if (NIL_P(z->buf) || z->buf_filled >= RSTRING_LEN(z->buf)) buf_expand(z);
        z->s.next_out = (Bytef *)RSTRING_PTR(z->buf) + z->buf_filled;
        z->s.avail_out = (uInt)(RSTRING_LEN(z->buf) - z->buf_filled);
        uInt before = z->s.avail_out;
        int err = deflateParams(&z->s, level, strategy);
        z->buf_filled += before - z->s.avail_out;
        if (err == Z_OK) break;
        if (err != Z_BUF_ERROR || z->s.avail_out > 0) zlib_raise(err, z->s.msg);
    }
    return Qnil;
}

static VALUE def_set_dictionary(VALUE self, int argc, const VALUE *argv)
{
    struct zstream *z = zs_get(self);
    VALUE dict = conv_to_str(argv[0]);
    int err = deflateSetDictionary(&z->s, (const Bytef *)RSTRING_PTR(dict), (uInt)RSTRING_LEN(dict));
    if (err != Z_OK) zlib_raise(err, z->s.msg);
    return dict;
}

/* ------------------------------------------------------------ Inflate */
static VALUE inf_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    struct zstream *z = zs_get_any(self);
    if (z->ready) zs_end(z);
    zs_check_init(z, inflateInit2(&z->s, int_arg(argc, argv, 0, MAX_WBITS)));
    return self;
}

/* Inflate src; nil only flushes what the stream holds. */
static void do_inflate(struct zstream *z, VALUE src)
{
    if (NIL_P(src)) {
        zs_run(z, "", 0, Z_SYNC_FLUSH);
        return;
    }
    src = conv_to_str(src);
    if (RSTRING_LEN(src) > 0) zs_run(z, RSTRING_PTR(src), RSTRING_LEN(src), Z_SYNC_FLUSH);
    GC_GUARD(src);
}

/* After the end of the stream, 1.8.7 passes further bytes through to
   the output as they are, and drops unused input at the end. */
static void inflate_more(struct zstream *z, VALUE src)
{
    if (z->finished) {
        if (!NIL_P(src)) {
            src = conv_to_str(src);
            zs_append_buf(z, RSTRING_PTR(src), RSTRING_LEN(src));
        }
        return;
    }
    do_inflate(z, src);
    if (z->finished) z->input = Qnil;
}

static VALUE inf_inflate(VALUE self, int argc, const VALUE *argv)
{
    struct zstream *z = zs_get(self);
    bool was_finished = z->finished;
    inflate_more(z, argv[0]);
    if (was_finished && !NIL_P(argv[0])) return str_new("", 0);
    return zs_detach(z);
}

static VALUE inf_addstr(VALUE self, int argc, const VALUE *argv)
{
    inflate_more(zs_get(self), argv[0]);
    return self;
}

static VALUE inf_s_inflate(VALUE klass, int argc, const VALUE *argv)
{
    VALUE src = conv_to_str(argv[0]);
    VALUE obj = inflate_alloc(cInflate);
    struct zstream *z = zs_get_any(obj);
    zs_check_init(z, inflateInit(&z->s));
    zs_run(z, RSTRING_PTR(src), RSTRING_LEN(src), Z_SYNC_FLUSH);
    zs_run(z, "", 0, Z_FINISH);
    VALUE out = zs_detach(z);
    zs_end(z);
    GC_GUARD(obj);
    return out;
}

/* Skip input up to a full-flush point: true when one was found. */
static VALUE inf_sync(VALUE self, int argc, const VALUE *argv)
{
    struct zstream *z = zs_get(self);
    VALUE src = conv_to_str(argv[0]);
    zs_append_input(z, RSTRING_PTR(src), RSTRING_LEN(src));
    if (NIL_P(z->input)) return Qfalse;
    VALUE in = z->input;
    z->s.next_in = (Bytef *)RSTRING_PTR(in);
    z->s.avail_in = (uInt)RSTRING_LEN(in);
    int err = inflateSync(&z->s);
    z->input = z->s.avail_in ? str_new((const char *)z->s.next_in, (long)z->s.avail_in) : Qnil;
    z->s.avail_in = 0;
    GC_GUARD(in);
    if (err == Z_OK) return Qtrue;
    if (err == Z_DATA_ERROR || err == Z_BUF_ERROR) return Qfalse;
    zlib_raise(err, z->s.msg);
}

static VALUE inf_sync_point_p(VALUE self, int argc, const VALUE *argv)
{
    struct zstream *z = zs_get(self);
    int err = inflateSyncPoint(&z->s);
    if (err == 1) return Qtrue;
    if (err == Z_OK) return Qfalse;
    zlib_raise(err, z->s.msg);
}

static VALUE inf_set_dictionary(VALUE self, int argc, const VALUE *argv)
{
    struct zstream *z = zs_get(self);
    VALUE dict = conv_to_str(argv[0]);
    int err = inflateSetDictionary(&z->s, (const Bytef *)RSTRING_PTR(dict), (uInt)RSTRING_LEN(dict));
    if (err != Z_OK) zlib_raise(err, z->s.msg);
    return dict;
}

/* ------------------------------------------------------------ init */
static void define_zstream(void)
{
    VALUE c = cZStream = class_define_under(mZlib, "ZStream", core_classes->Object);
    class_set_allocator(c, NULL);
    define_method(c, "avail_out", zst_avail_out, 0);
    define_method(c, "avail_out=", zst_set_avail_out, 1);
    define_method(c, "avail_in", zst_avail_in, 0);
    define_method(c, "total_in", zst_total_in, 0);
    define_method(c, "total_out", zst_total_out, 0);
    define_method(c, "data_type", zst_data_type, 0);
    define_method(c, "adler", zst_adler, 0);
    define_method(c, "finished?", zst_finished_p, 0);
    define_method(c, "stream_end?", zst_finished_p, 0);
    define_method(c, "closed?", zst_closed_p, 0);
    define_method(c, "ended?", zst_closed_p, 0);
    define_method(c, "close", zst_end, 0);
    define_method(c, "end", zst_end, 0);
    define_method(c, "reset", zst_reset, 0);
    define_method(c, "finish", zst_finish, 0);
    define_method(c, "flush_next_in", zst_flush_next_in, 0);
    define_method(c, "flush_next_out", zst_flush_next_out, 0);
}

void zstream_classes_init(void)
{
    define_zstream();
    VALUE d = cDeflate = class_define_under(mZlib, "Deflate", cZStream);
    class_set_allocator(d, deflate_alloc);
    define_singleton_method(d, "deflate", def_s_deflate, -1);
    define_method(d, "initialize", def_initialize, -1);
    define_method(d, "initialize_copy", def_init_copy, 1);
    define_method(d, "deflate", def_deflate, -1);
    define_method(d, "<<", def_addstr, 1);
    define_method(d, "flush", def_flush, -1);
    define_method(d, "params", def_params, 2);
    define_method(d, "set_dictionary", def_set_dictionary, 1);
    VALUE i = cInflate = class_define_under(mZlib, "Inflate", cZStream);
    class_set_allocator(i, inflate_alloc);
    define_singleton_method(i, "inflate", inf_s_inflate, 1);
    define_method(i, "initialize", inf_initialize, -1);
    define_method(i, "inflate", inf_inflate, 1);
    define_method(i, "<<", inf_addstr, 1);
    define_method(i, "sync", inf_sync, 1);
    define_method(i, "sync_point?", inf_sync_point_p, 0);
    define_method(i, "set_dictionary", inf_set_dictionary, 1);
}
