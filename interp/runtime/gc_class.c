/* gc_class.c: the GC and ObjectSpace modules seen from Ruby. */
#include <stdlib.h>
#include "internal.h"

static VALUE gc_start_m(VALUE self, int argc, const VALUE *argv)
{
    gc_start();
    if (finalizer_pending) finalizer_run_pending();   /* as 1.8.7: before GC.start returns */
    return Qnil;
}

static VALUE gc_enable_m(VALUE self, int argc, const VALUE *argv) { return BOOL2V(!gc_enable(true)); }
static VALUE gc_disable_m(VALUE self, int argc, const VALUE *argv) { return BOOL2V(!gc_enable(false)); }
static VALUE gc_count_m(VALUE self, int argc, const VALUE *argv) { return int_new((long)gc_count()); }

struct each_object_arg {
    VALUE klass;
    VALUE found;
};

static void collect_object(VALUE obj, void *p)
{
    struct each_object_arg *a = p;
    enum vtype t = BUILTIN_TYPE(obj);
    if (t == T_ICLASS || (t == T_CLASS && FL_TEST(obj, FL_SINGLETON))) return;
    if (!a->klass || obj_is_kind_of(obj, a->klass)) ary_push(a->found, obj);
}

/* Collect first, then yield: yielding may allocate and move nothing, but
   the block could run the GC while the heap is being walked. */
static VALUE os_each_object(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(4);
    arity_check(argc, 0, 1);
    struct each_object_arg a = { argc ? argv[0] : 0, ary_new() };
    VALUE found = a.found;
    bool was = gc_enable(false);
    gc_each_object(collect_object, &a);
    gc_enable(was);
    for (long i = 0; i < RARRAY_LEN(found); i++) vm_yield1(RARRAY_PTR(found)[i]);
    return INT2FIX(RARRAY_LEN(found));
}

/* ObjectSpace::WeakCell (miniruby's, for weakref.rb): a reference that
   does not keep its object alive. */
static void weak_cell_free(void *p)
{
    gc_weak_unlink(p);
    free(p);
}

static const struct data_type weak_cell_type = { "WeakCell", NULL, weak_cell_free, NULL };

static VALUE weak_cell_alloc(VALUE klass)
{
    struct gc_weak *w = xmalloc(sizeof *w);
    w->obj = Qnil;
    w->dead = false;
    gc_weak_link(w);
    return data_new(klass, &weak_cell_type, w);
}

static VALUE weak_cell_initialize(VALUE self, int argc, const VALUE *argv)
{
    struct gc_weak *w = data_get(self, &weak_cell_type);
    w->obj = argv[0];
    w->dead = false;
    return self;
}

/* The object, or nil once it was collected. */
static VALUE weak_cell_get(VALUE self, int argc, const VALUE *argv)
{
    return ((struct gc_weak *)data_get(self, &weak_cell_type))->obj;
}

static VALUE weak_cell_alive_p(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(!((struct gc_weak *)data_get(self, &weak_cell_type))->dead);
}

static void weak_cell_init(void)
{
    VALUE c = class_define_under(vm.c.ObjectSpace, "WeakCell", vm.c.Object);
    class_set_allocator(c, weak_cell_alloc);
    define_private_method(c, "initialize", weak_cell_initialize, 1);
    define_method(c, "get", weak_cell_get, 0);
    define_method(c, "alive?", weak_cell_alive_p, 0);
}

static VALUE gc_stress_m(VALUE self, int argc, const VALUE *argv) { return BOOL2V(gc_stress()); }

static VALUE gc_set_stress_m(VALUE self, int argc, const VALUE *argv)
{
    gc_set_stress(RTEST(argv[0]));
    return argv[0];
}

/* The object whose object_id is id (object.c's obj_id, inverted):
   RangeError for an id no live object has. */
static VALUE os_id2ref(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(4);
    long id = num_to_long(argv[0]);
    if (id == 0) return Qfalse;
    if (id == 2) return Qtrue;
    if (id == 4) return Qnil;
    if (id & 1) return INT2FIX((id - 1) / 2);
    VALUE v = (VALUE)id;
    if (FLONUM_P(v)) return v;      /* every such word is some Float's */
    if (SYMBOL_P(v)) {
        if (SYM2ID(v) && SYM2ID(v) <= sym_count()) return v;
    } else if (!(id & 3) && (VALUE)id <= UINTPTR_MAX / 2) {
        v = (VALUE)id << 1;
        if (gc_is_object(v)) {
            switch (BUILTIN_TYPE(v)) {
            case T_ICLASS: case T_ENV: case T_MENTRY: case T_CREF: case T_SCRIPT: break;
            default: return v;
            }
        }
    }
    exc_raise(vm.c.RangeError, "0x%lx is not id value", (unsigned long)id);
}

void gc_class_init(void)
{
    vm.c.GC = module_define("GC");
    define_module_function(vm.c.GC, "start", gc_start_m, 0);
    define_module_function(vm.c.GC, "enable", gc_enable_m, 0);
    define_module_function(vm.c.GC, "disable", gc_disable_m, 0);
    define_module_function(vm.c.GC, "count", gc_count_m, 0);
    define_module_function(vm.c.GC, "stress", gc_stress_m, 0);
    define_module_function(vm.c.GC, "stress=", gc_set_stress_m, 1);
    vm.c.ObjectSpace = module_define("ObjectSpace");
    define_module_function(vm.c.ObjectSpace, "each_object", os_each_object, -1);
    define_module_function(vm.c.ObjectSpace, "garbage_collect", gc_start_m, 0);
    define_module_function(vm.c.ObjectSpace, "_id2ref", os_id2ref, 1);
    define_method(vm.c.Kernel, "garbage_collect", gc_start_m, 0);
    weak_cell_init();
    finalizer_init();
}
