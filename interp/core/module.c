/* module.c: the methods of Module and Class: comparison and ancestry,
 * include/extend hooks, constants and class variables by name, method
 * visibility, attr_*, alias_method, define_method, Class.new and #new. */
#include "runtime/internal.h"
#include "runtime/idtab.h"

static VALUE check_module(VALUE v)
{
    if (!TYPE_P(v, T_CLASS) && !TYPE_P(v, T_MODULE)) exc_raise(vm.c.TypeError, "compared with non class/module");
    return v;
}

/* ------------------------------------------------------------ comparison, ancestry */
static VALUE mod_eqq(VALUE self, int argc, const VALUE *argv) { return BOOL2V(obj_is_kind_of(argv[0], self)); }

static VALUE mod_le(VALUE self, int argc, const VALUE *argv)
{
    VALUE o = check_module(argv[0]);
    if (self == o || class_inherits(self, o)) return Qtrue;
    return class_inherits(o, self) ? Qfalse : Qnil;
}

static VALUE mod_lt(VALUE self, int argc, const VALUE *argv)
{
    return self == check_module(argv[0]) ? Qfalse : mod_le(self, argc, argv);
}

static VALUE mod_ge(VALUE self, int argc, const VALUE *argv)
{
    VALUE o = check_module(argv[0]);
    return mod_le(o, 1, &self);
}

static VALUE mod_gt(VALUE self, int argc, const VALUE *argv)
{
    return self == check_module(argv[0]) ? Qfalse : mod_ge(self, argc, argv);
}

static VALUE mod_cmp(VALUE self, int argc, const VALUE *argv)
{
    VALUE o = argv[0];
    if (self == o) return INT2FIX(0);
    if (!TYPE_P(o, T_CLASS) && !TYPE_P(o, T_MODULE)) return Qnil;
    if (class_inherits(self, o)) return INT2FIX(-1);
    if (class_inherits(o, self)) return INT2FIX(1);
    return Qnil;
}

static VALUE mod_ancestors(VALUE self, int argc, const VALUE *argv) { return class_ancestors(self); }

static VALUE mod_included_modules(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = ary_new();
    for (VALUE k = RCLASS(self)->super; k; k = RCLASS(k)->super)
        if (BUILTIN_TYPE(k) == T_ICLASS) ary_push(ary, iclass_module(k));
    return ary;
}

static VALUE mod_include_p(VALUE self, int argc, const VALUE *argv)
{
    if (!TYPE_P(argv[0], T_MODULE)) exc_wrong_type(argv[0], "Module");
    return BOOL2V(self != argv[0] && class_inherits(self, argv[0]));
}

static VALUE mod_name(VALUE self, int argc, const VALUE *argv)
{
    VALUE p = RCLASS_EXT(self)->path;
    return p ? str_dup(p) : str_new("", 0);
}

static VALUE mod_to_s(VALUE self, int argc, const VALUE *argv) { return str_dup(class_path(self)); }

/* ------------------------------------------------------------ include / extend */
static VALUE mod_include(VALUE self, int argc, const VALUE *argv)
{
    if (argc == 0) exc_arity(0, 1, -1);
    for (int i = 0; i < argc; i++)
        if (!TYPE_P(argv[i], T_MODULE)) exc_wrong_type(argv[i], "Module");
    for (int i = argc - 1; i >= 0; i--) {
        vm_call1(argv[i], ID_append_features, self);
        vm_call1(argv[i], ID_included, self);
    }
    return self;
}

/* (level 4 may still include into, or extend, a tainted class or object) */
static VALUE mod_append_features(VALUE self, int argc, const VALUE *argv)
{
    if (!HEAP_P(argv[0]) || !FL_TEST(argv[0], FL_TAINT)) vm_secure(4);
    if (!TYPE_P(argv[0], T_CLASS) && !TYPE_P(argv[0], T_MODULE)) exc_wrong_type(argv[0], "Class");
    module_include(argv[0], self);
    return self;
}

static VALUE mod_extend_object(VALUE self, int argc, const VALUE *argv)
{
    if (!HEAP_P(argv[0]) || !FL_TEST(argv[0], FL_TAINT)) vm_secure(4);
    obj_extend(argv[0], self);
    return argv[0];
}

static VALUE mod_nop(VALUE self, int argc, const VALUE *argv) { return Qnil; }

/* ------------------------------------------------------------ constants */
static ID const_name(VALUE name)
{
    ID id = conv_to_id(name);
    if (!sym_is_const(id)) exc_name_error(id, "wrong constant name %s", sym_name(id));
    return id;
}

static VALUE mod_const_get(VALUE self, int argc, const VALUE *argv)
{
    return const_get(self, const_name(argv[0]));
}

static VALUE mod_const_set(VALUE self, int argc, const VALUE *argv)
{
    const_set(self, const_name(argv[0]), argv[1]);
    return argv[1];
}

/* 1.8.7 asks the module itself only (Object included when it is Object) */
static VALUE mod_const_defined(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(const_peek_at(self, const_name(argv[0])) != Qundef);
}

static VALUE mod_constants(VALUE self, int argc, const VALUE *argv) { return class_constants(self, true); }
static VALUE mod_remove_const(VALUE self, int argc, const VALUE *argv)
{
    ID id = conv_to_id(argv[0]);
    if (!sym_is_const(id)) exc_name_error(id, "`%s' is not allowed as a constant name", sym_name(id));
    return const_remove(self, id);
}

static VALUE mod_const_missing(VALUE self, int argc, const VALUE *argv)
{
    ID id = conv_to_id(argv[0]);
    VALUE msg = self == vm.c.Object ? str_new_fmt("uninitialized constant %s", sym_name(id))
        : str_new_fmt("uninitialized constant %s::%s", class_name(self), sym_name(id));
    VALUE exc = exc_new_str(vm.c.NameError, msg);
    ivar_set(exc, sym_intern_cstr("name"), ID2SYM(id));
    /* 1.8.7 pops const_missing's frame: the report points at the reference */
    struct frame *f = vm.th->frame;
    exc_set_backtrace(exc, exc_backtrace_here(f && f->mid == ID_const_missing && (f->flags & FRAME_CFUNC)));
    exc_raise_obj(exc);
}

static VALUE mod_s_nesting(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = ary_new();
    for (VALUE c = vm_cref(); c && RCREF(c)->prev; c = RCREF(c)->prev) ary_push(ary, RCREF(c)->klass);
    return ary;
}

/* ------------------------------------------------------------ class variables */
static ID cvar_name(VALUE name)
{
    ID id = conv_to_id(name);
    if (!sym_is_cvar(id)) exc_name_error(id, "`%s' is not allowed as a class variable name", sym_name(id));
    return id;
}

static VALUE mod_cvars(VALUE self, int argc, const VALUE *argv) { return class_cvars(self); }
static VALUE mod_cvar_get(VALUE self, int argc, const VALUE *argv) { return cvar_get(self, cvar_name(argv[0])); }

static VALUE mod_cvar_set(VALUE self, int argc, const VALUE *argv)
{
    cvar_set(self, cvar_name(argv[0]), argv[1], true);
    return argv[1];
}

static VALUE mod_cvar_defined(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(cvar_defined(self, cvar_name(argv[0])));
}

static VALUE mod_remove_cvar(VALUE self, int argc, const VALUE *argv)
{
    ID id = conv_to_id(argv[0]);
    if (!sym_is_cvar(id)) exc_name_error(id, "wrong class variable name %s", sym_name(id));
    if (OBJ_FROZEN(self)) exc_raise(vm.c.TypeError, "can't modify frozen class/module");
    VALUE v = cvar_remove(self, id);
    if (v != Qundef) return v;
    if (cvar_defined(self, id)) exc_name_error(id, "cannot remove %s for %s", sym_name(id), class_name(self));
    exc_name_error(id, "class variable %s not defined for %s", sym_name(id), class_name(self));
}

/* ------------------------------------------------------------ methods by name */
static VALUE methods_list(VALUE self, int argc, const VALUE *argv, int mask)
{
    arity_check(argc, 0, 1);
    bool inherit = argc == 0 || RTEST(argv[0]);
    return class_instance_methods(self, inherit, mask);
}

static VALUE mod_instance_methods(VALUE self, int argc, const VALUE *argv)
{
    return methods_list(self, argc, argv, (1 << VIS_PUBLIC) | (1 << VIS_PROTECTED));
}

static VALUE mod_public_imethods(VALUE self, int argc, const VALUE *argv) { return methods_list(self, argc, argv, 1 << VIS_PUBLIC); }
static VALUE mod_private_imethods(VALUE self, int argc, const VALUE *argv) { return methods_list(self, argc, argv, 1 << VIS_PRIVATE); }
static VALUE mod_protected_imethods(VALUE self, int argc, const VALUE *argv) { return methods_list(self, argc, argv, 1 << VIS_PROTECTED); }

static VALUE mod_method_defined(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(class_method_defined(self, conv_to_id(argv[0]), (1 << VIS_PUBLIC) | (1 << VIS_PROTECTED)));
}

static VALUE mod_public_method_defined(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(class_method_defined(self, conv_to_id(argv[0]), 1 << VIS_PUBLIC));
}

static VALUE mod_private_method_defined(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(class_method_defined(self, conv_to_id(argv[0]), 1 << VIS_PRIVATE));
}

static VALUE mod_protected_method_defined(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(class_method_defined(self, conv_to_id(argv[0]), 1 << VIS_PROTECTED));
}

static VALUE mod_instance_method(VALUE self, int argc, const VALUE *argv)
{
    ID mid = conv_to_id(argv[0]);
    VALUE me = class_lookup_method(self, mid);
    if (!me) exc_name_error(mid, "undefined method `%s' for class `%s'", sym_name(mid), class_name(self));
    return method_new(self, mid, me, false);
}

/* ------------------------------------------------------------ visibility */
static void set_visibility(VALUE self, int argc, const VALUE *argv, enum visibility visi)
{
    if (vm_safe_level() >= 4 && !FL_TEST(self, FL_TAINT))
        exc_raise(vm.c.SecurityError, "Insecure: can't change method visibility");
    if (argc == 0) {
        struct frame *f = vm_ruby_frame();
        if (f) f->visi = (uint8_t)visi;
        return;
    }
    for (int i = 0; i < argc; i++) class_set_visibility(self, conv_to_id(argv[i]), visi);
}

static VALUE mod_public(VALUE self, int argc, const VALUE *argv) { set_visibility(self, argc, argv, VIS_PUBLIC); return self; }
static VALUE mod_private(VALUE self, int argc, const VALUE *argv) { set_visibility(self, argc, argv, VIS_PRIVATE); return self; }
static VALUE mod_protected(VALUE self, int argc, const VALUE *argv) { set_visibility(self, argc, argv, VIS_PROTECTED); return self; }

static VALUE mod_module_function(VALUE self, int argc, const VALUE *argv)
{
    if (!TYPE_P(self, T_MODULE)) exc_raise(vm.c.TypeError, "module_function must be called for modules");
    if (argc == 0) {
        struct frame *f = vm_ruby_frame();
        if (f) f->visi = VIS_MODFUNC;
        return self;
    }
    VALUE meta = singleton_class(self);
    for (int i = 0; i < argc; i++) {
        ID mid = conv_to_id(argv[i]);
        VALUE me = class_lookup_method(self, mid);
        if (!me) exc_name_error(mid, "undefined method `%s' for module `%s'", sym_name(mid), class_name(self));
        /* a copy: the module's own entry becomes private, this one stays public */
        VALUE copy = me_new(ME_TYPE(me), ME_NAME(me), meta, VIS_PUBLIC);
        RMENTRY(copy)->body = RMENTRY(me)->body;
        RMENTRY(copy)->aux = RMENTRY(me)->aux;
        RMENTRY(copy)->cref = RMENTRY(me)->cref;
        class_add_method(meta, mid, copy);
        class_set_visibility(self, mid, VIS_PRIVATE);
    }
    return self;
}

static VALUE class_method_visibility(VALUE self, int argc, const VALUE *argv, enum visibility visi)
{
    VALUE meta = singleton_class(self);
    for (int i = 0; i < argc; i++) class_set_visibility(meta, conv_to_id(argv[i]), visi);
    return Qnil;
}

static VALUE mod_private_class_method(VALUE self, int argc, const VALUE *argv)
{
    return class_method_visibility(self, argc, argv, VIS_PRIVATE);
}

static VALUE mod_public_class_method(VALUE self, int argc, const VALUE *argv)
{
    return class_method_visibility(self, argc, argv, VIS_PUBLIC);
}

/* ------------------------------------------------------------ attr, alias, define */
static void attr_define(VALUE self, VALUE name, bool reader, bool writer)
{
    ID id = conv_to_id(name);
    if (!sym_is_local(id) && !sym_is_const(id)) exc_name_error(id, "invalid attribute name `%s'", sym_name(id));
    define_attr(self, id, reader, writer);
    struct frame *f = vm_ruby_frame();
    enum visibility visi = f ? (enum visibility)f->visi : VIS_PUBLIC;
    /* 1.8.7: private either way (no module function is made), with a warning */
    if (visi == VIS_MODFUNC) {
        visi = VIS_PRIVATE;
        if (vm.verbose > 1) exc_warn("attribute accessor as module_function");
    } else if (visi == VIS_PRIVATE && vm.verbose > 1) {
        exc_warn("private attribute?");
    }
    if (visi != VIS_PUBLIC) {
        if (reader) class_set_visibility(self, id, visi);
        if (writer) class_set_visibility(self, sym_attrset(id), visi);
    }
}

static VALUE mod_attr_reader(VALUE self, int argc, const VALUE *argv)
{
    for (int i = 0; i < argc; i++) attr_define(self, argv[i], true, false);
    return Qnil;
}

static VALUE mod_attr_writer(VALUE self, int argc, const VALUE *argv)
{
    for (int i = 0; i < argc; i++) attr_define(self, argv[i], false, true);
    return Qnil;
}

static VALUE mod_attr_accessor(VALUE self, int argc, const VALUE *argv)
{
    for (int i = 0; i < argc; i++) attr_define(self, argv[i], true, true);
    return Qnil;
}

static VALUE mod_attr(VALUE self, int argc, const VALUE *argv)
{
    if (argc == 2 && (argv[1] == Qtrue || argv[1] == Qfalse)) {
        attr_define(self, argv[0], true, argv[1] == Qtrue);
        return Qnil;
    }
    return mod_attr_reader(self, argc, argv);
}

static VALUE mod_alias_method(VALUE self, int argc, const VALUE *argv)
{
    ID new_name = conv_to_id(argv[0]);
    class_alias_method(self, new_name, conv_to_id(argv[1]));
    vm_call1(self, ID_method_added, ID2SYM(new_name));
    return self;
}

static VALUE mod_remove_method(VALUE self, int argc, const VALUE *argv)
{
    for (int i = 0; i < argc; i++) class_remove_method(self, conv_to_id(argv[i]));
    return self;
}

static VALUE mod_undef_method(VALUE self, int argc, const VALUE *argv)
{
    for (int i = 0; i < argc; i++) class_undef_method(self, conv_to_id(argv[i]));
    return self;
}

static VALUE mod_define_method(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    ID mid = conv_to_id(argv[0]);
    VALUE body;
    if (argc == 2) body = argv[1];
    else if (vm_block_given()) body = proc_new(vm_current_block(), true);
    else exc_raise(vm.c.ArgumentError, "tried to create Proc object without a block");
    return vm_define_method_body(self, mid, body, VIS_PUBLIC);
}

static VALUE mod_freeze(VALUE self, int argc, const VALUE *argv)
{
    class_path(self);
    return obj_freeze(self);
}

/* A fresh copy (dup, clone, a class) owns its method table; a live module
   may be included, and its include classes share the table: they keep the
   old one, as in 1.8.7 (class_gc_mark marks it through them; never freed). */
static VALUE mod_init_copy(VALUE self, int argc, const VALUE *argv)
{
    VALUE orig = argv[0];
    if (!HEAP_P(orig) || BUILTIN_TYPE(orig) != BUILTIN_TYPE(self))
        exc_raise(vm.c.TypeError, "initialize_copy should take same class object");
    bool fresh = TYPE_P(self, T_CLASS) || FL_TEST(self, CLASS_COPY_PENDING);
    FL_UNSET(self, CLASS_COPY_PENDING);
    struct RClass *dst = RCLASS(self), *src = RCLASS(orig);
    struct idtab *old = dst->m_tbl;
    dst->m_tbl = self == orig ? idtab_new() : idtab_copy(src->m_tbl);   /* 1.8.7 empties a self-copy */
    if (fresh) idtab_free(old);
    dst->super = src->super;
    if (src->ext->const_tbl) dst->ext->const_tbl = idtab_copy(src->ext->const_tbl);
    if (src->ext->iv_tbl) dst->ext->iv_tbl = idtab_copy(src->ext->iv_tbl);
    dst->ext->allocator = src->ext->allocator;
    vm.method_state++;
    return self;
}

/* A class copies another only while it is a fresh dup or clone: String
   must not become Fixnum. */
static VALUE class_init_copy(VALUE self, int argc, const VALUE *argv)
{
    VALUE orig = argv[0];
    if (!FL_TEST(self, CLASS_COPY_PENDING)) exc_raise(vm.c.TypeError, "already initialized class");
    if (!TYPE_P(orig, T_CLASS)) exc_raise(vm.c.TypeError, "initialize_copy should take same class object");
    if (FL_TEST(orig, FL_SINGLETON)) exc_raise(vm.c.TypeError, "can't copy singleton class");
    FL_UNSET(self, CLASS_COPY_PENDING);
    return mod_init_copy(self, argc, argv);
}

/* ------------------------------------------------------------ Module.new, Class */
static VALUE eval_body_under(VALUE mod)
{
    const struct block *blk = vm_current_block();
    if (blk) vm_call_with_block(mod, ID_module_eval, 0, NULL, blk);
    return mod;
}

static VALUE module_s_alloc(VALUE klass)
{
    VALUE m = module_new();
    RBASIC(m)->klass = klass;
    return m;
}

static VALUE mod_initialize(VALUE self, int argc, const VALUE *argv)
{
    eval_body_under(self);
    return Qnil;   /* as 1.8.7's: new returns the module, not this */
}

/* Class.new makes classes without it: every class that gets here is
   initialized already. */
static VALUE class_initialize(VALUE self, int argc, const VALUE *argv)
{
    exc_raise(vm.c.TypeError, "already initialized class");
    return Qnil;
}

static VALUE class_s_new(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    VALUE super = argc ? argv[0] : vm.c.Object;
    if (!TYPE_P(super, T_CLASS)) exc_raise(vm.c.TypeError, "superclass must be a Class (%s given)", obj_classname(super));
    VALUE klass = class_new(super);
    vm_call1(super, ID_inherited, klass);
    return eval_body_under(klass);
}

static VALUE class_new_m(VALUE self, int argc, const VALUE *argv)
{
    VALUE obj = class_allocate(self);
    vm_call_with_block(obj, ID_initialize, argc, argv, vm_current_block());
    return obj;
}

static VALUE class_allocate_m(VALUE self, int argc, const VALUE *argv) { return class_allocate(self); }
static VALUE class_superclass_m(VALUE self, int argc, const VALUE *argv) { return class_superclass(self); }

void module_init(void)
{
    VALUE m = vm.c.Module;
    class_set_allocator(m, module_s_alloc);
    define_method(m, "===", mod_eqq, 1);
    define_method(m, "<", mod_lt, 1);
    define_method(m, "<=", mod_le, 1);
    define_method(m, ">", mod_gt, 1);
    define_method(m, ">=", mod_ge, 1);
    define_method(m, "<=>", mod_cmp, 1);
    define_method(m, "ancestors", mod_ancestors, 0);
    define_method(m, "included_modules", mod_included_modules, 0);
    define_method(m, "include?", mod_include_p, 1);
    define_method(m, "name", mod_name, 0);
    define_method(m, "to_s", mod_to_s, 0);
    define_method(m, "inspect", mod_to_s, 0);
    define_private_method(m, "include", mod_include, -1);
    define_private_method(m, "append_features", mod_append_features, 1);
    define_private_method(m, "extend_object", mod_extend_object, 1);
    define_private_method(m, "included", mod_nop, 1);
    define_private_method(m, "extended", mod_nop, 1);
    define_private_method(m, "method_added", mod_nop, 1);
    define_private_method(m, "method_removed", mod_nop, 1);
    define_private_method(m, "method_undefined", mod_nop, 1);
    define_method(m, "const_get", mod_const_get, 1);
    define_method(m, "const_set", mod_const_set, 2);
    define_method(m, "const_defined?", mod_const_defined, 1);
    define_method(m, "constants", mod_constants, 0);
    define_private_method(m, "remove_const", mod_remove_const, 1);
    define_method(m, "const_missing", mod_const_missing, 1);
    define_singleton_method(m, "nesting", mod_s_nesting, 0);
    define_method(m, "class_variables", mod_cvars, 0);
    define_private_method(m, "class_variable_get", mod_cvar_get, 1);   /* private in 1.8.7 */
    define_private_method(m, "class_variable_set", mod_cvar_set, 2);
    define_private_method(m, "remove_class_variable", mod_remove_cvar, 1);
    define_method(m, "class_variable_defined?", mod_cvar_defined, 1);
    define_method(m, "instance_methods", mod_instance_methods, -1);
    define_method(m, "public_instance_methods", mod_public_imethods, -1);
    define_method(m, "private_instance_methods", mod_private_imethods, -1);
    define_method(m, "protected_instance_methods", mod_protected_imethods, -1);
    define_method(m, "method_defined?", mod_method_defined, 1);
    define_method(m, "public_method_defined?", mod_public_method_defined, 1);
    define_method(m, "private_method_defined?", mod_private_method_defined, 1);
    define_method(m, "protected_method_defined?", mod_protected_method_defined, 1);
    define_method(m, "instance_method", mod_instance_method, 1);
    define_private_method(m, "public", mod_public, -1);
    define_private_method(m, "private", mod_private, -1);
    define_private_method(m, "protected", mod_protected, -1);
    define_private_method(m, "module_function", mod_module_function, -1);
    define_method(m, "private_class_method", mod_private_class_method, -1);
    define_method(m, "public_class_method", mod_public_class_method, -1);
    define_private_method(m, "attr", mod_attr, -1);
    define_private_method(m, "attr_reader", mod_attr_reader, -1);
    define_private_method(m, "attr_writer", mod_attr_writer, -1);
    define_private_method(m, "attr_accessor", mod_attr_accessor, -1);
    define_private_method(m, "alias_method", mod_alias_method, 2);
    define_private_method(m, "remove_method", mod_remove_method, -1);
    define_private_method(m, "undef_method", mod_undef_method, -1);
    define_private_method(m, "define_method", mod_define_method, -1);
    define_method(m, "freeze", mod_freeze, 0);
    define_method(m, "initialize_copy", mod_init_copy, 1);
    define_private_method(m, "initialize", mod_initialize, 0);

    VALUE c = vm.c.Class;
    define_singleton_method(c, "new", class_s_new, -1);
    define_method(c, "new", class_new_m, -1);
    define_method(c, "allocate", class_allocate_m, 0);
    define_private_method(c, "initialize_copy", class_init_copy, 1);
    define_private_method(c, "initialize", class_initialize, -1);
    define_method(c, "superclass", class_superclass_m, 0);
    define_private_method(c, "inherited", mod_nop, 1);
    undef_method(c, "append_features");
    undef_method(c, "module_function");
}
