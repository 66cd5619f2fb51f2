/* enumerator.c: Enumerable::Enumerator (1.8.7's name; also the top-level
 * constant Enumerator for 1.9-style scripts), Kernel#to_enum/#enum_for,
 * and enumerator_for, which core methods call when given no block.
 *
 * An enumerator remembers (object, method, arguments) and calls that
 * method when iterated.  External iteration (#next) runs the method in a
 * generator (thread/generator.c), a green thread that computes one value
 * per #next, so an endless enumerator works; #rewind ends it.
 */
#include <stdlib.h>
#include "array.h"
#include "ruby/green.h"

struct enumerator {
    VALUE obj;
    ID meth;
    VALUE args;     /* Array of the method's arguments */
    VALUE gen;      /* #next: the generator, or nil before the first #next */
    bool done;      /* #next reached the end: StopIteration until #rewind */
};

static void enumerator_mark(void *p)
{
    struct enumerator *e = p;
    gc_mark(e->obj);
    gc_mark(e->args);
    gc_mark(e->gen);
}

static const struct data_type enumerator_type = { "enumerator", enumerator_mark, free, NULL };

static VALUE enumerator_alloc(VALUE klass)
{
    struct enumerator *e = xcalloc(1, sizeof *e);
    e->obj = e->args = e->gen = Qnil;
    e->meth = ID_each;
    return data_new(klass, &enumerator_type, e);
}

static struct enumerator *enumerator_get(VALUE self)
{
    struct enumerator *e = data_get(self, &enumerator_type);
    if (NIL_P(e->args)) exc_raise(vm.c.ArgumentError, "uninitialized enumerator");
    return e;
}

static void enumerator_set(VALUE self, VALUE obj, ID meth, int argc, const VALUE *argv)
{
    struct enumerator *e = data_get(self, &enumerator_type);
    e->obj = obj;
    e->meth = meth;
    e->args = ary_new_from(argc, argv);
    e->gen = Qnil;
    e->done = false;
}

VALUE enumerator_for(VALUE obj, const char *meth, int argc, const VALUE *argv)
{
    VALUE e = enumerator_alloc(vm.c.Enumerator);
    enumerator_set(e, obj, sym_intern_cstr(meth), argc, argv);
    return e;
}

/* Enumerable::Enumerator.new(obj, method = :each, *args) */
static VALUE enumerator_initialize(VALUE self, int argc, const VALUE *argv)
{
    if (argc < 1) exc_arity(argc, 1, -1);
    ID meth = argc > 1 ? conv_to_id(argv[1]) : ID_each;
    enumerator_set(self, argv[0], meth, argc > 2 ? argc - 2 : 0, argc > 2 ? argv + 2 : NULL);
    return self;
}

static VALUE enumerator_init_copy(VALUE self, int argc, const VALUE *argv)
{
    struct enumerator *src = enumerator_get(argv[0]);
    enumerator_set(self, src->obj, src->meth, (int)RARRAY_LEN(src->args), RARRAY_PTR(src->args));
    return self;
}

static VALUE enumerator_each(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return self;
    struct enumerator *e = enumerator_get(self);
    VALUE args = e->args;
    VALUE r = vm_call_with_block(e->obj, e->meth, (int)RARRAY_LEN(args), RARRAY_PTR(args), vm_current_block());
    GC_GUARD(args);
    return r;
}

static VALUE enumerator_with_index(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, sym_name(vm_current_mid()), 0, NULL);
    struct enumerator *e = enumerator_get(self);
    VALUE args = e->args;
    VALUE r = enum_with_index_of(e->obj, e->meth, (int)RARRAY_LEN(args), RARRAY_PTR(args));
    GC_GUARD(args);
    return r;
}

static VALUE enumerator_next(VALUE self, int argc, const VALUE *argv)
{
    struct enumerator *e = enumerator_get(self);
    if (!e->done && NIL_P(e->gen)) e->gen = gen_new(e->obj, e->meth, ary_dup(e->args));
    VALUE v = e->done ? Qundef : gen_next(e->gen);   /* may raise: the iteration's error */
    if (v != Qundef) return v;
    e->done = true;
    e->gen = Qnil;
    exc_raise(vm.c.StopIteration, "iteration reached at end");
}

static VALUE enumerator_rewind(VALUE self, int argc, const VALUE *argv)
{
    struct enumerator *e = enumerator_get(self);
    if (!NIL_P(e->gen)) gen_close(e->gen);
    e->gen = Qnil;
    e->done = false;
    return self;
}

/* Kernel#to_enum(method = :each, *args) */
static VALUE obj_to_enum(VALUE self, int argc, const VALUE *argv)
{
    ID meth = argc > 0 ? conv_to_id(argv[0]) : ID_each;
    VALUE e = enumerator_alloc(vm.c.Enumerator);
    enumerator_set(e, self, meth, argc > 1 ? argc - 1 : 0, argc > 1 ? argv + 1 : NULL);
    return e;
}

void enumerator_init(void)
{
    VALUE c = vm.c.Enumerator = class_define_under(vm.c.Enumerable, "Enumerator", vm.c.Object);
    define_global_const("Enumerator", c);   /* 1.9's name, for scripts written for it */
    class_set_allocator(c, enumerator_alloc);
    module_include(c, vm.c.Enumerable);
    define_private_method(c, "initialize", enumerator_initialize, -1);
    define_private_method(c, "initialize_copy", enumerator_init_copy, 1);
    define_method(c, "each", enumerator_each, 0);
    define_method(c, "each_with_index", enumerator_with_index, 0);
    define_method(c, "with_index", enumerator_with_index, 0);
    define_method(c, "next", enumerator_next, 0);
    define_method(c, "rewind", enumerator_rewind, 0);
    define_method(vm.c.Kernel, "to_enum", obj_to_enum, -1);
    define_method(vm.c.Kernel, "enum_for", obj_to_enum, -1);
}
