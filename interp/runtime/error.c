/* error.c: the exception hierarchy, raising, backtraces, Errno classes and
 * the report of an uncaught exception, all worded as MRI 1.8.7 words them.
 *
 * An exception is a plain object; its message and backtrace live in the
 * hidden instance variables `mesg` and `bt` (no @, so Ruby cannot see them
 * through instance_variables).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eval/eval.h"
#include "idtab.h"

static VALUE errno_classes;   /* Hash: errno -> class */

/* ------------------------------------------------------------ construction */
VALUE exc_new_str(VALUE klass, VALUE msg)
{
    VALUE argv[1] = { msg };
    return class_new_instance(klass, 1, argv);
}

VALUE exc_new(VALUE klass, const char *msg, long len)
{
    return exc_new_str(klass, str_new(msg, len));
}

VALUE exc_new_fmt(VALUE klass, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    VALUE msg = str_vnew_fmt(fmt, ap);
    va_end(ap);
    return exc_new_str(klass, msg);
}

void exc_set_backtrace(VALUE exc, VALUE bt) { ivar_set(exc, ID_bt, bt); }

VALUE exc_message(VALUE exc) { return vm_call0(exc, ID_message); }

/* ------------------------------------------------------------ backtraces */
/* A raise records where each level stands (script, line, method) and the
   "file:line:in `m'" strings are made only when the backtrace is asked for:
   most exceptions are rescued without anyone looking at it.  The record is
   a hidden Data object in the `bt` ivar; exc_backtrace_get turns it into
   the Array (once: clones sharing it see the same Array). */
struct bt_rec {
    VALUE script;       /* T_SCRIPT for the file name, or 0: "-" */
    int line;
    ID mid;             /* 0: "file:line" */
    VALUE str;          /* nonzero: a ready entry (the frames of a Binding) */
};

struct bt_lazy {
    VALUE ary;          /* the Array once made, or 0 */
    long n;
    struct bt_rec recs[];
};

static void bt_lazy_mark(void *p)
{
    struct bt_lazy *b = p;
    if (b->ary) gc_mark(b->ary);
    for (long i = 0; i < b->n; i++) {
        if (b->recs[i].script) gc_mark(b->recs[i].script);
        if (b->recs[i].str) gc_mark(b->recs[i].str);
    }
}

static const struct data_type bt_lazy_type = { "backtrace", bt_lazy_mark, free, NULL };

struct bt_buf {
    struct bt_rec *recs;
    long n, capa;
    struct bt_rec local[32];
};

static void bt_add(struct bt_buf *b, VALUE script, int line, ID mid, VALUE str)
{
    if (b->n == b->capa) {
        b->capa *= 2;
        if (b->recs == b->local) {
            b->recs = xmalloc((size_t)b->capa * sizeof *b->recs);
            memcpy(b->recs, b->local, sizeof b->local);
        } else {
            b->recs = xrealloc(b->recs, (size_t)b->capa * sizeof *b->recs);
        }
    }
    b->recs[b->n++] = (struct bt_rec){ script, line, mid, str };
}

static VALUE bt_rec_string(const struct bt_rec *r)
{
    if (r->str) return r->str;
    const char *file = script_file(r->script);
    if (r->mid) return str_new_fmt("%s:%d:in `%s'", file, r->line, sym_name(r->mid));
    return str_new_fmt("%s:%d", file, r->line);
}

/* r is frame_ruby(f): the Ruby frame whose position f reports */
static void frame_record(struct bt_buf *b, struct frame *f, struct frame *r)
{
    bt_add(b, r ? r->script : 0, r && r->node ? r->node->line : 0, f->mid, 0);
}

VALUE exc_frame_position(struct frame *f)
{
    struct frame *r = frame_ruby(f);
    struct bt_rec rec = { r ? r->script : 0, r && r->node ? r->node->line : 0, f->mid, 0 };
    return bt_rec_string(&rec);
}

static bool is_kernel_eval(const struct frame *f)
{
    return (f->flags & FRAME_CFUNC) && f->mid == ID_eval && f->me && RMENTRY(f->me)->owner == vm.c.Kernel;
}

/* 1.8.7 runs eval'd code in a copy of the caller's frame, so that the
   frame of Kernel#eval shows where the caller's caller stands; at the top
   level there is none, and the backtrace ends there. */
static struct frame *eval_shown_as(struct frame *f)
{
    while (f && is_kernel_eval(f)) f = f->prev ? f->prev->prev : NULL;
    return f;
}

static bool bt_lazy_p(VALUE v);

/* A thread's frames end where it was made (Thread.new's caller), as in
   1.8.7, whose threads start on a copy of their creator's stack. */
static void append_born(struct thread *th, struct bt_buf *b, int skip)
{
    VALUE born = exc_thread_born(th);
    if (!bt_lazy_p(born)) return;
    const struct bt_lazy *lz = RDATA(born)->data;
    for (long i = skip > 0 ? skip : 0; i < lz->n; i++)
        bt_add(b, lz->recs[i].script, lz->recs[i].line, lz->recs[i].mid, lz->recs[i].str);
}

/* 1.8.7 leaves out a level that called the same method as the level
   inside it, from the node its own caller stands at: a recursion at one
   call site shows as two lines, nested C calls of one method as one.
   f's position is r's node; inner is the level walked before f. */
static bool repeats_caller(const struct frame *f, const struct frame *r, const struct frame *inner)
{
    if (!inner || !f->mid || inner->mid != f->mid || !f->prev || !r) return false;
    const struct frame *pr = f == r ? frame_ruby(f->prev) : r;   /* f->prev's position */
    return pr && pr->node == r->node;
}

static void backtrace_record(struct thread *th, struct bt_buf *b, int skip)
{
    /* r stays frame_ruby(f), found by one walk per run of C frames: a
       stack of C methods calling each other (== of nested Structs) would
       otherwise cost a walk per frame, quadratic at SystemStackError */
    struct frame *f = th->frame, *r = frame_ruby(f), *inner = NULL;
    bool hide = false;
    for (; f; inner = f, f = f->prev) {
        if (hide) {                  /* where a class body was opened: 1.8.7 shows only the body */
            hide = (f->flags & FRAME_CLASS) != 0;
            if (f == r) r = frame_ruby(f->prev);
            continue;
        }
        hide = (f->flags & FRAME_CLASS) != 0;
        bool shown = skip <= 0;
        if (skip > 0) skip--;
        if (is_kernel_eval(f)) {
            struct frame *at = eval_shown_as(f);
            if (!at) break;
            struct frame *ar = frame_ruby(at);
            if (shown) bt_add(b, ar ? ar->script : 0, ar && ar->node ? ar->node->line : 0, ID_eval, 0);
        } else if (shown && !repeats_caller(f, r, inner)) {
            frame_record(b, f, r);
        }
        if ((f->flags & FRAME_EVAL) && ARRAY_P(f->bt_tail)) {   /* eval with a Binding */
            VALUE tail = f->bt_tail;
            for (long i = 0; i < RARRAY_LEN(tail); i++) {
                if (skip > 0) skip--;
                else bt_add(b, 0, 0, 0, RARRAY_PTR(tail)[i]);
            }
            break;
        }
        if ((f->flags & FRAME_EVAL) && f->bt_tail == EVAL_SKIP_CALLER && f->prev) {
            /* string instance_eval/class_eval: in place of its caller,
               which is left out with the method called */
            f = frame_ruby(f->prev);
            if (!f) break;
            r = frame_ruby(f->prev);
            continue;
        }
        if (f == r) r = frame_ruby(f->prev);
    }
    if (!f) append_born(th, b, skip);
}

static void bt_buf_init(struct bt_buf *b)
{
    b->recs = b->local;
    b->n = 0;
    b->capa = (long)(sizeof b->local / sizeof b->local[0]);
}

static void bt_buf_done(struct bt_buf *b)
{
    if (b->recs != b->local) free(b->recs);
}

VALUE exc_backtrace_here(int skip)
{
    struct bt_buf b;
    bt_buf_init(&b);
    backtrace_record(vm.th, &b, skip);
    VALUE bt = ary_new();
    for (long i = 0; i < b.n; i++) ary_push(bt, bt_rec_string(&b.recs[i]));
    bt_buf_done(&b);
    return bt;
}

/* the backtrace of here, to be formatted when asked for */
static VALUE bt_lazy_from(struct bt_buf *b)
{
    /* the records are copied before the object exists: the GC marks them from there on,
       and until then they are reachable from the frames */
    struct bt_lazy *lz = xmalloc(sizeof *lz + (size_t)b->n * sizeof lz->recs[0]);
    lz->ary = 0;
    lz->n = b->n;
    memcpy(lz->recs, b->recs, (size_t)b->n * sizeof lz->recs[0]);
    bt_buf_done(b);
    return data_new(0, &bt_lazy_type, lz);
}

VALUE exc_backtrace_lazy(int skip)
{
    struct bt_buf b;
    bt_buf_init(&b);
    backtrace_record(vm.th, &b, skip);
    return bt_lazy_from(&b);
}

static bool bt_recs_equal(const struct bt_lazy *lz, const struct bt_buf *b)
{
    if (lz->n != b->n) return false;
    for (long i = 0; i < b->n; i++) {
        const struct bt_rec *x = &lz->recs[i], *y = &b->recs[i];
        if (x->script != y->script || x->line != y->line || x->mid != y->mid || x->str != y->str) return false;
    }
    return true;
}

/* Where a thread was made.  Threads made in a loop are made at one
   place: they share the record (never changed once made), which saves
   an object and a malloc per thread; and when the creator's frames are
   the very frames of the last record, at the same points, not even the
   walk that records them is made again. */
struct born_key {
    const struct frame *f;
    const struct node *node;
    VALUE me, script, bt_tail;
    ID mid;
    uint16_t flags;
};

#define BORN_KEY_MAX 32
static struct {
    struct born_key k[BORN_KEY_MAX];
    int n;               /* -1: no key */
    VALUE rec;           /* the record; both marked, so that no other */
    VALUE tail;          /* object takes their addresses */
} born = { .n = -1 };

/* A C method's frame leaves node and script unset (its position is its
   caller's), and bt_tail is set in eval's frames only: what they hold
   there is whatever the stack held, and comparing it made the key miss
   at random (hackysack: at every creation). */
static struct born_key born_key_of(const struct frame *f)
{
    bool c = f->flags & FRAME_CFUNC;
    VALUE tail = (f->flags & FRAME_EVAL) ? f->bt_tail : 0;
    return (struct born_key){ f, c ? NULL : f->node, f->me, c ? 0 : f->script, tail, f->mid, f->flags };
}

static bool born_key_matches(const struct thread *c)
{
    int i = 0;
    for (const struct frame *f = c->frame; f; f = f->prev, i++) {
        if (i == born.n) return false;
        const struct born_key *k = &born.k[i], now = born_key_of(f);
        if (k->f != now.f || k->node != now.node || k->mid != now.mid || k->me != now.me ||
            k->script != now.script || k->flags != now.flags || k->bt_tail != now.bt_tail)
            return false;
    }
    return i == born.n && c->born_bt == born.tail;
}

static void born_key_take(const struct thread *c)
{
    int i = 0;
    for (const struct frame *f = c->frame; f; f = f->prev, i++) {
        if (i == BORN_KEY_MAX) { born.n = -1; return; }
        born.k[i] = born_key_of(f);
    }
    born.n = i;
    born.tail = c->born_bt;
}

static VALUE born_record(struct thread *creator)
{
    static bool registered;
    if (!registered) {
        gc_register_root(&born.rec);
        gc_register_root(&born.tail);
        registered = true;
    }
    if (born.rec && creator->born_bt != Qundef && born_key_matches(creator)) return born.rec;
    struct bt_buf b;
    bt_buf_init(&b);
    backtrace_record(creator, &b, 0);
    if (!born.rec || !bt_recs_equal(RDATA(born.rec)->data, &b)) born.rec = bt_lazy_from(&b);
    else bt_buf_done(&b);
    born_key_take(creator);
    return born.rec;
}

/* A new thread runs at once, and its creator's frames stand still until
   the creator runs again: only then (thread_begin), or when the new
   thread asks for a backtrace before, is where it was made recorded.  A
   thread that ends first (a short-lived one) never records it. */
VALUE exc_thread_born(struct thread *th)
{
    if (th->born_bt == Qundef) {
        th->born_bt = born_record(th->born_of);
        th->born_of = NULL;
    }
    return th->born_bt;
}

/* The first line of where th was made, without its method: what 1.8.7's
   warnings in a thread's body say after "from". */
VALUE exc_thread_born_place(struct thread *th)
{
    VALUE bt = exc_thread_born(th);
    if (!TYPE_P(bt, T_DATA) || RDATA(bt)->type != &bt_lazy_type) return 0;
    const struct bt_lazy *lz = RDATA(bt)->data;
    if (lz->n < 1 || lz->recs[0].str) return 0;
    return str_new_fmt("%s:%d", script_file(lz->recs[0].script), lz->recs[0].line);
}

void exc_thread_born_later(struct thread *th, struct thread *creator)
{
    th->born_bt = Qundef;
    th->born_of = creator;
}

static bool bt_lazy_p(VALUE v) { return TYPE_P(v, T_DATA) && RDATA(v)->type == &bt_lazy_type; }


VALUE exc_backtrace_get(VALUE exc)
{
    VALUE v = ivar_get(exc, ID_bt);
    if (!bt_lazy_p(v)) return v;
    struct bt_lazy *lz = RDATA(v)->data;
    if (!lz->ary) {
        VALUE bt = ary_new();
        for (long i = 0; i < lz->n; i++) ary_push(bt, bt_rec_string(&lz->recs[i]));
        lz->ary = bt;
    }
    /* in place of the record (Marshal dumps the ivar); frozen or not, as
       the backtrace was there before */
    if (BUILTIN_TYPE(exc) == T_OBJECT)
        obj_ivar_store(exc, class_ivar_index(obj_class(exc), ID_bt, false), lz->ary);
    return lz->ary;
}

static VALUE exc_backtrace_m(VALUE self, int argc, const VALUE *argv);
static VALUE exc_set_backtrace_m(VALUE self, int argc, const VALUE *argv);

static bool is_cfunc(VALUE me, cfunc fn) { return me && ME_TYPE(me) == ME_CFUNC && RMENTRY(me)->body.fn == fn; }

/* raise: 1.8.7 calls exc.backtrace and, when nil, exc.set_backtrace with
   the frames; when neither is redefined (and set_trace_func is not there
   to see the calls) the frames are recorded for later.  skip: the levels
   of C frames left out. */
void exc_fill_backtrace(VALUE exc, int skip)
{
    VALUE k = class_of_inline(exc);
    if (!vm_tracing && is_cfunc(class_lookup_method_cached(k, ID_backtrace), exc_backtrace_m) &&
        is_cfunc(class_lookup_method_cached(k, ID_set_backtrace), exc_set_backtrace_m)) {
        if (NIL_P(ivar_get(exc, ID_bt))) ivar_set(exc, ID_bt, exc_backtrace_lazy(skip));
        return;
    }
    if (NIL_P(vm_call0(exc, ID_backtrace)))
        vm_call1(exc, ID_set_backtrace, exc_backtrace_here(skip));
}

/* ------------------------------------------------------------ raising */
/* -d: every exception raised is announced, as MRI 1.8 does */
static void debug_report(VALUE exc)
{
    int state;
    VALUE msg = vm_protect((VALUE (*)(VALUE))exc_message, exc, &state);
    io_flush_all();
    fprintf(stderr, "Exception `%s' at %s:%d - %s\n", obj_classname(exc), vm_source_file(), vm_source_line(),
            !state && STRING_P(msg) ? RSTRING_PTR(msg) : "");
}

void exc_raise_obj(VALUE exc)
{
    if (!HEAP_P(exc) || !obj_is_kind_of(exc, vm.c.Exception))
        exc_raise(vm.c.TypeError, "exception class/object expected");
    if (NIL_P(ivar_get(exc, ID_bt))) ivar_set(exc, ID_bt, exc_backtrace_lazy(0));
    if (vm.debug && !obj_is_kind_of(exc, vm.c.SystemExit)) debug_report(exc);
    vm.th->errinfo = exc;
    if (UNLIKELY(vm_tracing)) vm_trace_raise();
    tag_trap_mask_restore();
    tag_jump(TAG_RAISE, exc, 0);
}

void exc_raise_str(VALUE klass, VALUE msg)
{
    exc_raise_obj(exc_new_str(klass, msg));
}

void exc_raise(VALUE klass, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    VALUE msg = str_vnew_fmt(fmt, ap);
    va_end(ap);
    exc_raise_obj(exc_new_str(klass, msg));
}

void exc_arity(int argc, int min, int max)
{
    exc_raise(vm.c.ArgumentError, "wrong number of arguments (%d for %d)", argc, argc < min ? min : max);
}

void exc_frozen(VALUE obj)
{
    const char *what = "object";
    switch (value_type(obj)) {
    case T_STRING: what = "string"; break;
    case T_ARRAY: what = "array"; break;
    case T_HASH: what = "hash"; break;
    case T_CLASS: what = "class"; break;
    case T_MODULE: what = "module"; break;
    default: what = class_name(obj_class(obj)); break;
    }
    exc_raise(vm.c.TypeError, "can't modify frozen %s", what);
}

static const char *special_name(VALUE obj)
{
    if (NIL_P(obj)) return "nil";
    if (obj == Qtrue) return "true";
    if (obj == Qfalse) return "false";
    return NULL;
}

void exc_type_error_conv(VALUE obj, const char *to)
{
    const char *from = special_name(obj);
    exc_raise(vm.c.TypeError, "can't convert %s into %s", from ? from : obj_classname(obj), to);
}

void exc_wrong_type(VALUE obj, const char *expected)
{
    const char *from = special_name(obj);
    exc_raise(vm.c.TypeError, "wrong argument type %s (expected %s)", from ? from : obj_classname(obj), expected);
}

void exc_name_error(ID name, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    VALUE msg = str_vnew_fmt(fmt, ap);
    va_end(ap);
    VALUE exc = exc_new_str(vm.c.NameError, msg);
    ivar_set(exc, sym_intern_cstr("name"), name ? ID2SYM(name) : Qnil);
    exc_raise_obj(exc);
}

/* Receivers whose inspect runs for a NameError message right now: an
   inspect that fails the same way again (an object without to_s) gets
   the plain #<Foo:0x...> instead of recursing. */
#define DESCRIBING_MAX 16
static VALUE describing[DESCRIBING_MAX];
static int ndescribing;

static bool being_described(VALUE obj)
{
    for (int i = 0; i < ndescribing; i++) if (describing[i] == obj) return true;
    return false;
}

/* "nil:NilClass", "main:Object", "#<Foo:0x...>" as NameError messages show. */
static VALUE describe_receiver(VALUE obj)
{
    const char *special = special_name(obj);
    VALUE d;
    if (special) d = str_new_cstr(special);
    else if (being_described(obj) || ndescribing == DESCRIBING_MAX) d = obj_any_to_s(obj);
    else {
        int state;
        describing[ndescribing++] = obj;
        d = vm_protect((VALUE (*)(VALUE))obj_inspect, obj, &state);
        ndescribing--;
        if (state || !STRING_P(d) || RSTRING_LEN(d) > 65) d = obj_any_to_s(obj);
    }
    if (RSTRING_PTR(d)[0] != '#') str_cat_fmt(d, ":%s", class_name(obj_class(obj)));
    return d;
}

void exc_no_method(VALUE recv, ID mid, int argc, const VALUE *argv, int kind)
{
    const char *fmt;
    VALUE klass = vm.c.NoMethodError;
    switch (kind) {
    case MISSING_PRIVATE: fmt = "private method `%s' called for %s"; break;
    case MISSING_PROTECTED: fmt = "protected method `%s' called for %s"; break;
    case MISSING_VCALL: fmt = "undefined local variable or method `%s' for %s"; klass = vm.c.NameError; break;
    case MISSING_SUPER: fmt = "super: no superclass method `%s' for %s"; break;
    default: fmt = "undefined method `%s' for %s"; break;
    }
    VALUE desc = describe_receiver(recv);
    VALUE msg = str_new_fmt(fmt, sym_name(mid), RSTRING_PTR(desc));
    VALUE exc = exc_new_str(klass, msg);
    ivar_set(exc, sym_intern_cstr("name"), ID2SYM(mid));
    if (klass == vm.c.NoMethodError) ivar_set(exc, sym_intern_cstr("args"), ary_new_from(argc, argv));
    ivar_set(exc, ID_mesg_made, Qtrue);     /* 1.8.7's NameError::message, not a String */
    /* the report points at the caller, not at method_missing */
    struct frame *f = vm.th->frame;
    if (f && f->mid == ID_method_missing && (f->flags & FRAME_CFUNC)) {
        vm.th->frame = f->prev;
        exc_set_backtrace(exc, exc_backtrace_here(0));
        vm.th->frame = f;
    }
    exc_raise_obj(exc);
}

void exc_local_jump(const char *reason, VALUE val, const char *msg)
{
    VALUE exc = exc_new(vm.c.LocalJumpError, msg, (long)strlen(msg));
    ivar_set(exc, sym_intern_cstr("@reason"), ID2SYM(sym_intern_cstr(reason)));
    ivar_set(exc, sym_intern_cstr("@exit_value"), val);
    exc_raise_obj(exc);
}

/* A warning goes to $stderr, through its write when it is not STDERR
   (1.8.7: $stderr = StringIO.new collects them). */
void exc_warn(const char *fmt, ...)
{
    if (!vm.verbose) return;
    va_list ap;
    va_start(ap, fmt);
    VALUE err = io_stderr_replaced();
    if (err) {
        VALUE s = str_new_fmt("%s:%d: warning: ", vm_source_file(), vm_source_line());
        VALUE msg = str_vnew_fmt(fmt, ap);
        va_end(ap);
        str_cat(s, RSTRING_PTR(msg), RSTRING_LEN(msg));
        str_cat(s, "\n", 1);
        vm_call1(err, sym_intern_cstr("write"), s);
        return;
    }
    io_flush_all();
    fprintf(stderr, "%s:%d: warning: ", vm_source_file(), vm_source_line());
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* ------------------------------------------------------------ errno */
VALUE exc_errno_class(int err)
{
    VALUE k = hash_lookup(errno_classes, INT2FIX(err));
    return k == Qundef ? vm.c.SystemCallError : k;
}

void exc_sys_fail(const char *what)
{
    int err = errno;
    VALUE klass = exc_errno_class(err);
    VALUE args[2] = { what ? str_new_cstr(what) : Qnil, INT2FIX(err) };
    exc_raise_obj(class_new_instance(klass, 2, args));
}

/* ------------------------------------------------------------ printing */
#define TRACE_HEAD 8
#define TRACE_TAIL 5
#define TRACE_MAX (TRACE_HEAD + TRACE_TAIL + 5)

static void print_message_line(VALUE exc, VALUE pos)
{
    VALUE klass = obj_class(exc);
    int state;
    VALUE msg = vm_protect((VALUE (*)(VALUE))exc_message, exc, &state);
    if (state || !STRING_P(msg)) msg = str_new_cstr("");
    const char *epath = class_name(klass);
    const char *m = RSTRING_PTR(msg);
    long len = RSTRING_LEN(msg);
    if (!NIL_P(pos)) fprintf(stderr, "%s: ", RSTRING_PTR(pos));
    if (len == 0) {
        fprintf(stderr, "%s\n", klass == vm.c.RuntimeError ? "unhandled exception" : epath);
        return;
    }
    const char *nl = memchr(m, '\n', (size_t)len);
    if (!nl) {
        fwrite(m, 1, (size_t)len, stderr);
        fprintf(stderr, " (%s)\n", epath);
        return;
    }
    fwrite(m, 1, (size_t)(nl - m), stderr);
    fprintf(stderr, " (%s)\n", epath);
    fwrite(nl + 1, 1, (size_t)(len - (nl - m) - 1), stderr);
    if (m[len - 1] != '\n') fputc('\n', stderr);
}

void exc_print(VALUE exc)
{
    io_flush_all();
    VALUE bt = exc_backtrace_get(exc);
    if (!ARRAY_P(bt)) bt = Qnil;
    long len = NIL_P(bt) ? 0 : RARRAY_LEN(bt);
    VALUE pos = len > 0 ? RARRAY_PTR(bt)[0] : Qnil;
    if (!STRING_P(pos)) pos = Qnil;
    print_message_line(exc, pos);
    for (long i = 1; i < len; i++) {
        VALUE line = RARRAY_PTR(bt)[i];
        if (STRING_P(line)) fprintf(stderr, "\tfrom %s\n", RSTRING_PTR(line));
        if (i == TRACE_HEAD && len > TRACE_MAX) {
            fprintf(stderr, "\t ... %ld levels...\n", len - TRACE_HEAD - TRACE_TAIL);
            i = len - TRACE_TAIL;
        }
    }
    fflush(stderr);
}

/* ------------------------------------------------------------ Exception methods */
static VALUE exc_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    ivar_set(self, ID_mesg, argc ? argv[0] : Qnil);
    return self;
}

static VALUE exc_s_exception(VALUE klass, int argc, const VALUE *argv)
{
    return class_new_instance(klass, argc, argv);
}

static VALUE exc_exception(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (argc == 0 || argv[0] == self) return self;
    VALUE copy = obj_clone(self);
    ivar_set(copy, ID_mesg, argv[0]);
    return copy;
}

static VALUE exc_to_s(VALUE self, int argc, const VALUE *argv)
{
    VALUE m = ivar_get(self, ID_mesg);
    if (NIL_P(m)) return str_new_cstr(class_name(obj_class(self)));
    return STRING_P(m) ? m : obj_to_s(m);
}

static VALUE exc_message_m(VALUE self, int argc, const VALUE *argv)
{
    return vm_call0(self, ID_to_s);
}

static VALUE exc_inspect(VALUE self, int argc, const VALUE *argv)
{
    VALUE s = vm_call0(self, ID_to_s);
    const char *cn = class_name(obj_class(self));
    if (!STRING_P(s) || RSTRING_LEN(s) == 0) return str_new_cstr(cn);
    return str_new_fmt("#<%s: %s>", cn, RSTRING_PTR(s));
}

static VALUE exc_backtrace_m(VALUE self, int argc, const VALUE *argv)
{
    return exc_backtrace_get(self);
}

static VALUE exc_set_backtrace_m(VALUE self, int argc, const VALUE *argv)
{
    VALUE bt = argv[0];
    if (STRING_P(bt)) bt = ary_new_of(1, bt);
    else if (!NIL_P(bt) && !ARRAY_P(bt)) exc_raise(vm.c.TypeError, "backtrace must be Array of String");
    ivar_set(self, ID_bt, bt);
    return bt;
}

static VALUE name_err_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 2);
    exc_initialize(self, argc ? 1 : 0, argv);
    ivar_set(self, sym_intern_cstr("name"), argc > 1 ? argv[1] : Qnil);
    return self;
}

static VALUE name_err_name(VALUE self, int argc, const VALUE *argv) { return ivar_get(self, sym_intern_cstr("name")); }

static VALUE nomethod_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 3);
    name_err_initialize(self, argc > 2 ? 2 : argc, argv);
    ivar_set(self, sym_intern_cstr("args"), argc > 2 ? argv[2] : Qnil);
    return self;
}

static VALUE nomethod_args(VALUE self, int argc, const VALUE *argv) { return ivar_get(self, sym_intern_cstr("args")); }

static VALUE exit_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 2);
    VALUE status = INT2FIX(0);
    int i = 0;
    if (argc > 0 && (FIXNUM_P(argv[0]) || argv[0] == Qtrue || argv[0] == Qfalse)) {
        status = argv[0] == Qtrue ? INT2FIX(0) : argv[0] == Qfalse ? INT2FIX(1) : argv[0];
        i = 1;
    }
    ivar_set(self, ID_mesg, i < argc ? argv[i] : str_new_cstr("exit"));
    ivar_set(self, ID_status, status);
    return self;
}

static VALUE exit_status(VALUE self, int argc, const VALUE *argv) { return ivar_get(self, ID_status); }

static VALUE exit_success(VALUE self, int argc, const VALUE *argv)
{
    VALUE st = ivar_get(self, ID_status);
    return BOOL2V(NIL_P(st) || st == INT2FIX(0));
}

static VALUE syserr_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 2);
    VALUE klass = obj_class(self);
    VALUE errnum = Qnil;
    VALUE en = const_lookup(klass, sym_intern_cstr("Errno"), false);
    if (klass != vm.c.SystemCallError && en != Qundef) errnum = en;
    else if (argc == 2) errnum = argv[1];
    VALUE what = argc > 0 ? argv[0] : Qnil;
    VALUE msg;
    if (FIXNUM_P(errnum)) msg = str_new_cstr(strerror((int)FIX2LONG(errnum)));
    else msg = str_new_cstr("unknown error");
    if (!NIL_P(what)) str_cat_fmt(msg, " - %s", RSTRING_PTR(conv_to_str(what)));
    ivar_set(self, ID_mesg, msg);
    ivar_set(self, sym_intern_cstr("errno"), errnum);
    return self;
}

static VALUE syserr_errno(VALUE self, int argc, const VALUE *argv) { return ivar_get(self, sym_intern_cstr("errno")); }
static VALUE ljump_reason(VALUE self, int argc, const VALUE *argv) { return ivar_get(self, sym_intern_cstr("@reason")); }
static VALUE ljump_exit_value(VALUE self, int argc, const VALUE *argv) { return ivar_get(self, sym_intern_cstr("@exit_value")); }

/* ------------------------------------------------------------ setup */
static const struct { int err; const char *name; } errno_table[] = {
    { EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { ESRCH, "ESRCH" }, { EINTR, "EINTR" },
    { EIO, "EIO" }, { ENXIO, "ENXIO" }, { E2BIG, "E2BIG" }, { ENOEXEC, "ENOEXEC" },
    { EBADF, "EBADF" }, { ECHILD, "ECHILD" }, { EAGAIN, "EAGAIN" }, { ENOMEM, "ENOMEM" },
    { EACCES, "EACCES" }, { EFAULT, "EFAULT" }, { EBUSY, "EBUSY" }, { EEXIST, "EEXIST" },
    { EXDEV, "EXDEV" }, { ENODEV, "ENODEV" }, { ENOTDIR, "ENOTDIR" }, { EISDIR, "EISDIR" },
    { EINVAL, "EINVAL" }, { ENFILE, "ENFILE" }, { EMFILE, "EMFILE" }, { ENOTTY, "ENOTTY" },
    { EFBIG, "EFBIG" }, { ENOSPC, "ENOSPC" }, { ESPIPE, "ESPIPE" }, { EROFS, "EROFS" },
    { EMLINK, "EMLINK" }, { EPIPE, "EPIPE" }, { EDOM, "EDOM" }, { ERANGE, "ERANGE" },
    { EDEADLK, "EDEADLK" }, { ENAMETOOLONG, "ENAMETOOLONG" }, { ENOTEMPTY, "ENOTEMPTY" },
    { ELOOP, "ELOOP" }, { ENOTSOCK, "ENOTSOCK" }, { EADDRINUSE, "EADDRINUSE" },
    { ECONNREFUSED, "ECONNREFUSED" }, { ECONNRESET, "ECONNRESET" }, { ETIMEDOUT, "ETIMEDOUT" },
    { EWOULDBLOCK == EAGAIN ? 0 : EWOULDBLOCK, "EWOULDBLOCK" }, { ENOSYS, "ENOSYS" },
    /* the network's (ext/socket raises them) */
    { EINPROGRESS, "EINPROGRESS" }, { EALREADY, "EALREADY" }, { EISCONN, "EISCONN" },
    { ENOTCONN, "ENOTCONN" }, { ECONNABORTED, "ECONNABORTED" }, { ESHUTDOWN, "ESHUTDOWN" },
    { EHOSTUNREACH, "EHOSTUNREACH" }, { EHOSTDOWN, "EHOSTDOWN" }, { ENETUNREACH, "ENETUNREACH" },
    { ENETDOWN, "ENETDOWN" }, { ENETRESET, "ENETRESET" }, { EADDRNOTAVAIL, "EADDRNOTAVAIL" },
    { EAFNOSUPPORT, "EAFNOSUPPORT" }, { EPFNOSUPPORT, "EPFNOSUPPORT" },
    { EPROTONOSUPPORT, "EPROTONOSUPPORT" }, { EPROTOTYPE, "EPROTOTYPE" },
    { ENOPROTOOPT, "ENOPROTOOPT" }, { ESOCKTNOSUPPORT, "ESOCKTNOSUPPORT" },
    { EOPNOTSUPP, "EOPNOTSUPP" }, { EDESTADDRREQ, "EDESTADDRREQ" }, { EMSGSIZE, "EMSGSIZE" },
    { ENOBUFS, "ENOBUFS" }, { ETOOMANYREFS, "ETOOMANYREFS" },
};

static void define_errno_classes(void)
{
    vm.c.Errno = module_define("Errno");
    errno_classes = hash_new();
    gc_register_root(&errno_classes);
    for (size_t i = 0; i < countof(errno_table); i++) {
        if (!errno_table[i].err) continue;
        VALUE k = class_define_under(vm.c.Errno, errno_table[i].name, vm.c.SystemCallError);
        define_const(k, "Errno", INT2FIX(errno_table[i].err));
        hash_aset(errno_classes, INT2FIX(errno_table[i].err), k);
    }
    define_const(vm.c.Errno, "EWOULDBLOCK", hash_lookup(errno_classes, INT2FIX(EAGAIN)));
}

static VALUE exc_class(const char *name, VALUE super)
{
    return class_define(name, super);
}

void error_init(void)
{
    struct core_classes *c = &vm.c;
    c->Exception = exc_class("Exception", c->Object);
    define_singleton_method(c->Exception, "exception", exc_s_exception, -1);
    define_method(c->Exception, "initialize", exc_initialize, -1);
    define_method(c->Exception, "exception", exc_exception, -1);
    define_method(c->Exception, "to_s", exc_to_s, 0);
    define_method(c->Exception, "to_str", exc_to_s, 0);
    define_method(c->Exception, "message", exc_message_m, 0);
    define_method(c->Exception, "inspect", exc_inspect, 0);
    define_method(c->Exception, "backtrace", exc_backtrace_m, 0);
    define_method(c->Exception, "set_backtrace", exc_set_backtrace_m, 1);

    c->NoMemoryError = exc_class("NoMemoryError", c->Exception);
    c->ScriptError = exc_class("ScriptError", c->Exception);
    c->LoadError = exc_class("LoadError", c->ScriptError);
    c->NotImplementedError = exc_class("NotImplementedError", c->ScriptError);
    c->SyntaxError = exc_class("SyntaxError", c->ScriptError);
    c->SignalException = exc_class("SignalException", c->Exception);
    c->Interrupt = exc_class("Interrupt", c->SignalException);
    c->SystemExit = exc_class("SystemExit", c->Exception);
    define_method(c->SystemExit, "initialize", exit_initialize, -1);
    define_method(c->SystemExit, "status", exit_status, 0);
    define_method(c->SystemExit, "success?", exit_success, 0);
    c->Fatal = class_new(c->Exception);
    define_const(c->Object, "fatal", c->Fatal);
    RCLASS_EXT(c->Fatal)->path = obj_freeze(str_new_cstr("fatal"));

    c->StandardError = exc_class("StandardError", c->Exception);
    /* 1.8 (unlike 1.9) puts these two under StandardError: a bare rescue catches them */
    c->SecurityError = exc_class("SecurityError", c->StandardError);
    c->SystemStackError = exc_class("SystemStackError", c->StandardError);
    c->ArgumentError = exc_class("ArgumentError", c->StandardError);
    c->IOError = exc_class("IOError", c->StandardError);
    c->EOFError = exc_class("EOFError", c->IOError);
    c->IndexError = exc_class("IndexError", c->StandardError);
    c->KeyError = exc_class("KeyError", c->IndexError);
    c->StopIteration = exc_class("StopIteration", c->IndexError);
    c->LocalJumpError = exc_class("LocalJumpError", c->StandardError);
    define_method(c->LocalJumpError, "reason", ljump_reason, 0);
    define_method(c->LocalJumpError, "exit_value", ljump_exit_value, 0);
    c->NameError = exc_class("NameError", c->StandardError);
    define_method(c->NameError, "initialize", name_err_initialize, -1);
    define_method(c->NameError, "name", name_err_name, 0);
    c->NoMethodError = exc_class("NoMethodError", c->NameError);
    define_method(c->NoMethodError, "initialize", nomethod_initialize, -1);
    define_method(c->NoMethodError, "args", nomethod_args, 0);
    c->RangeError = exc_class("RangeError", c->StandardError);
    c->FloatDomainError = exc_class("FloatDomainError", c->RangeError);
    c->RegexpError = exc_class("RegexpError", c->StandardError);
    c->RuntimeError = exc_class("RuntimeError", c->StandardError);
    c->ThreadError = exc_class("ThreadError", c->StandardError);
    c->TypeError = exc_class("TypeError", c->StandardError);
    c->ZeroDivisionError = exc_class("ZeroDivisionError", c->StandardError);
    c->SystemCallError = exc_class("SystemCallError", c->StandardError);
    define_method(c->SystemCallError, "initialize", syserr_initialize, -1);
    define_method(c->SystemCallError, "errno", syserr_errno, 0);
    define_errno_classes();
}
