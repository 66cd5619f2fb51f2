/* finalizer.c: ObjectSpace.define_finalizer and undefine_finalizer, after
 * Ruby 1.8.7.
 *
 * The table maps an object to the Array of its finalizers, [safe level,
 * callable] pairs in the order they were defined (define_finalizer
 * returns the pair).  Its keys are the objects' addresses as Fixnums (a
 * Float flonum is its own key): the table is a GC root for the Arrays,
 * never for the objects.  dup and clone give the copy the original's
 * Array itself, as 1.8.7 does.
 *
 * A collection, once marking is over, moves the entries of the objects it
 * did not reach to the pending queue and raises vm.interrupt.  It must
 * not allocate, so the queue always has room for every entry of the
 * table (made when an entry is added).  The finalizers run later, outside
 * the collection: at the next safe point (vm_check_interrupts), or as
 * GC.start returns.  Each callable gets the object's id, the object being
 * gone, and runs at the $SAFE level it was defined at.  Whatever it
 * raises (or throws, exit included) is ignored, silently, and $! is left
 * as it was (1.8.7 left it changed: a bug, not copied).  Thread.exit in
 * a thread other than the main one ends the thread once the queued
 * finalizers have run, as in 1.8.7.
 *
 * At exit, after the at_exit handlers and the report of an uncaught
 * exception (finalizer_run_at_exit, from the main thread), the pending
 * finalizers run, then those of every object still alive, the object
 * given its first finalizer last running first; finalizers defined
 * meanwhile do not run, as in 1.8.7.
 */
#include "internal.h"
#include "hashtab.h"

struct pending {
    VALUE obj;          /* no longer an object: its address gives the id */
    VALUE procs;
};

static struct hashtab *table;
static struct pending *queue;      /* [qhead, qtail) are waiting */
static size_t qhead, qtail, qcapa;
static bool running;               /* finalizers are running: do not nest */
bool finalizer_pending;            /* the queue is not empty */

static VALUE key_of(VALUE obj) { return FLONUM_P(obj) ? obj : INT2FIX((long)(obj >> 1)); }
static VALUE obj_of(VALUE key) { return FLONUM_P(key) ? key : (VALUE)FIX2LONG(key) << 1; }

static VALUE procs_of(VALUE obj)
{
    if (HEAP_P(obj) ? !FL_TEST(obj, FL_FINALIZE) : !FLONUM_P(obj)) return Qundef;
    return htab_lookup(table, key_of(obj));
}

/* A new entry: first room in the queue for the day the object dies. */
static void add_entry(VALUE obj, VALUE procs)
{
    size_t need = qtail + (size_t)htab_count(table) + 1;
    if (need > qcapa) {
        qcapa = need * 2;
        queue = xrealloc(queue, qcapa * sizeof *queue);
    }
    bool added;
    htab_insert(table, key_of(obj), procs, &added);
    if (HEAP_P(obj)) FL_SET(obj, FL_FINALIZE);
}

static void remove_entry(VALUE obj)
{
    htab_delete(table, key_of(obj));
    if (HEAP_P(obj)) FL_UNSET(obj, FL_FINALIZE);
}

/* ObjectSpace.define_finalizer(obj, aProc = proc()) */
static VALUE os_define_finalizer(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    VALUE obj = argv[0];
    VALUE callable = argc > 1 ? argv[1] : vm_block_proc();
    if (argc == 1 && NIL_P(callable))
        exc_raise(vm.c.ArgumentError, "tried to create Proc object without a block");
    if (!obj_respond_to(callable, ID_call))
        exc_raise(vm.c.ArgumentError, "wrong type argument %s (should be callable)", obj_classname(callable));
    if (SPECIAL_P(obj) && !FLONUM_P(obj))
        exc_raise(vm.c.ArgumentError, "cannot define finalizer for %s", obj_classname(obj));
    VALUE pair = ary_new_of(2, INT2FIX(vm_safe_level()), callable);
    VALUE procs = procs_of(obj);
    if (procs == Qundef) {
        procs = ary_new();
        add_entry(obj, procs);
    }
    ary_push(procs, pair);
    return pair;
}

/* ObjectSpace.undefine_finalizer(obj): obj */
static VALUE os_undefine_finalizer(VALUE self, int argc, const VALUE *argv)
{
    if (procs_of(argv[0]) != Qundef) remove_entry(argv[0]);
    return argv[0];
}

/* dup and clone (object.c): the copy shares src's finalizers. */
void finalizer_copy(VALUE dst, VALUE src)
{
    VALUE procs = procs_of(src);
    if (procs != Qundef && procs_of(dst) == Qundef) add_entry(dst, procs);
}

static void mark_finalizers(void)
{
    htab_mark(table);
    for (size_t i = qhead; i < qtail; i++) gc_mark(queue[i].procs);
}

/* In a collection, after marking: queue what the objects it did not reach
   had.  Allocates nothing. */
void finalizer_collect_dead(void)
{
    if (!htab_count(table)) return;
    VALUE key, procs;
    for (long i = htab_next(table, 0, &key, &procs); i >= 0; i = htab_next(table, i + 1, &key, &procs)) {
        VALUE obj = obj_of(key);
        if (!HEAP_P(obj) || gc_marked(obj)) continue;
        queue[qtail++] = (struct pending){ obj, procs };
        htab_delete_at(table, i);
    }
    if (qtail > qhead) {
        finalizer_pending = true;
        vm.interrupt = 1;
    }
}

/* ------------------------------------------------------------ running */
struct call_arg {
    VALUE callable, id;
};

static VALUE call_one(VALUE arg)
{
    struct call_arg *a = (struct call_arg *)arg;
    return vm_call1(a->callable, ID_call, a->id);
}

/* One object's finalizers, each at its $SAFE level, errors ignored.
   Returns TAG_FATAL if one was killing its thread (Thread.exit), else 0:
   in the main thread that is exit, ignored as the rest. */
static int run_procs(VALUE id, VALUE procs)
{
    struct thread *th = vm.th;
    VALUE errinfo = th->errinfo;
    int safe = th->safe_level, fatal = 0;
    for (long i = 0; i < RARRAY_LEN(procs); i++) {
        VALUE pair = RARRAY_PTR(procs)[i];
        if (!ARRAY_P(pair) || RARRAY_LEN(pair) < 2) continue;    /* the caller changed it */
        VALUE level = RARRAY_PTR(pair)[0];
        struct call_arg a = { RARRAY_PTR(pair)[1], id };
        if (FIXNUM_P(level) && FIX2LONG(level) >= 0 && FIX2LONG(level) <= 4) {
            vm_set_safe_level((int)FIX2LONG(level));   /* raises it as $SAFE= does */
            th->safe_level = (int)FIX2LONG(level);     /* or lowers it, as 1.8.7 does */
        }
        int state;
        vm_protect(call_one, (VALUE)&a, &state);
        th->safe_level = safe;
        if (state == TAG_FATAL && th != vm.main_th) fatal = state;
    }
    th->errinfo = errinfo;
    GC_GUARD(procs);
    return fatal;
}

/* The pending finalizers (vm_check_interrupts, GC.start).  A finalizer's
   own safe points do not start the next ones: this loop does.  One that
   kills its thread stops only itself: as in 1.8.7, the thread dies once
   the others have run. */
void finalizer_run_pending(void)
{
    if (running) return;
    running = true;
    int fatal = 0;
    while (qhead < qtail) {
        struct pending p = queue[qhead++];
        fatal |= run_procs(obj_id(p.obj), p.procs);
        GC_GUARD(p.procs);
    }
    qhead = qtail = 0;
    finalizer_pending = false;
    running = false;
    if (fatal) vm_jump_state(TAG_FATAL);
}

/* At exit: every finalizer defined so far, as the header says. */
void finalizer_run_at_exit(void)
{
    if (!table) return;
    running = true;
    finalizer_pending = false;
    bool was = gc_enable(false);     /* a collection would change what is read */
    VALUE batch = ary_new();
    for (size_t i = qhead; i < qtail; i++)
        ary_push(batch, ary_new_of(2, obj_id(queue[i].obj), queue[i].procs));
    long first_live = RARRAY_LEN(batch);
    VALUE key, procs;
    for (long i = htab_next(table, 0, &key, &procs); i >= 0; i = htab_next(table, i + 1, &key, &procs)) {
        VALUE obj = obj_of(key);
        if (HEAP_P(obj)) FL_UNSET(obj, FL_FINALIZE);
        ary_push(batch, ary_new_of(2, obj_id(obj), procs));
    }
    for (long i = first_live, j = RARRAY_LEN(batch) - 1; i < j; i++, j--) {   /* newest first */
        VALUE t = RARRAY_PTR(batch)[i];
        ary_store(batch, i, RARRAY_PTR(batch)[j]);
        ary_store(batch, j, t);
    }
    htab_delete_all(table);
    qhead = qtail = 0;
    gc_enable(was);
    for (long i = 0; i < RARRAY_LEN(batch); i++) {
        VALUE e = RARRAY_PTR(batch)[i];
        run_procs(RARRAY_PTR(e)[0], RARRAY_PTR(e)[1]);
    }
    GC_GUARD(batch);
}

void finalizer_init(void)
{
    table = htab_new();
    gc_register_marker(mark_finalizers);
    define_module_function(vm.c.ObjectSpace, "define_finalizer", os_define_finalizer, -1);
    define_module_function(vm.c.ObjectSpace, "undefine_finalizer", os_undefine_finalizer, 1);
}
