/* zlib_mod.c: require 'zlib', after Ruby 1.8.7's zlib extension (0.6.0)
 * on the system's zlib.
 *
 *   Zlib.zlib_version, Zlib.crc32(str = nil, crc = nil),
 *   Zlib.adler32(str = nil, adler = nil), Zlib.crc_table, Zlib::VERSION,
 *   Zlib::ZLIB_VERSION, the compression, strategy, flush, data type and
 *   OS constants, and the error classes Zlib::Error (< StandardError),
 *   StreamEnd, NeedDict, DataError, StreamError, MemError, BufError,
 *   VersionError, whose messages are zlib's ("incorrect header check",
 *   "buffer error" ...).
 *
 * ZStream, Deflate and Inflate are in zstream.c, GzipFile, GzipWriter
 * and GzipReader in gzfile.c, gzwriter.c and gzreader.c.  As in 1.8.7
 * GzipReader reads only the first member of a multi-member file (the
 * bytes after it are GzipReader#unused: a loop reads them all).  Beyond
 * 1.8.7 (they came with 1.9, and a 1.8 script cannot miss them):
 * Zlib.deflate(str, level) and Zlib.inflate(str), which are
 * Zlib::Deflate.deflate and Zlib::Inflate.inflate, and
 * Zlib.crc32_combine/adler32_combine(sum1, sum2, len2).
 */
#include "zlib_int.h"

void ext_zlib_init(void);

VALUE mZlib, cZError, cStreamEnd, cNeedDict, cDataError, cStreamError, cMemError, cBufError,
    cVersionError;

void zlib_raise(int err, const char *msg)
{
    if (!msg) msg = zError(err);
    VALUE klass;
    switch (err) {
    case Z_STREAM_END: klass = cStreamEnd; break;
    case Z_NEED_DICT: klass = cNeedDict; break;
    case Z_STREAM_ERROR: klass = cStreamError; break;
    case Z_DATA_ERROR: klass = cDataError; break;
    case Z_BUF_ERROR: klass = cBufError; break;
    case Z_VERSION_ERROR: klass = cVersionError; break;
    case Z_MEM_ERROR: klass = cMemError; break;
    case Z_ERRNO: exc_sys_fail(msg);
    default: exc_raise(cZError, "unknown zlib error %d: %s", err, msg);
    }
    exc_raise(klass, "%s", msg);
}

/* ------------------------------------------------------------ checksums */
typedef uLong (*checksum_fn)(uLong, const Bytef *, uInt);

/* func over str (in pieces: uInt is 32 bits), starting from sum or from
   the function's initial value. */
static VALUE checksum(int argc, const VALUE *argv, checksum_fn func)
{
    arity_check(argc, 0, 2);
    VALUE str = argc > 0 ? argv[0] : Qnil;
    uLong sum;
    if (argc > 1 && !NIL_P(argv[1])) sum = (uLong)num_to_long(argv[1]) & 0xffffffffUL;
    else if (NIL_P(str)) sum = 0;
    else sum = func(0, Z_NULL, 0);
    if (NIL_P(str)) return int_new_ull(func(sum, Z_NULL, 0));
    str = conv_to_str(str);
    const char *p = RSTRING_PTR(str);
    long len = RSTRING_LEN(str);
    while (len > 0) {
        uInt n = len > 0x40000000 ? 0x40000000 : (uInt)len;
        sum = func(sum, (const Bytef *)p, n);
        p += n;
        len -= n;
    }
    GC_GUARD(str);
    return int_new_ull(sum);
}

static VALUE zlib_crc32(VALUE self, int argc, const VALUE *argv) { return checksum(argc, argv, crc32); }
static VALUE zlib_adler32(VALUE self, int argc, const VALUE *argv) { return checksum(argc, argv, adler32); }

/* the checksum of A + B from those of A and B and B's length */
static VALUE combine(const VALUE *argv, uLong (*func)(uLong, uLong, z_off_t))
{
    uLong a = (uLong)num_to_long(argv[0]) & 0xffffffffUL, b = (uLong)num_to_long(argv[1]) & 0xffffffffUL;
    long len = num_to_long(argv[2]);
    if (len < 0) exc_raise(core_classes->ArgumentError, "negative length");
    return int_new_ull(func(a, b, (z_off_t)len));
}

static VALUE zlib_crc32_combine(VALUE self, int argc, const VALUE *argv) { return combine(argv, crc32_combine); }
static VALUE zlib_adler32_combine(VALUE self, int argc, const VALUE *argv) { return combine(argv, adler32_combine); }

static VALUE zlib_deflate(VALUE self, int argc, const VALUE *argv)
{
    return vm_call(cDeflate, sym_intern_cstr("deflate"), argc, argv);
}

static VALUE zlib_inflate(VALUE self, int argc, const VALUE *argv)
{
    return vm_call(cInflate, sym_intern_cstr("inflate"), argc, argv);
}

static VALUE zlib_crc_table(VALUE self, int argc, const VALUE *argv)
{
    const z_crc_t *t = get_crc_table();
    VALUE ary = ary_new_capa(256);
    for (int i = 0; i < 256; i++) ary_push(ary, int_new_ull(t[i]));
    return ary;
}

static VALUE zlib_version_m(VALUE self, int argc, const VALUE *argv) { return str_new_cstr(zlibVersion()); }

/* ------------------------------------------------------------ init */
static void define_errors(void)
{
    cZError = class_define_under(mZlib, "Error", core_classes->StandardError);
    cStreamEnd = class_define_under(mZlib, "StreamEnd", cZError);
    cNeedDict = class_define_under(mZlib, "NeedDict", cZError);
    cDataError = class_define_under(mZlib, "DataError", cZError);
    cStreamError = class_define_under(mZlib, "StreamError", cZError);
    cMemError = class_define_under(mZlib, "MemError", cZError);
    cBufError = class_define_under(mZlib, "BufError", cZError);
    cVersionError = class_define_under(mZlib, "VersionError", cZError);
}

static void define_constants(void)
{
    static const struct { const char *name; long value; } consts[] = {
        { "BINARY", Z_BINARY }, { "ASCII", Z_ASCII }, { "UNKNOWN", Z_UNKNOWN },
        { "NO_COMPRESSION", Z_NO_COMPRESSION }, { "BEST_SPEED", Z_BEST_SPEED },
        { "BEST_COMPRESSION", Z_BEST_COMPRESSION }, { "DEFAULT_COMPRESSION", Z_DEFAULT_COMPRESSION },
        { "FILTERED", Z_FILTERED }, { "HUFFMAN_ONLY", Z_HUFFMAN_ONLY },
        { "DEFAULT_STRATEGY", Z_DEFAULT_STRATEGY }, { "MAX_WBITS", MAX_WBITS },
        { "DEF_MEM_LEVEL", 8 }, { "MAX_MEM_LEVEL", MAX_MEM_LEVEL },
        { "NO_FLUSH", Z_NO_FLUSH }, { "SYNC_FLUSH", Z_SYNC_FLUSH },
        { "FULL_FLUSH", Z_FULL_FLUSH }, { "FINISH", Z_FINISH },
        { "OS_CODE", GZ_OS_UNIX }, { "OS_MSDOS", 0x00 }, { "OS_AMIGA", 0x01 }, { "OS_VMS", 0x02 },
        { "OS_UNIX", 0x03 }, { "OS_VMCMS", 0x04 }, { "OS_ATARI", 0x05 }, { "OS_OS2", 0x06 },
        { "OS_MACOS", 0x07 }, { "OS_ZSYSTEM", 0x08 }, { "OS_CPM", 0x09 }, { "OS_TOPS20", 0x0a },
        { "OS_WIN32", 0x0b }, { "OS_QDOS", 0x0c }, { "OS_RISCOS", 0x0d }, { "OS_UNKNOWN", 0xff },
    };
    for (size_t i = 0; i < countof(consts); i++) define_const(mZlib, consts[i].name, int_new(consts[i].value));
    define_const(mZlib, "VERSION", str_new_frozen(str_new_cstr("0.6.0")));
    define_const(mZlib, "ZLIB_VERSION", str_new_frozen(str_new_cstr(ZLIB_VERSION)));
}

void ext_zlib_init(void)
{
    mZlib = module_define("Zlib");
    gc_register_root(&mZlib);
    define_errors();
    define_constants();
    define_module_function(mZlib, "zlib_version", zlib_version_m, 0);
    define_module_function(mZlib, "crc32", zlib_crc32, -1);
    define_module_function(mZlib, "adler32", zlib_adler32, -1);
    define_module_function(mZlib, "crc_table", zlib_crc_table, 0);
    define_module_function(mZlib, "crc32_combine", zlib_crc32_combine, 3);
    define_module_function(mZlib, "adler32_combine", zlib_adler32_combine, 3);
    define_module_function(mZlib, "deflate", zlib_deflate, -1);
    define_module_function(mZlib, "inflate", zlib_inflate, 1);
    zstream_classes_init();
    gzfile_init();
    gzwriter_init();
    gzreader_init();
}
