/* enum.c: the Enumerable module, every method written on top of #each.
 *
 * Each method calls #each with a C block (vm_call_cblock) whose state is
 * a hidden T_DATA "memo": the caller's block, a few VALUEs the GC marks,
 * counters.  1.8 hands Enumerable one value per iteration: several
 * yielded values arrive packed in an Array (Hash#each gives [k, v]).
 * Methods that stop early (find, first, include? ...) throw to a catch
 * around #each tagged with the memo.  Arrays whose #each is the built-in
 * one are walked directly, without the C block round trip.
 */
#include <stdlib.h>
#include "array.h"

/* ------------------------------------------------------------ the memo */
struct memo {
    const struct block *blk;   /* block given to the Enumerable method, or NULL */
    struct frame *frame;       /* that method's frame: blk is valid while it runs */
    struct thread *th;         /* the thread it runs in */
    VALUE v1, v2, v3;
    long n;
    ID id;                     /* a method name (inject(:+)) */
    int mode;                  /* what the method wants: see each method */
    bool stopped;              /* memo_stop ended the iteration */
    bool yielding;             /* in a yield through y: one from inside it goes the plain way */
    struct yielder *y;         /* blk's frame, prepared at the first yield and reused */
};

static void memo_mark(void *p)
{
    struct memo *m = p;
    gc_mark(m->v1);
    gc_mark(m->v2);
    gc_mark(m->v3);
}

static void memo_free(void *p)
{
    free(((struct memo *)p)->y);
    free(p);
}

static const struct data_type memo_type = { "enum_memo", memo_mark, memo_free, NULL };

static VALUE memo_new(struct memo **out)
{
    struct memo *m = xcalloc(1, sizeof *m);
    m->blk = vm_current_block();
    m->frame = vm.th->frame;
    m->th = vm.th;
    m->v1 = m->v2 = m->v3 = Qnil;
    *out = m;
    return data_new(0, &memo_type, m);
}

/* The memo of a C block, checking that its method is still running (a
   block turned into a Proc by #each could be called later). */
static struct memo *memo_get(VALUE data)
{
    struct memo *m = DATA_PTR(data);
    /* another thread's frames may lie at the same addresses as this
       one's: its stack spilled while this one has the slot */
    for (struct frame *f = m->th == vm.th ? vm.th->frame : NULL; f; f = f->prev)
        if (f == m->frame) return m;
    exc_local_jump("noreason", Qnil, "Enumerable's block called after its method returned");
}

/* Yield to the method's block as #each yields to a plain one: one frame
   made once for all the values (vm_yield_prepare_block), which the memo
   keeps (the C stack of the method that made the memo is not in reach). */
static VALUE memo_yield_values(struct memo *m, int argc, VALUE *argv)
{
    if (m->yielding || !m->blk) return vm_yield_block(m->blk, argc, argv);
    if (!m->y) {
        m->y = xmalloc(sizeof *m->y);
        vm_yield_prepare_block(m->y, m->blk);
    }
    m->yielding = true;
    VALUE r = argc == 1 ? vm_yield_next(m->y, argv[0]) : vm_yield_next2(m->y, argv[0], argv[1]);
    m->yielding = false;      /* left set by a jump out: the plain way from then on */
    return r;
}

static VALUE memo_yield(struct memo *m, VALUE v) { return memo_yield_values(m, 1, &v); }

static VALUE memo_yield2(struct memo *m, VALUE a, VALUE b)
{
    VALUE args[2] = { a, b };
    return memo_yield_values(m, 2, args);
}

/* Stop the iteration: the enclosing enum_iterate returns. */
NORETURN static void memo_stop(VALUE data)
{
    ((struct memo *)DATA_PTR(data))->stopped = true;
    vm_throw(data, Qnil);
}

/* ------------------------------------------------------------ iteration */
struct iter {
    VALUE obj, data;
    ID meth;
    block_cfunc fn;
    int argc;
    const VALUE *argv;
};

static bool plain_array(VALUE obj)
{
    if (!ARRAY_P(obj)) return false;
    VALUE me = class_lookup_method_cached(class_of(obj), ID_each);
    return me && ME_TYPE(me) == ME_CFUNC && RMENTRY(me)->body.fn == ary_each_m;
}

static VALUE iterate_body(VALUE p)
{
    struct iter *it = (struct iter *)p;
    if (it->meth == ID_each && it->argc == 0 && plain_array(it->obj)) {
        for (long i = 0; i < RARRAY_LEN(it->obj); i++) {
            VALUE v = RARRAY_PTR(it->obj)[i];
            it->fn(it->data, 1, &v);
        }
        return it->obj;
    }
    return vm_call_cblock(it->obj, it->meth, it->argc, it->argv, it->fn, it->data);
}

/* obj.meth(*argv) with fn as the block; returns meth's value (nil if
   memo_stop ended it). */
static VALUE enum_iterate_meth(VALUE obj, ID meth, block_cfunc fn, VALUE data, int argc, const VALUE *argv)
{
    struct iter it = { obj, data, meth, fn, argc, argv };
    return vm_catch(data, iterate_body, (VALUE)&it);
}

static VALUE enum_iterate(VALUE obj, block_cfunc fn, VALUE data)
{
    return enum_iterate_meth(obj, ID_each, fn, data, 0, NULL);
}

#define PACK() ary_pack_values(argc, argv)
#define RETURN_ENUM(name) \
    do { if (!vm_block_given()) return enumerator_for(self, name, argc, argv); } while (0)

/* ------------------------------------------------------------ to_a, map, select */
static VALUE push_i(VALUE data, int argc, const VALUE *argv)
{
    ary_push(memo_get(data)->v1, PACK());
    return Qnil;
}

VALUE enum_values_of(VALUE obj, ID meth, int argc, const VALUE *argv)
{
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = ary_new();
    enum_iterate_meth(obj, meth, push_i, data, argc, argv);
    return m->v1;
}

static VALUE enum_to_a_args(VALUE obj, int argc, const VALUE *argv)
{
    return enum_values_of(obj, ID_each, argc, argv);
}

static VALUE enum_to_a(VALUE self, int argc, const VALUE *argv) { return enum_to_a_args(self, argc, argv); }

static VALUE enum_reverse_each(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "reverse_each", argc, argv);
    VALUE ary = enum_to_a_args(self, argc, argv);
    for (long i = RARRAY_LEN(ary) - 1; i >= 0; i--) {
        if (i >= RARRAY_LEN(ary)) continue;
        vm_yield1(RARRAY_PTR(ary)[i]);
    }
    return self;
}

static VALUE collect_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    ary_push(m->v1, m->blk ? memo_yield(m, v) : v);
    return Qnil;
}

/* 1.8.7: without a block, the elements themselves (an Array, no Enumerator) */
static VALUE enum_collect(VALUE self, int argc, const VALUE *argv)
{
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = ary_new();
    enum_iterate(self, collect_i, data);
    return m->v1;
}

/* select (n = 1) and reject (n = 0) */
static VALUE select_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    if (RTEST(memo_yield(m, v)) == (m->n == 1)) ary_push(m->v1, v);
    return Qnil;
}

static VALUE filter(VALUE self, bool keep_true)
{
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = ary_new();
    m->n = keep_true;
    enum_iterate(self, select_i, data);
    return m->v1;
}

static VALUE enum_select(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUM(sym_name(vm_current_mid()));
    return filter(self, true);
}

static VALUE enum_reject(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUM("reject");
    return filter(self, false);
}

static VALUE partition_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    ary_push(RTEST(memo_yield(m, v)) ? m->v1 : m->v2, v);
    return Qnil;
}

static VALUE enum_partition(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUM("partition");
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = ary_new();
    m->v2 = ary_new();
    enum_iterate(self, partition_i, data);
    return ary_new_of(2, m->v1, m->v2);
}

static VALUE group_by_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    VALUE key = memo_yield(m, v);
    VALUE group = hash_lookup(m->v1, key);
    if (group == Qundef) hash_aset(m->v1, key, ary_new_of(1, v));
    else ary_push(group, v);
    return Qnil;
}

static VALUE enum_group_by(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUM("group_by");
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = hash_new();
    enum_iterate(self, group_by_i, data);
    return m->v1;
}

static VALUE grep_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    if (RTEST(vm_call1(m->v2, ID_eqq, v))) ary_push(m->v1, m->blk ? memo_yield(m, v) : v);
    return Qnil;
}

static VALUE enum_grep(VALUE self, int argc, const VALUE *argv)
{
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = ary_new();
    m->v2 = argv[0];
    enum_iterate(self, grep_i, data);
    return m->v1;
}

/* ------------------------------------------------------------ searching */
static VALUE find_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    if (RTEST(memo_yield(m, v))) {
        m->v1 = v;
        memo_stop(data);
    }
    return Qnil;
}

static VALUE enum_find(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    RETURN_ENUM(sym_name(vm_current_mid()));
    struct memo *m;
    VALUE data = memo_new(&m);
    enum_iterate(self, find_i, data);
    if (m->stopped) return m->v1;
    if (argc == 1 && !NIL_P(argv[0])) return vm_call0(argv[0], ID_call);
    return Qnil;
}

/* find_index: by value (mode 1, v2) or by block; n counts */
static VALUE find_index_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    bool hit = m->mode ? obj_equal(v, m->v2) : RTEST(memo_yield(m, v));
    if (hit) memo_stop(data);
    m->n++;
    return Qnil;
}

static VALUE enum_find_index(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (argc == 0) RETURN_ENUM("find_index");
    struct memo *m;
    VALUE data = memo_new(&m);
    if (argc == 1) {
        m->v2 = argv[0];
        m->mode = 1;
    }
    enum_iterate(self, find_index_i, data);
    return m->stopped ? INT2FIX(m->n) : Qnil;
}

static VALUE member_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    if (obj_equal(PACK(), m->v1)) memo_stop(data);
    return Qnil;
}

static VALUE enum_member(VALUE self, int argc, const VALUE *argv)
{
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = argv[0];
    enum_iterate(self, member_i, data);
    return BOOL2V(m->stopped);
}

/* count: n counts; v2 the value compared with (mode 1), or the block */
static VALUE count_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    if (m->mode == 1 ? obj_equal(v, m->v2) : m->blk ? RTEST(memo_yield(m, v)) : true) m->n++;
    return Qnil;
}

static VALUE enum_count(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    struct memo *m;
    VALUE data = memo_new(&m);
    if (argc == 1) {
        if (m->blk) exc_warn("given block not used");
        m->v2 = argv[0];
        m->mode = 1;
    }
    enum_iterate(self, count_i, data);
    return INT2FIX(m->n);
}

/* all? any? none? one?: n counts hits; stop as soon as the answer is known */
enum { Q_ALL, Q_ANY, Q_NONE, Q_ONE };

static VALUE quant_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    bool t = m->blk ? RTEST(memo_yield(m, v)) : RTEST(v);
    switch (m->mode) {
    case Q_ALL: if (!t) memo_stop(data); break;
    case Q_ANY: if (t) memo_stop(data); break;
    case Q_NONE: if (t) memo_stop(data); break;
    case Q_ONE: if (t && ++m->n > 1) memo_stop(data); break;
    }
    return Qnil;
}

static VALUE quantify(VALUE self, int q)
{
    struct memo *m;
    VALUE data = memo_new(&m);
    m->mode = q;
    enum_iterate(self, quant_i, data);
    if (m->stopped) return BOOL2V(q == Q_ANY);
    switch (q) {
    case Q_ALL: return Qtrue;
    case Q_ANY: return Qfalse;
    case Q_NONE: return Qtrue;
    default: return BOOL2V(m->n == 1);
    }
}

static VALUE enum_all(VALUE self, int argc, const VALUE *argv) { return quantify(self, Q_ALL); }
static VALUE enum_any(VALUE self, int argc, const VALUE *argv) { return quantify(self, Q_ANY); }
static VALUE enum_none(VALUE self, int argc, const VALUE *argv) { return quantify(self, Q_NONE); }
static VALUE enum_one(VALUE self, int argc, const VALUE *argv) { return quantify(self, Q_ONE); }

/* ------------------------------------------------------------ first, take, drop */
/* first/take collect up to n elements in v1 (n counts down) */
static VALUE take_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    ary_push(m->v1, PACK());
    if (--m->n <= 0) memo_stop(data);
    return Qnil;
}

static VALUE take_n(VALUE self, long n)
{
    if (n == 0) return ary_new();
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = ary_new();
    m->n = n;
    enum_iterate(self, take_i, data);
    return m->v1;
}

static VALUE first_i(VALUE data, int argc, const VALUE *argv)
{
    memo_get(data)->v1 = PACK();
    memo_stop(data);
}

static VALUE enum_first(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (argc == 0) {
        struct memo *m;
        VALUE data = memo_new(&m);
        enum_iterate(self, first_i, data);
        return m->v1;
    }
    long n = num_to_long(argv[0]);
    if (n < 0) exc_raise(vm.c.ArgumentError, "negative size (%ld)", n);
    return take_n(self, n);
}

static VALUE enum_take(VALUE self, int argc, const VALUE *argv)
{
    long n = num_to_long(argv[0]);
    if (n < 0) exc_raise(vm.c.ArgumentError, "attempt to take negative size");
    return take_n(self, n);
}

static VALUE take_while_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    if (!RTEST(memo_yield(m, v))) memo_stop(data);
    ary_push(m->v1, v);
    return Qnil;
}

static VALUE enum_take_while(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUM("take_while");
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = ary_new();
    enum_iterate(self, take_while_i, data);
    return m->v1;
}

/* drop: n elements still to skip; drop_while: n = 1 while still dropping */
static VALUE drop_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    if (m->n > 0) m->n--;
    else ary_push(m->v1, v);
    return Qnil;
}

static VALUE enum_drop(VALUE self, int argc, const VALUE *argv)
{
    long n = num_to_long(argv[0]);
    if (n < 0) exc_raise(vm.c.ArgumentError, "attempt to drop negative size");
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = ary_new();
    m->n = n;
    enum_iterate(self, drop_i, data);
    return m->v1;
}

static VALUE drop_while_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    if (m->n && RTEST(memo_yield(m, v))) return Qnil;
    m->n = 0;
    ary_push(m->v1, v);
    return Qnil;
}

static VALUE enum_drop_while(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUM("drop_while");
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = ary_new();
    m->n = 1;
    enum_iterate(self, drop_while_i, data);
    return m->v1;
}

/* ------------------------------------------------------------ inject */
static VALUE inject_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    if (m->v1 == Qundef) m->v1 = v;
    else if (m->id) m->v1 = vm_call1(m->v1, m->id, v);
    else if (!m->blk) vm_need_block();   /* only once there is something to combine (1.8.7) */
    else m->v1 = memo_yield2(m, m->v1, v);
    return Qnil;
}

static VALUE enum_inject(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 2);
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = Qundef;
    if (argc == 2) {
        if (m->blk) exc_warn("given block not used");
        m->v1 = argv[0];
        m->id = conv_to_id(argv[1]);
    } else if (argc == 1 && !m->blk) {
        m->id = conv_to_id(argv[0]);
    } else if (argc == 1) {
        m->v1 = argv[0];
    }
    enum_iterate(self, inject_i, data);
    return m->v1 == Qundef ? Qnil : m->v1;
}

/* ------------------------------------------------------------ min, max */
/* v1: current best (Qundef before the first); n: +1 for max, -1 for min */
static int enum_cmp(struct memo *m, VALUE a, VALUE b)
{
    if (!m->blk) return ary_sort_cmp(a, b);
    return cmp_int(memo_yield2(m, a, b), a, b);
}

static VALUE minmax_one_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    if (m->v1 == Qundef || enum_cmp(m, v, m->v1) * m->n > 0) m->v1 = v;
    return Qnil;
}

static VALUE min_or_max(VALUE self, long dir)
{
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = Qundef;
    m->n = dir;
    enum_iterate(self, minmax_one_i, data);
    return m->v1 == Qundef ? Qnil : m->v1;
}

static VALUE enum_min(VALUE self, int argc, const VALUE *argv) { return min_or_max(self, -1); }
static VALUE enum_max(VALUE self, int argc, const VALUE *argv) { return min_or_max(self, 1); }

/* by key: v1 best element, v2 its key */
static VALUE by_one_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    VALUE key = memo_yield(m, v);
    if (m->v1 == Qundef || cmp_int(vm_call1(key, ID_cmp, m->v2), key, m->v2) * m->n > 0) {
        m->v1 = v;
        m->v2 = key;
    }
    return Qnil;
}

static VALUE min_or_max_by(VALUE self, long dir)
{
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = Qundef;
    m->n = dir;
    enum_iterate(self, by_one_i, data);
    return m->v1 == Qundef ? Qnil : m->v1;
}

static VALUE enum_min_by(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUM("min_by");
    return min_or_max_by(self, -1);
}

static VALUE enum_max_by(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUM("max_by");
    return min_or_max_by(self, 1);
}

/* minmax: v1 min, v2 max (Qundef before the first) */
static VALUE minmax_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    if (m->v1 == Qundef) {
        m->v1 = m->v2 = v;
        return Qnil;
    }
    if (enum_cmp(m, v, m->v1) < 0) m->v1 = v;
    if (enum_cmp(m, v, m->v2) > 0) m->v2 = v;
    return Qnil;
}

static VALUE enum_minmax(VALUE self, int argc, const VALUE *argv)
{
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = m->v2 = Qundef;
    enum_iterate(self, minmax_i, data);
    if (m->v1 == Qundef) return ary_new_of(2, Qnil, Qnil);
    return ary_new_of(2, m->v1, m->v2);
}

/* minmax_by: v1/v2 min and max elements, v3 = [min key, max key] */
static VALUE minmax_by_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    VALUE key = memo_yield(m, v);
    if (m->v1 == Qundef) {
        m->v1 = m->v2 = v;
        m->v3 = ary_new_of(2, key, key);
        return Qnil;
    }
    VALUE kmin = RARRAY_PTR(m->v3)[0], kmax = RARRAY_PTR(m->v3)[1];
    if (cmp_int(vm_call1(key, ID_cmp, kmin), key, kmin) < 0) {
        m->v1 = v;
        RARRAY_PTR(m->v3)[0] = key;
    }
    if (cmp_int(vm_call1(key, ID_cmp, kmax), key, kmax) > 0) {
        m->v2 = v;
        RARRAY_PTR(m->v3)[1] = key;
    }
    return Qnil;
}

static VALUE enum_minmax_by(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUM("minmax_by");
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = m->v2 = Qundef;
    enum_iterate(self, minmax_by_i, data);
    if (m->v1 == Qundef) return ary_new_of(2, Qnil, Qnil);
    return ary_new_of(2, m->v1, m->v2);
}

/* ------------------------------------------------------------ sort */
static VALUE enum_sort(VALUE self, int argc, const VALUE *argv)
{
    VALUE a = enum_to_a_args(self, 0, NULL);
    return ary_sort_bang(a);
}

static VALUE sort_by_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    VALUE key = memo_yield(m, v);
    ary_push(m->v1, key);
    ary_push(m->v1, v);
    return Qnil;
}

static VALUE enum_sort_by(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUM("sort_by");
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = ary_hidden_new(16);
    enum_iterate(self, sort_by_i, data);
    VALUE pairs = m->v1;
    long n = RARRAY_LEN(pairs) / 2;
    ary_sort_pairs(pairs, n, NULL);
    VALUE r = ary_new_capa(n);
    for (long i = 0; i < n; i++) RARRAY_PTR(r)[i] = RARRAY_PTR(pairs)[2 * i + 1];
    RARRAY(r)->len = n;
    GC_GUARD(pairs);
    return r;
}

/* ------------------------------------------------------------ each_* */
static VALUE with_index_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE r = memo_yield2(m, PACK(), INT2FIX(m->n));
    m->n++;
    return r;
}

VALUE enum_with_index_of(VALUE obj, ID meth, int argc, const VALUE *argv)
{
    struct memo *m;
    VALUE data = memo_new(&m);
    return enum_iterate_meth(obj, meth, with_index_i, data, argc, argv);
}

static VALUE enum_each_with_index(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUM("each_with_index");
    enum_with_index_of(self, ID_each, argc, argv);
    return self;
}

/* each_slice: v1 the slice being filled, n its size */
static VALUE slice_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    ary_push(m->v1, PACK());
    if (RARRAY_LEN(m->v1) == m->n) {
        VALUE full = m->v1;
        m->v1 = ary_new_capa(m->n);
        memo_yield(m, full);
    }
    return Qnil;
}

static VALUE enum_each_slice(VALUE self, int argc, const VALUE *argv)
{
    long n = num_to_long(argv[0]);
    if (n <= 0) exc_raise(vm.c.ArgumentError, "invalid slice size");
    RETURN_ENUM("each_slice");
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = ary_new_capa(n);
    m->n = n;
    enum_iterate(self, slice_i, data);
    if (RARRAY_LEN(m->v1) > 0) memo_yield(m, m->v1);
    return Qnil;
}

/* each_cons: v1 the window */
static VALUE cons_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    if (RARRAY_LEN(m->v1) == m->n) ary_shift(m->v1);
    ary_push(m->v1, PACK());
    if (RARRAY_LEN(m->v1) == m->n) memo_yield(m, ary_new_from(m->n, RARRAY_PTR(m->v1)));
    return Qnil;
}

static VALUE enum_each_cons(VALUE self, int argc, const VALUE *argv)
{
    long n = num_to_long(argv[0]);
    if (n <= 0) exc_raise(vm.c.ArgumentError, "invalid size");
    RETURN_ENUM("each_cons");
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = ary_hidden_new(n);
    m->n = n;
    enum_iterate(self, cons_i, data);
    return Qnil;
}

static VALUE enum_enum_with_index(VALUE self, int argc, const VALUE *argv)
{
    return enumerator_for(self, "each_with_index", 0, NULL);
}

static VALUE enum_enum_slice(VALUE self, int argc, const VALUE *argv)
{
    return enumerator_for(self, "each_slice", 1, argv);
}

static VALUE enum_enum_cons(VALUE self, int argc, const VALUE *argv)
{
    return enumerator_for(self, "each_cons", 1, argv);
}

/* ------------------------------------------------------------ zip, cycle */
static VALUE zip_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE args = m->v2;
    VALUE tuple = ary_new_capa(RARRAY_LEN(args) + 1);
    ary_push(tuple, PACK());
    for (long j = 0; j < RARRAY_LEN(args); j++) ary_push(tuple, ary_entry(RARRAY_PTR(args)[j], m->n));
    m->n++;
    if (m->blk) memo_yield(m, tuple);
    else ary_push(m->v1, tuple);
    return Qnil;
}

static VALUE zip_arg(VALUE v)
{
    if (ARRAY_P(v)) return v;
    if (!vm_respond_to(v, ID_to_a, true)) exc_type_error_conv(v, "Array");
    VALUE a = vm_call0(v, ID_to_a);
    if (!ARRAY_P(a)) exc_type_error_conv(v, "Array");
    return a;
}

static VALUE enum_zip(VALUE self, int argc, const VALUE *argv)
{
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v2 = ary_hidden_new(argc);
    for (int i = 0; i < argc; i++) ary_push(m->v2, zip_arg(argv[i]));
    m->v1 = m->blk ? Qnil : ary_new();
    enum_iterate(self, zip_i, data);
    return m->v1;
}

static VALUE cycle_i(VALUE data, int argc, const VALUE *argv)
{
    struct memo *m = memo_get(data);
    VALUE v = PACK();
    ary_push(m->v1, v);
    memo_yield(m, v);
    return Qnil;
}

static VALUE enum_cycle(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    RETURN_ENUM("cycle");
    long n = -1;
    if (argc == 1 && !NIL_P(argv[0])) {
        n = num_to_long(argv[0]);
        if (n <= 0) return Qnil;
    }
    struct memo *m;
    VALUE data = memo_new(&m);
    m->v1 = ary_hidden_new(16);
    enum_iterate(self, cycle_i, data);
    VALUE saved = m->v1;
    if (RARRAY_LEN(saved) == 0) return Qnil;
    while (n < 0 || --n > 0)
        for (long i = 0; i < RARRAY_LEN(saved); i++) memo_yield(m, RARRAY_PTR(saved)[i]);
    GC_GUARD(data);
    return Qnil;
}

/* ------------------------------------------------------------ init */
void enum_init(void)
{
    VALUE m = vm.c.Enumerable = module_define("Enumerable");
    define_method(m, "to_a", enum_to_a, -1);
    define_method(m, "entries", enum_to_a, -1);
    define_method(m, "sort", enum_sort, 0);
    define_method(m, "sort_by", enum_sort_by, 0);
    define_method(m, "grep", enum_grep, 1);
    define_method(m, "count", enum_count, -1);
    define_method(m, "find", enum_find, -1);
    define_method(m, "detect", enum_find, -1);
    define_method(m, "find_index", enum_find_index, -1);
    define_method(m, "find_all", enum_select, 0);
    define_method(m, "select", enum_select, 0);
    define_method(m, "reject", enum_reject, 0);
    define_method(m, "collect", enum_collect, 0);
    define_method(m, "map", enum_collect, 0);
    define_method(m, "inject", enum_inject, -1);
    define_method(m, "reduce", enum_inject, -1);
    define_method(m, "partition", enum_partition, 0);
    define_method(m, "group_by", enum_group_by, 0);
    define_method(m, "first", enum_first, -1);
    define_method(m, "all?", enum_all, 0);
    define_method(m, "any?", enum_any, 0);
    define_method(m, "one?", enum_one, 0);
    define_method(m, "none?", enum_none, 0);
    define_method(m, "min", enum_min, 0);
    define_method(m, "max", enum_max, 0);
    define_method(m, "minmax", enum_minmax, 0);
    define_method(m, "min_by", enum_min_by, 0);
    define_method(m, "max_by", enum_max_by, 0);
    define_method(m, "minmax_by", enum_minmax_by, 0);
    define_method(m, "member?", enum_member, 1);
    define_method(m, "include?", enum_member, 1);
    define_method(m, "each_with_index", enum_each_with_index, -1);
    define_method(m, "reverse_each", enum_reverse_each, -1);
    define_method(m, "zip", enum_zip, -1);
    define_method(m, "take", enum_take, 1);
    define_method(m, "take_while", enum_take_while, 0);
    define_method(m, "drop", enum_drop, 1);
    define_method(m, "drop_while", enum_drop_while, 0);
    define_method(m, "cycle", enum_cycle, -1);
    define_method(m, "each_slice", enum_each_slice, 1);
    define_method(m, "each_cons", enum_each_cons, 1);
    define_method(m, "enum_with_index", enum_enum_with_index, 0);
    define_method(m, "enum_slice", enum_enum_slice, 1);
    define_method(m, "enum_cons", enum_enum_cons, 1);
}
