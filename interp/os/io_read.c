/* io_read.c: reading from an IO: gets and its line separators (a String,
 * "" for paragraphs, nil for everything), read, readpartial, sysread,
 * getc/ungetc, the each_ iterators, IO.read/readlines/foreach, and the
 * Kernel functions gets/readline/readlines, which read ARGF: the files
 * named in ARGV one after the other, or $stdin when ARGV was empty. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "io_impl.h"

/* What is read comes from outside: tainted, as in 1.8.7. */
static VALUE io_tainted(VALUE str)
{
    FL_SET(str, FL_TAINT);
    return str;
}

/* ------------------------------------------------------------ lines */
/* Read up to and including the separator (a non-empty String). */
static VALUE getline_sep(struct rio *f, VALUE sep)
{
    VALUE str = Qnil;
    long slen = RSTRING_LEN(sep);
    for (;;) {
        if (f->rlen == 0 && io_fill(f) == 0) break;
        char last = RSTRING_PTR(sep)[slen - 1];
        char *p = f->rbuf + f->rpos;
        char *e = memchr(p, last, (size_t)f->rlen);
        long n = e ? e - p + 1 : f->rlen;
        if (NIL_P(str)) str = io_tainted(str_new(p, n));
        else str_cat(str, p, n);
        f->rpos += n;
        f->rlen -= n;
        long len = RSTRING_LEN(str);
        if (e && len >= slen && memcmp(RSTRING_PTR(str) + len - slen, RSTRING_PTR(sep), (size_t)slen) == 0)
            break;
    }
    return str;
}

/* Skip a run of the byte c (paragraph mode drops extra newlines). */
static void swallow(struct rio *f, char c)
{
    for (;;) {
        if (f->rlen == 0 && io_fill(f) == 0) return;
        while (f->rlen > 0 && f->rbuf[f->rpos] == c) {
            f->rpos++;
            f->rlen--;
        }
        if (f->rlen > 0) return;
    }
}

VALUE io_read_all(struct rio *f)
{
    long size = 0;
    struct stat st;
    if (f->regular && fstat(f->fd, &st) == 0) {
        off_t pos = lseek(f->fd, 0, SEEK_CUR);
        if (pos >= 0 && st.st_size > pos) size = (long)(st.st_size - pos);
    }
    VALUE str = io_tainted(str_new_capa(f->rlen + (size > 0 ? size : 1024)));
    if (f->wlen > 0) io_fflush(f);
    if (f->rlen > 0) str_cat(str, f->rbuf + f->rpos, f->rlen);   /* no buffer yet: rbuf is NULL */
    f->rpos = f->rlen = 0;
    for (;;) {
        long len = RSTRING_LEN(str);
        long room = len + 8192;
        str_reserve(str, room);
        long r = io_sysread(f, RSTRING_PTR(str) + len, room - len);
        if (r == 0) break;
        str_resize(str, len + r);
    }
    return str;
}

VALUE io_getline(VALUE io, VALUE sep)
{
    struct rio *f = io_rio_readable(io);
    VALUE line;
    if (NIL_P(sep)) {
        line = io_read_all(f);
        if (RSTRING_LEN(line) == 0) line = Qnil;
    } else {
        sep = conv_to_str(sep);
        if (RSTRING_LEN(sep) == 0) {
            swallow(f, '\n');
            line = getline_sep(f, str_new("\n\n", 2));
            if (!NIL_P(line)) swallow(f, '\n');
        } else {
            line = getline_sep(f, sep);
        }
    }
    if (!NIL_P(line)) {
        f->lineno++;
        io_set_lastline_no(f->lineno);
    }
    return line;
}

static VALUE sep_arg(int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    return argc ? argv[0] : io_get_rs();
}

static VALUE io_gets(VALUE self, int argc, const VALUE *argv)
{
    VALUE line = io_getline(self, sep_arg(argc, argv));
    vm_svar_set(1, line);
    return line;
}

static NORETURN void eof_error(void)
{
    exc_raise(vm.c.EOFError, "end of file reached");
}

static VALUE io_readline(VALUE self, int argc, const VALUE *argv)
{
    VALUE line = io_gets(self, argc, argv);
    if (NIL_P(line)) eof_error();
    return line;
}

static VALUE io_readlines(VALUE self, int argc, const VALUE *argv)
{
    VALUE sep = sep_arg(argc, argv);
    VALUE ary = ary_new();
    VALUE line;
    while (!NIL_P(line = io_getline(self, sep))) ary_push(ary, line);
    return ary;
}

static VALUE io_each_line(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "each_line", argc, argv);
    VALUE sep = sep_arg(argc, argv);
    VALUE line;
    while (!NIL_P(line = io_getline(self, sep))) vm_yield1(line);
    return self;
}

static VALUE io_lines(VALUE self, int argc, const VALUE *argv)
{
    return enumerator_for(self, "each_line", argc, argv);
}

/* ------------------------------------------------------------ bytes */
static int rio_getbyte(struct rio *f)
{
    if (f->rlen == 0 && io_fill(f) == 0) return -1;
    f->rlen--;
    return (unsigned char)f->rbuf[f->rpos++];
}

static VALUE io_getc(VALUE self, int argc, const VALUE *argv)
{
    int c = rio_getbyte(io_rio_readable(self));
    return c < 0 ? Qnil : INT2FIX(c);
}

static VALUE io_readchar(VALUE self, int argc, const VALUE *argv)
{
    VALUE c = io_getc(self, 0, NULL);
    if (NIL_P(c)) eof_error();
    return c;
}

/* Puts n bytes back in front of what io reads next. */
void io_unread(VALUE io, const char *p, long n)
{
    struct rio *f = io_rio_readable(io);
    if (!f->rbuf) {
        f->rcapa = n > 8192 ? n : 8192;
        f->rbuf = xmalloc((size_t)f->rcapa);
    }
    if (f->rpos < n) {
        if (f->rlen + n > f->rcapa) {
            while (f->rlen + n > f->rcapa) f->rcapa *= 2;
            f->rbuf = xrealloc(f->rbuf, (size_t)f->rcapa);
        }
        memmove(f->rbuf + n, f->rbuf + f->rpos, (size_t)f->rlen);
        f->rpos = n;
    }
    f->rpos -= n;
    memcpy(f->rbuf + f->rpos, p, (size_t)n);
    f->rlen += n;
}

static VALUE io_ungetc(VALUE self, int argc, const VALUE *argv)
{
    char c = (char)(num_to_int(argv[0]) & 0xff);
    io_unread(self, &c, 1);
    return Qnil;
}

static VALUE io_each_byte(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "each_byte", argc, argv);
    int c;
    while ((c = rio_getbyte(io_rio_readable(self))) >= 0) vm_yield1(INT2FIX(c));
    return self;
}

static VALUE io_bytes(VALUE self, int argc, const VALUE *argv)
{
    return enumerator_for(self, "each_byte", 0, NULL);
}

/* Characters as 1.8.7 reads them: one byte, or under a multibyte $KCODE
   as many as the first byte announces (fewer if the stream ends first). */
static VALUE io_each_char(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "each_char", argc, argv);
    int c;
    while ((c = rio_getbyte(io_rio_readable(self))) >= 0) {
        char buf[8] = { (char)c };
        long n = re_mbclen(buf, (long)sizeof buf), len = 1;
        struct rio *f = io_rio_readable(self);
        while (len < n && (c = rio_getbyte(f)) >= 0) buf[len++] = (char)c;
        vm_yield1(io_tainted(str_new(buf, len)));
    }
    return self;
}

static VALUE io_chars(VALUE self, int argc, const VALUE *argv)
{
    return enumerator_for(self, "each_char", 0, NULL);
}

/* ------------------------------------------------------------ read */
static VALUE buffer_arg(int argc, const VALUE *argv, int i, long len)
{
    if (argc <= i || NIL_P(argv[i])) return io_tainted(str_new_capa(len));
    VALUE buf = conv_to_str(argv[i]);
    str_modify(buf);
    str_resize(buf, 0);
    str_reserve(buf, len);
    return io_tainted(buf);
}

static long length_arg(VALUE v)
{
    long n = num_to_long(v);
    if (n < 0) exc_raise(vm.c.ArgumentError, "negative length %ld given", n);
    return n;
}

/* Take up to n buffered bytes into str. */
static long take_buffered(struct rio *f, VALUE str, long n)
{
    if (n > f->rlen) n = f->rlen;
    if (n == 0) return 0;                  /* rbuf may not exist yet */
    str_cat(str, f->rbuf + f->rpos, n);
    f->rpos += n;
    f->rlen -= n;
    return n;
}

static VALUE io_read(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 2);
    struct rio *f = io_rio_readable(self);
    if (argc == 0 || NIL_P(argv[0])) {
        VALUE all = io_read_all(f);
        if (argc < 2 || NIL_P(argv[1])) return all;
        VALUE buf = buffer_arg(argc, argv, 1, 0);
        str_append(buf, all);
        return buf;
    }
    long len = length_arg(argv[0]);
    VALUE str = buffer_arg(argc, argv, 1, len);
    if (len == 0) return str;
    if (f->wlen > 0) io_fflush(f);
    take_buffered(f, str, len);
    while (RSTRING_LEN(str) < len) {
        long have = RSTRING_LEN(str);
        if (len - have < 8192) {
            if (io_fill(f) == 0) break;
            take_buffered(f, str, len - have);
            continue;
        }
        str_reserve(str, len);
        long r = io_sysread(f, RSTRING_PTR(str) + have, len - have);
        if (r == 0) break;
        str_resize(str, have + r);
    }
    return RSTRING_LEN(str) == 0 ? Qnil : str;
}

static VALUE io_readpartial(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    struct rio *f = io_rio_readable(self);
    long len = length_arg(argv[0]);
    VALUE str = buffer_arg(argc, argv, 1, len);
    if (len == 0) return str;
    if (f->rlen > 0) {
        take_buffered(f, str, len);
        return str;
    }
    if (f->wlen > 0) io_fflush(f);
    str_reserve(str, len);
    long r = io_sysread(f, RSTRING_PTR(str), len);
    if (r == 0) eof_error();
    str_resize(str, r);
    return str;
}

static VALUE io_sysread_m(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    struct rio *f = io_rio_readable(self);
    long len = length_arg(argv[0]);
    VALUE str = buffer_arg(argc, argv, 1, len);
    if (len == 0) return str;
    if (f->rlen > 0) exc_raise(vm.c.IOError, "sysread for buffered IO");
    str_reserve(str, len);
    long r = io_sysread(f, RSTRING_PTR(str), len);
    if (r == 0) eof_error();
    str_resize(str, r);
    return str;
}

/* read_nonblock: what is buffered or readable now; Errno::EAGAIN when
   nothing is (no wait, no thread switch). */
static VALUE io_read_nonblock(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    struct rio *f = io_rio_readable(self);
    long len = length_arg(argv[0]);
    VALUE str = buffer_arg(argc, argv, 1, len);
    if (len == 0) return str;
    if (f->rlen > 0) {
        take_buffered(f, str, len);
        return str;
    }
    if (f->wlen > 0) io_fflush(f);
    str_reserve(str, len);
    long n = io_read_now(f, RSTRING_PTR(str), len);
    if (n < 0) exc_sys_fail(errno == EAGAIN || !STRING_P(f->path) ? NULL : str_cstr(f->path));
    if (n == 0) eof_error();
    str_resize(str, n);
    return str;
}

static VALUE io_eof(VALUE self, int argc, const VALUE *argv)
{
    struct rio *f = io_rio_readable(self);
    if (f->rlen > 0) return Qfalse;
    return BOOL2V(io_fill(f) == 0);
}

/* ------------------------------------------------------------ IO.read & co. */
static VALUE open_for_read(VALUE path)
{
    return io_open_generic(path, Qnil, Qnil);
}

struct read_args { VALUE io; int argc; const VALUE *argv; VALUE (*fn)(VALUE, int, const VALUE *); };

static VALUE run_read_args(VALUE arg)
{
    struct read_args *a = (struct read_args *)arg;
    return a->fn(a->io, a->argc, a->argv);
}

/* Call fn(io, argc, argv) on a freshly opened io and close it after. */
static VALUE with_file(VALUE path, VALUE (*fn)(VALUE, int, const VALUE *), int argc, const VALUE *argv)
{
    struct read_args a = { open_for_read(path), argc, argv, fn };
    return vm_ensure(run_read_args, (VALUE)&a, io_close_ensure, a.io);
}

static VALUE io_s_read(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 3);
    if (argc > 1 && !NIL_P(argv[1])) length_arg(argv[1]);
    VALUE io = open_for_read(argv[0]);
    if (argc > 2 && !NIL_P(argv[2])) {
        VALUE off = argv[2];
        vm_call1(io, sym_intern_cstr("seek"), off);
    }
    struct read_args a = { io, argc > 1 ? 1 : 0, argv + 1, io_read };
    return vm_ensure(run_read_args, (VALUE)&a, io_close_ensure, io);
}

static VALUE io_s_readlines(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    return with_file(argv[0], io_readlines, argc - 1, argv + 1);
}

static VALUE io_s_foreach(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    if (!vm_block_given()) return enumerator_for(klass, "foreach", argc, argv);
    with_file(argv[0], io_each_line, argc - 1, argv + 1);
    return Qnil;
}

/* ------------------------------------------------------------ ARGF */
/* ARGF is one stream for the whole program: the state lives here. */
static VALUE argf_current;     /* IO being read, or nil */
static int argf_next = 0;      /* 0: not started; 1: take the next ARGV entry; 2: reading; -1: $stdin */
static VALUE argf_filename;    /* $FILENAME */

static VALUE argv_array(void)
{
    return const_get(vm.c.Object, sym_intern_cstr("ARGV"));
}

/* -i: each file ARGF opens is replaced by a new one, which becomes $stdout
   while it is read; with a suffix in $-i the old file is kept under
   NAME+suffix, else it is removed (still open for reading). */
static VALUE inplace_ext;      /* $-i: nil (off), or the backup suffix */
static VALUE inplace_out;      /* the file being written, or nil */

static void inplace_stdio(void)
{
    if (!NIL_P(inplace_ext)) exc_warn("Can't do inplace edit for stdio");
}

static bool inplace_skip(const char *what, VALUE name, VALUE other)
{
    if (NIL_P(other))
        exc_warn("Can't %s %s: %s, skipping file", what, RSTRING_PTR(name), strerror(errno));
    else
        exc_warn("Can't %s %s to %s: %s, skipping file", what, RSTRING_PTR(name),
                        RSTRING_PTR(other), strerror(errno));
    io_close_ensure(argf_current);
    argf_current = Qnil;
    argf_next = 1;
    return false;
}

static bool inplace_start(VALUE name)
{
    const char *path = RSTRING_PTR(name);
    struct stat st;
    if (fstat(io_rio(argf_current)->fd, &st) < 0) return inplace_skip("stat", name, Qnil);
    if (RSTRING_LEN(inplace_ext) > 0) {
        VALUE bak = str_new_fmt("%s%s", path, RSTRING_PTR(inplace_ext));
        if (rename(path, RSTRING_PTR(bak)) < 0) return inplace_skip("rename", name, bak);
    } else if (unlink(path) < 0) {
        return inplace_skip("remove", name, Qnil);
    }
    if (!NIL_P(inplace_out)) io_close_ensure(inplace_out);
    inplace_out = io_open_path(vm.c.File, name, O_WRONLY | O_CREAT | O_TRUNC, FMODE_WRITABLE,
                               (int)(st.st_mode & 07777));
    int fd = io_rio(inplace_out)->fd;
    if (fchmod(fd, st.st_mode & 07777) < 0 || fchown(fd, st.st_uid, st.st_gid) < 0) {
        /* another owner: the new file stays the editor's, as in MRI */
    }
    gvar_set(sym_intern_cstr("$stdout"), inplace_out);
    return true;
}

static VALUE inplace_get(ID id, void *data) { return inplace_ext; }

static void inplace_set(VALUE v, ID id, void *data)
{
    inplace_ext = NIL_P(v) || v == Qfalse ? Qnil : str_new_frozen(conv_to_str(v));
}

/* Make argf_current the stream to read; false when all files are done. */
static bool argf_next_file(void)
{
    VALUE args = argv_array();
    if (argf_next == 0) argf_next = ARRAY_P(args) && RARRAY_LEN(args) > 0 ? 1 : -1;
    if (argf_next == -1) {
        argf_current = gvar_get(sym_intern_cstr("$stdin"));
        inplace_stdio();
        return true;
    }
    if (argf_next == 2) return true;
    if (!ARRAY_P(args) || RARRAY_LEN(args) == 0) return false;
    VALUE name = conv_to_str(ary_shift(args));
    argf_filename = name;
    if (RSTRING_LEN(name) == 1 && RSTRING_PTR(name)[0] == '-') {
        argf_current = gvar_get(sym_intern_cstr("$stdin"));
        inplace_stdio();
    } else {
        argf_current = io_open_path(vm.c.File, name, 0, FMODE_READABLE, 0666);
        if (!NIL_P(inplace_ext) && !inplace_start(name)) return argf_next_file();
    }
    argf_next = 2;
    return true;
}

static long argf_lineno;

static VALUE argf_getline(VALUE sep)
{
    for (;;) {
        if (!argf_next_file()) return Qnil;
        VALUE line = io_is_io(argf_current) ? io_getline(argf_current, sep)
                                            : vm_call1(argf_current, sym_intern_cstr("gets"), sep);
        if (!NIL_P(line) || argf_next == -1) {
            if (!NIL_P(line)) io_set_lastline_no(++argf_lineno);
            return line;
        }
        if (io_is_io(argf_current) && argf_current != gvar_get(sym_intern_cstr("$stdin")))
            io_close_ensure(argf_current);
        argf_next = 1;
        if (RARRAY_LEN(argv_array()) == 0) return Qnil;
    }
}

static VALUE k_gets(VALUE self, int argc, const VALUE *argv)
{
    VALUE line = argf_getline(sep_arg(argc, argv));
    vm_svar_set(1, line);
    return line;
}

VALUE io_argf_gets(void)
{
    return k_gets(Qnil, 0, NULL);
}

static VALUE k_readline(VALUE self, int argc, const VALUE *argv)
{
    VALUE line = k_gets(self, argc, argv);
    if (NIL_P(line)) eof_error();
    return line;
}

static VALUE k_readlines(VALUE self, int argc, const VALUE *argv)
{
    VALUE sep = sep_arg(argc, argv);
    VALUE ary = ary_new();
    VALUE line;
    while (!NIL_P(line = argf_getline(sep))) ary_push(ary, line);
    return ary;
}

static VALUE argf_get_filename(ID id, void *data)
{
    if (argf_next == 0) argf_next_file();
    return NIL_P(argf_filename) ? str_new_cstr("-") : argf_filename;
}

static VALUE argf_get(ID id, void *data) { return *(VALUE *)data; }

/* ARGF as an object: its methods forward to the functions above. */
static VALUE argf_m_gets(VALUE self, int argc, const VALUE *argv) { return k_gets(self, argc, argv); }
static VALUE argf_m_readline(VALUE self, int argc, const VALUE *argv) { return k_readline(self, argc, argv); }
static VALUE argf_m_readlines(VALUE self, int argc, const VALUE *argv) { return k_readlines(self, argc, argv); }

static VALUE argf_m_each_line(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "each_line", argc, argv);
    VALUE sep = sep_arg(argc, argv);
    VALUE line;
    while (!NIL_P(line = argf_getline(sep))) vm_yield1(line);
    return self;
}

static VALUE argf_m_read(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    VALUE all = str_new("", 0);
    while (argf_next_file()) {
        VALUE s = vm_call(argf_current, sym_intern_cstr("read"), argc, argv);
        if (!NIL_P(s)) str_append(all, s);
        if (argf_next == -1) break;
        io_close_ensure(argf_current);
        argf_next = 1;
        if (RARRAY_LEN(argv_array()) == 0) break;
    }
    return all;
}

static VALUE argf_m_to_s(VALUE self, int argc, const VALUE *argv) { return str_new_cstr("ARGF"); }
static VALUE argf_m_filename(VALUE self, int argc, const VALUE *argv) { return argf_get_filename(0, NULL); }
static VALUE argf_m_lineno(VALUE self, int argc, const VALUE *argv) { return int_new(argf_lineno); }

static VALUE argf_m_file(VALUE self, int argc, const VALUE *argv)
{
    argf_next_file();
    return argf_current;
}

static void argf_init(void)
{
    argf_current = argf_filename = inplace_ext = inplace_out = Qnil;
    gc_register_root(&argf_current);
    gc_register_root(&argf_filename);
    gc_register_root(&inplace_ext);
    gc_register_root(&inplace_out);
    gvar_define_hooked("$-i", NULL, inplace_get, inplace_set);
    VALUE argf = obj_alloc(vm.c.Object);
    static VALUE argf_obj;
    argf_obj = argf;
    gc_register_root(&argf_obj);
    obj_extend(argf, vm.c.Enumerable);
    define_singleton_method(argf, "gets", argf_m_gets, -1);
    define_singleton_method(argf, "readline", argf_m_readline, -1);
    define_singleton_method(argf, "readlines", argf_m_readlines, -1);
    define_singleton_method(argf, "to_a", argf_m_readlines, -1);
    define_singleton_method(argf, "each_line", argf_m_each_line, -1);
    define_singleton_method(argf, "each", argf_m_each_line, -1);
    define_singleton_method(argf, "read", argf_m_read, -1);
    define_singleton_method(argf, "to_s", argf_m_to_s, 0);
    define_singleton_method(argf, "inspect", argf_m_to_s, 0);
    define_singleton_method(argf, "filename", argf_m_filename, 0);
    define_singleton_method(argf, "path", argf_m_filename, 0);
    define_singleton_method(argf, "lineno", argf_m_lineno, 0);
    define_singleton_method(argf, "file", argf_m_file, 0);
    define_global_const("ARGF", argf);
    gvar_define_readonly("$<", &argf_obj, argf_get);
    gvar_define_readonly("$FILENAME", NULL, argf_get_filename);
}

/* ------------------------------------------------------------ init */
void io_read_init(void)
{
    VALUE c = vm.c.IO;
    define_method(c, "gets", io_gets, -1);
    define_method(c, "readline", io_readline, -1);
    define_method(c, "readlines", io_readlines, -1);
    define_method(c, "each_line", io_each_line, -1);
    define_method(c, "each", io_each_line, -1);
    define_method(c, "lines", io_lines, -1);
    define_method(c, "getc", io_getc, 0);
    define_method(c, "getbyte", io_getc, 0);
    define_method(c, "readchar", io_readchar, 0);
    define_method(c, "readbyte", io_readchar, 0);
    define_method(c, "ungetc", io_ungetc, 1);
    define_method(c, "each_byte", io_each_byte, -1);
    define_method(c, "bytes", io_bytes, 0);
    define_method(c, "each_char", io_each_char, -1);
    define_method(c, "chars", io_chars, 0);
    define_method(c, "read", io_read, -1);
    define_method(c, "readpartial", io_readpartial, -1);
    define_method(c, "sysread", io_sysread_m, -1);
    define_method(c, "read_nonblock", io_read_nonblock, -1);
    define_method(c, "eof", io_eof, 0);
    define_method(c, "eof?", io_eof, 0);
    define_singleton_method(c, "read", io_s_read, -1);
    define_singleton_method(c, "readlines", io_s_readlines, -1);
    define_singleton_method(c, "foreach", io_s_foreach, -1);
    define_global_function("gets", k_gets, -1);
    define_global_function("readline", k_readline, -1);
    define_global_function("readlines", k_readlines, -1);
    argf_init();
}
