/* autoload.c: constants that load their file when first used (1.8.7).
 *
 * `autoload :Foo, "foo"` stores a marker in the constant table in Foo's
 * place: a hidden object holding the path.  The constant is defined for
 * defined?, const_defined? and constants, which do not load; every lookup
 * that wants the value (const_get_at, so all of them) finds the marker,
 * removes it and requires the file, as 1.8.7's rb_autoload_load did, then
 * looks again.  A file that does not define the constant leaves it
 * undefined (const_missing follows).
 */
#include "runtime/internal.h"

static VALUE marker_class;     /* hidden: no constant names it */
static ID id_path;

bool autoload_marker_p(VALUE v)
{
    return HEAP_P(v) && BUILTIN_TYPE(v) == T_OBJECT && RBASIC(v)->klass == marker_class;
}

/* The file to require for klass::id, or nil. */
static VALUE marker_path(VALUE klass, ID id)
{
    VALUE v = const_peek_at(klass, id);
    return autoload_marker_p(v) ? ivar_get(v, id_path) : Qnil;
}

void autoload_register(VALUE klass, ID id, VALUE path)
{
    if (!sym_is_const(id)) exc_name_error(id, "autoload must be constant name: %s", sym_name(id));
    path = conv_to_str(path);
    if (RSTRING_LEN(path) == 0) exc_raise(vm.c.ArgumentError, "empty file name");
    if (const_peek_at(klass, id) != Qundef) return;      /* defined, or already registered */
    VALUE marker = obj_alloc(marker_class);
    ivar_set(marker, id_path, obj_freeze(str_dup(path)));
    const_set(klass, id, marker);
}

/* Called by const_get_at on finding a marker: the value after loading,
   Qundef if the file did not define the constant. */
VALUE autoload_resolve(VALUE klass, ID id, VALUE marker)
{
    VALUE path = ivar_get(marker, id_path);
    const_delete_marker(klass, id, marker);
    vm_require(RSTRING_PTR(path));
    GC_GUARD(marker);
    GC_GUARD(path);
    return const_get_at(klass, id);
}

/* ------------------------------------------------------------ methods */
static VALUE cbase(void)
{
    return vm_caller_cref_class();
}

static VALUE k_autoload(VALUE self, int argc, const VALUE *argv)
{
    vm_check_safe_name(conv_to_str(argv[1]), "autoload");
    autoload_register(cbase(), conv_to_id(argv[0]), argv[1]);
    return Qnil;
}

static VALUE k_autoload_p(VALUE self, int argc, const VALUE *argv)
{
    return marker_path(cbase(), conv_to_id(argv[0]));
}

static VALUE mod_autoload(VALUE self, int argc, const VALUE *argv)
{
    vm_check_safe_name(conv_to_str(argv[1]), "autoload");
    autoload_register(self, conv_to_id(argv[0]), argv[1]);
    return Qnil;
}

static VALUE mod_autoload_p(VALUE self, int argc, const VALUE *argv)
{
    return marker_path(self, conv_to_id(argv[0]));
}

void autoload_init(void)
{
    marker_class = class_new(vm.c.Object);
    gc_register_root(&marker_class);
    id_path = sym_intern_cstr("__autoload_path__");
    define_global_function("autoload", k_autoload, 2);
    define_global_function("autoload?", k_autoload_p, 1);
    define_method(vm.c.Module, "autoload", mod_autoload, 2);
    define_method(vm.c.Module, "autoload?", mod_autoload_p, 1);
}
