/* io_write.c: writing to an IO (<<, print, puts, printf, putc, syswrite)
 * and the Kernel functions that write to $stdout (puts, print, p,
 * printf, putc).  Everything goes through the receiver's `write`, as in
 * 1.8, so $stdout may be any object with a write method (a StringIO);
 * io_write() takes a shortcut when that method is IO's own. */
#include <errno.h>
#include <limits.h>
#include <unistd.h>
#include "io_impl.h"

static VALUE newline;   /* "\n", frozen (GC root) */

static void write_cstr(VALUE out, const char *s, long n)
{
    io_write(out, str_new(s, n));
}

/* ------------------------------------------------------------ puts */
static void puts_values(VALUE out, int argc, const VALUE *argv, VALUE seen);

static bool seen_includes(VALUE seen, VALUE ary)
{
    for (long i = 0; i < RARRAY_LEN(seen); i++)
        if (RARRAY_PTR(seen)[i] == ary) return true;
    return false;
}

/* 1.8: elements one by one (an empty Array prints nothing), a recursive
   Array as "[...]". */
static void puts_ary(VALUE out, VALUE ary, VALUE seen)
{
    vm_check_stack();
    if (seen_includes(seen, ary)) {
        write_cstr(out, "[...]\n", 6);
        return;
    }
    ary_push(seen, ary);
    for (long i = 0; i < RARRAY_LEN(ary); i++) {
        VALUE v = RARRAY_PTR(ary)[i];
        puts_values(out, 1, &v, seen);
    }
    ary_pop(seen);
}

static void puts_values(VALUE out, int argc, const VALUE *argv, VALUE seen)
{
    for (int i = 0; i < argc; i++) {
        VALUE v = argv[i], line;
        if (NIL_P(v)) line = str_new("nil", 3);
        else if (STRING_P(v)) line = v;
        else {
            VALUE ary = conv_check_ary(v);
            if (!NIL_P(ary)) {
                if (NIL_P(seen)) seen = ary_new();
                puts_ary(out, ary, seen);
                continue;
            }
            line = obj_to_s(v);
        }
        io_write(out, line);
        long len = RSTRING_LEN(line);
        if (len == 0 || RSTRING_PTR(line)[len - 1] != '\n') io_write(out, newline);
    }
}

static VALUE do_puts(VALUE out, int argc, const VALUE *argv)
{
    if (argc == 0) io_write(out, newline);
    else puts_values(out, argc, argv, Qnil);
    return Qnil;
}

/* ------------------------------------------------------------ print */
static VALUE do_print(VALUE out, int argc, const VALUE *argv)
{
    VALUE ofs = gvar_get(sym_intern_cstr("$,"));
    VALUE ors = gvar_get(sym_intern_cstr("$\\"));
    if (argc == 0) {
        VALUE last = vm_svar_get(1);
        io_write(out, NIL_P(last) ? str_new("nil", 3) : obj_to_s(last));
    }
    for (int i = 0; i < argc; i++) {
        if (i > 0 && !NIL_P(ofs)) io_write(out, ofs);
        io_write(out, NIL_P(argv[i]) ? str_new("nil", 3) : obj_to_s(argv[i]));
    }
    if (!NIL_P(ors)) io_write(out, ors);
    return Qnil;
}

static VALUE do_printf(VALUE out, int argc, const VALUE *argv)
{
    if (argc == 0) return Qnil;
    io_write(out, str_format(argc - 1, argv + 1, conv_to_str(argv[0])));
    return Qnil;
}

static VALUE do_putc(VALUE out, VALUE ch)
{
    char c;
    if (STRING_P(ch)) {
        if (RSTRING_LEN(ch) == 0) return ch;
        c = RSTRING_PTR(ch)[0];
    } else {
        c = (char)(num_to_long(ch) & 0xff);
    }
    write_cstr(out, &c, 1);
    return ch;
}

/* ------------------------------------------------------------ IO methods */
static VALUE io_lshift(VALUE self, int argc, const VALUE *argv)
{
    io_write(self, argv[0]);
    return self;
}

static VALUE io_print(VALUE self, int argc, const VALUE *argv) { return do_print(self, argc, argv); }
static VALUE io_puts(VALUE self, int argc, const VALUE *argv) { return do_puts(self, argc, argv); }
static VALUE io_printf(VALUE self, int argc, const VALUE *argv) { return do_printf(self, argc, argv); }
static VALUE io_putc(VALUE self, int argc, const VALUE *argv) { return do_putc(self, argv[0]); }

static VALUE io_syswrite(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(4);
    VALUE str = obj_to_s(argv[0]);
    struct rio *f = io_rio_writable(self);
    if (f->wlen > 0) {
        exc_warn("syswrite for buffered IO");
        io_fflush(f);
    }
    io_syswrite_str(f, f->wfd >= 0 ? f->wfd : f->fd, str);
    return int_new(RSTRING_LEN(str));
}

/* write_nonblock: one write(2) of what fits now; Errno::EAGAIN if none. */
static VALUE io_write_nonblock(VALUE self, int argc, const VALUE *argv)
{
    VALUE str = obj_to_s(argv[0]);
    struct rio *f = io_rio_writable(self);
    if (f->wlen > 0) io_fflush(f);
    long w = io_write_now(f, f->wfd >= 0 ? f->wfd : f->fd, str);
    if (w < 0) exc_sys_fail(errno == EAGAIN || !STRING_P(f->path) ? NULL : str_cstr(f->path));
    return int_new(w);
}

/* ------------------------------------------------------------ Kernel */
static VALUE k_puts(VALUE self, int argc, const VALUE *argv) { return do_puts(io_stdout(), argc, argv); }
static VALUE k_print(VALUE self, int argc, const VALUE *argv) { return do_print(io_stdout(), argc, argv); }
static VALUE k_putc(VALUE self, int argc, const VALUE *argv) { return do_putc(io_stdout(), argv[0]); }

static VALUE k_printf(VALUE self, int argc, const VALUE *argv)
{
    if (argc == 0) return Qnil;
    if (STRING_P(argv[0])) return do_printf(io_stdout(), argc, argv);
    return do_printf(argv[0], argc - 1, argv + 1);
}

/* p writes inspect and a newline per argument; it returns nil (1.8.7:
   returning the argument came with 1.9) and flushes a real IO. */
static VALUE k_p(VALUE self, int argc, const VALUE *argv)
{
    VALUE out = io_stdout();
    for (int i = 0; i < argc; i++) {
        io_write(out, obj_inspect(argv[i]));
        io_write(out, newline);
        out = io_stdout();
    }
    if (argc > 0 && io_is_io(out)) {
        struct rio *f = io_rio(out);
        if (f->fd >= 0 && f->wlen > 0) io_fflush(f);
    }
    return Qnil;
}

void io_write_init(void)
{
    newline = obj_freeze(str_new("\n", 1));
    gc_register_root(&newline);
    VALUE c = vm.c.IO;
    define_method(c, "<<", io_lshift, 1);
    define_method(c, "print", io_print, -1);
    define_method(c, "puts", io_puts, -1);
    define_method(c, "printf", io_printf, -1);
    define_method(c, "putc", io_putc, 1);
    define_method(c, "syswrite", io_syswrite, 1);
    define_method(c, "write_nonblock", io_write_nonblock, 1);
    define_global_function("puts", k_puts, -1);
    define_global_function("print", k_print, -1);
    define_global_function("printf", k_printf, -1);
    define_global_function("putc", k_putc, 1);
    define_global_function("p", k_p, -1);
}
