/* object.c: Object and Kernel's instance methods, nil/true/false, object
 * identity, copying, freezing, inspection, and the implicit conversions
 * (to_str, to_ary, to_int ...) the rest of the interpreter relies on. */
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "idtab.h"

/* ------------------------------------------------------------ allocation */
VALUE obj_alloc(VALUE klass)
{
    VALUE obj = gc_new_obj(T_OBJECT, klass);
    for (int i = 0; i < ROBJ_EMBED; i++) ROBJECT(obj)->iv.ary[i] = Qundef;
    return obj;
}

/* ------------------------------------------------------------ identity, equality */
VALUE obj_id(VALUE obj)
{
    if (FIXNUM_P(obj)) return int_new(2 * FIX2LONG(obj) + 1);
    if (obj == Qnil || obj == Qtrue || obj == Qfalse) return INT2FIX((long)obj);  /* 4, 2, 0 as in 1.8 */
    if (SYMBOL_P(obj)) return int_new((long)obj);    /* 1.8: even, not 0 mod 4: no other id */
    if (FLONUM_P(obj)) return int_new((long)obj);    /* 2 mod 8, never a Symbol's 0x0e */
    return int_new((long)(obj >> 1));                /* 0 mod 4 */
}

bool obj_equal(VALUE a, VALUE b)
{
    if (a == b) return true;
    if (FIXNUM_P(a) && FIXNUM_P(b)) return false;
    if (STRING_P(a) && STRING_P(b)) return str_equal(a, b);
    return RTEST(vm_call1(a, ID_eq, b));
}

bool obj_eql(VALUE a, VALUE b)
{
    if (a == b) return true;
    if (FIXNUM_P(a) || SYMBOL_P(a)) return false;
    return RTEST(vm_call1(a, ID_eql_p, b));
}

long obj_hash(VALUE obj)
{
    if (FIXNUM_P(obj) || SYMBOL_P(obj) || (!HEAP_P(obj) && !FLONUM_P(obj))) return (long)obj;
    if (STRING_P(obj)) return str_hash(obj);
    VALUE h = vm_call0(obj, ID_hash);
    if (FIXNUM_P(h)) return FIX2LONG(h);
    if (BIGNUM_P(h)) return (long)mpz_get_si(RBIGNUM(h)->mp);
    return (long)h;
}

static VALUE k_equal(VALUE self, int argc, const VALUE *argv) { return BOOL2V(self == argv[0]); }
static VALUE k_eqq(VALUE self, int argc, const VALUE *argv) { return BOOL2V(obj_equal(self, argv[0])); }
static VALUE k_match(VALUE self, int argc, const VALUE *argv) { return Qfalse; }
/* Identity hash: mix the bits so that small Fixnums do not collide. */
static VALUE k_hash(VALUE self, int argc, const VALUE *argv)
{
    uint64_t h = (uint64_t)self * 0x9E3779B97F4A7C15ull;
    return INT2FIX((long)(h >> 2) >> 1);
}
static VALUE k_id(VALUE self, int argc, const VALUE *argv) { return obj_id(self); }
static VALUE k_class(VALUE self, int argc, const VALUE *argv) { return obj_class(self); }

/* Object#id and Object#type: 1.8.7 warns on each call (not under -W0) */
static VALUE k_id_deprecated(VALUE self, int argc, const VALUE *argv)
{
    exc_warn("Object#id will be deprecated; use Object#object_id");
    return obj_id(self);
}

static VALUE k_type_deprecated(VALUE self, int argc, const VALUE *argv)
{
    exc_warn("Object#type is deprecated; use Object#class");
    return obj_class(self);
}
static VALUE k_nil_p(VALUE self, int argc, const VALUE *argv) { return Qfalse; }

static VALUE k_singleton_class(VALUE self, int argc, const VALUE *argv) { return singleton_class(self); }

/* ------------------------------------------------------------ to_s and inspect */
VALUE obj_any_to_s(VALUE obj)
{
    return obj_infect(str_new_fmt("#<%s:0x%lx>", class_name(obj_class(obj)), (unsigned long)obj), obj);
}

VALUE obj_to_s(VALUE obj)
{
    if (STRING_P(obj)) return obj;
    VALUE s = vm_call0(obj, ID_to_s);
    return STRING_P(s) ? s : obj_any_to_s(obj);
}

VALUE obj_inspect(VALUE obj)
{
    VALUE s = vm_call0(obj, ID_inspect);
    return STRING_P(s) ? s : obj_to_s(s);
}

/* The guard is the thread's own "inspect" set (hash_exec_recursive), left
   by an ensure: threads inspect side by side, and an inspect may raise. */
static VALUE inspect_ivars_body(VALUE obj, VALUE names, bool recursive)
{
    VALUE s = str_new_fmt("#<%s:0x%lx", class_name(obj_class(obj)), (unsigned long)obj);
    if (recursive) return str_cat_cstr(s, " ...>");
    for (long i = 0; i < RARRAY_LEN(names); i++) {
        VALUE name = RARRAY_PTR(names)[i];
        VALUE v = obj_inspect(ivar_get(obj, str_to_id(name)));
        str_cat_fmt(s, "%s %s=", i ? "," : "", RSTRING_PTR(name));
        str_append(s, v);
    }
    return str_cat_cstr(s, ">");
}

static VALUE inspect_ivars(VALUE obj)
{
    return hash_exec_recursive(inspect_ivars_body, obj, obj_instance_variables(obj), "inspect");
}

/* 1.8: objects with instance variables show them; otherwise to_s. */
VALUE obj_default_inspect(VALUE obj)
{
    if (TYPE_P(obj, T_OBJECT) && RARRAY_LEN(obj_instance_variables(obj)) > 0) return inspect_ivars(obj);
    return obj_to_s(obj);
}

static VALUE k_to_s(VALUE self, int argc, const VALUE *argv) { return obj_any_to_s(self); }
static VALUE k_inspect(VALUE self, int argc, const VALUE *argv) { return obj_default_inspect(self); }

static VALUE k_to_a(VALUE self, int argc, const VALUE *argv)
{
    exc_warn("default `to_a' will be obsolete");
    return ary_new_of(1, self);
}

/* ------------------------------------------------------------ kinds */
static VALUE check_module_arg(VALUE k)
{
    if (!TYPE_P(k, T_CLASS) && !TYPE_P(k, T_MODULE)) exc_raise(vm.c.TypeError, "class or module required");
    return k;
}

static VALUE k_kind_of(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(obj_is_kind_of(self, check_module_arg(argv[0])));
}

static VALUE k_instance_of(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(obj_class(self) == check_module_arg(argv[0]));
}

bool obj_respond_to(VALUE obj, ID mid) { return vm_respond_to(obj, mid, false); }

static VALUE k_respond_to(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    VALUE me = class_lookup_method_cached(class_of(self), conv_to_id(argv[0]));
    if (!me) return Qfalse;
    if (ME_VISI(me) == VIS_PRIVATE && !(argc > 1 && RTEST(argv[1]))) return Qfalse;
    return Qtrue;
}

/* ------------------------------------------------------------ freezing, tainting */
VALUE obj_freeze(VALUE obj)
{
    if (!HEAP_P(obj) || FL_TEST(obj, FL_FROZEN)) return obj;
    if (UNLIKELY(vm_safe_max >= 4) && vm_safe_level() >= 4 && !FL_TEST(obj, FL_TAINT))
        exc_raise(vm.c.SecurityError, "Insecure: can't freeze object");
    FL_SET(obj, FL_FROZEN);
    return obj;
}

void obj_check_frozen(VALUE obj)
{
    if (HEAP_P(obj) && FL_TEST(obj, FL_FROZEN)) exc_frozen(obj);
}

static VALUE k_freeze(VALUE self, int argc, const VALUE *argv) { return obj_freeze(self); }
/* 1.8: immediates (Fixnum, Symbol, nil, true, false) are never frozen */
static VALUE k_frozen_p(VALUE self, int argc, const VALUE *argv) { return BOOL2V(HEAP_P(self) && OBJ_FROZEN(self)); }

/* 1.8.7: only a change of the flag is refused on a frozen object */
static VALUE k_taint(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(4);
    if (!HEAP_P(self) || FL_TEST(self, FL_TAINT)) return self;
    if (FL_TEST(self, FL_FROZEN)) exc_raise(vm.c.TypeError, "can't modify frozen object");
    FL_SET(self, FL_TAINT);
    return self;
}

static VALUE k_untaint(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(3);
    if (!HEAP_P(self) || !FL_TEST(self, FL_TAINT)) return self;
    if (FL_TEST(self, FL_FROZEN)) exc_raise(vm.c.TypeError, "can't modify frozen object");
    FL_UNSET(self, FL_TAINT);
    return self;
}

static VALUE k_tainted_p(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(HEAP_P(self) && FL_TEST(self, FL_TAINT));
}

/* ------------------------------------------------------------ copying */
void obj_init_copy(VALUE dst, VALUE src)
{
    if (dst == src) return;
    if (obj_class(dst) != obj_class(src))
        exc_raise(vm.c.TypeError, "initialize_copy should take same class object");
}

static VALUE copy_object(VALUE obj)
{
    if (SPECIAL_P(obj) || FLOAT_P(obj) || BIGNUM_P(obj) ||
        TYPE_P(obj, T_ENV) || TYPE_P(obj, T_MENTRY))
        exc_raise(vm.c.TypeError, "can't dup %s", obj_classname(obj));
    VALUE klass = obj_class(obj);
    VALUE copy;
    if (TYPE_P(obj, T_CLASS) || TYPE_P(obj, T_MODULE)) {
        copy = BUILTIN_TYPE(obj) == T_CLASS ? class_new(class_superclass(obj) == Qnil ? 0 : class_superclass(obj))
                                            : module_new();
        FL_SET(copy, CLASS_COPY_PENDING);
    } else {
        copy = class_allocate(klass);
    }
    ivar_copy(copy, obj);
    if (FL_TEST(obj, FL_FINALIZE)) finalizer_copy(copy, obj);   /* as 1.8.7's init_copy */
    vm_call1(copy, ID_initialize_copy, obj);
    if (FL_TEST(obj, FL_TAINT)) FL_SET(copy, FL_TAINT);
    return copy;
}

VALUE obj_dup(VALUE obj) { return copy_object(obj); }

/* clone's part: obj's singleton methods and extended modules on copy */
void obj_copy_singleton(VALUE copy, VALUE obj)
{
    VALUE k = RBASIC(obj)->klass;
    if (FL_TEST(k, FL_SINGLETON) && RCLASS_EXT(k)->attached == obj) {
        /* the copy gets a singleton class with the same methods and the
           same extended modules (for a class: its class methods) */
        VALUE meta = singleton_class(copy);
        struct idtab *src = RCLASS(k)->m_tbl;
        IDTAB_FOREACH(src, e) class_add_method(meta, e->key, e->val);
        int n = 0;
        for (VALUE p = RCLASS(k)->super; p && BUILTIN_TYPE(p) == T_ICLASS; p = RCLASS(p)->super) n++;
        for (int i = n - 1; i >= 0; i--) {   /* deepest first: each goes on top */
            VALUE p = RCLASS(k)->super;
            for (int j = 0; j < i; j++) p = RCLASS(p)->super;
            module_include(meta, iclass_module(p));
        }
    }
}

VALUE obj_clone(VALUE obj)
{
    VALUE copy = copy_object(obj);
    obj_copy_singleton(copy, obj);
    if (FL_TEST(obj, FL_FROZEN)) FL_SET(copy, FL_FROZEN);
    return copy;
}

static VALUE k_dup(VALUE self, int argc, const VALUE *argv) { return obj_dup(self); }
static VALUE k_clone(VALUE self, int argc, const VALUE *argv) { return obj_clone(self); }

static VALUE k_init_copy(VALUE self, int argc, const VALUE *argv)
{
    obj_check_frozen(self);
    obj_init_copy(self, argv[0]);
    return self;
}

static VALUE k_initialize(VALUE self, int argc, const VALUE *argv) { return Qnil; }
static VALUE k_dummy(VALUE self, int argc, const VALUE *argv) { return Qnil; }

/* ------------------------------------------------------------ instance variables */
static ID ivar_name(VALUE name)
{
    ID id = conv_to_id(name);
    if (!sym_is_ivar(id)) exc_name_error(id, "`%s' is not allowed as an instance variable name", sym_name(id));
    return id;
}

static VALUE k_ivar_get(VALUE self, int argc, const VALUE *argv) { return ivar_get(self, ivar_name(argv[0])); }
static VALUE k_ivar_set(VALUE self, int argc, const VALUE *argv) { return ivar_set(self, ivar_name(argv[0]), argv[1]); }

static VALUE k_ivar_defined(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(ivar_lookup(self, ivar_name(argv[0])) != Qundef);
}

static VALUE k_ivars(VALUE self, int argc, const VALUE *argv) { return obj_instance_variables(self); }

static VALUE k_remove_ivar(VALUE self, int argc, const VALUE *argv)
{
    ID id = ivar_name(argv[0]);
    obj_check_frozen(self);
    VALUE v = ivar_remove(self, id);
    if (v == Qundef) exc_name_error(id, "instance variable %s not defined", sym_name(id));
    return v;
}

/* ------------------------------------------------------------ methods lists */
static VALUE k_singleton_methods(VALUE self, int argc, const VALUE *argv);

/* methods(false) is singleton_methods(false), as in 1.8.7 */
static VALUE k_methods(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (argc && !RTEST(argv[0])) return k_singleton_methods(self, argc, argv);
    return class_instance_methods(class_of(self), true, (1 << VIS_PUBLIC) | (1 << VIS_PROTECTED));
}

static VALUE k_public_methods(VALUE self, int argc, const VALUE *argv)
{
    return class_instance_methods(class_of(self), true, 1 << VIS_PUBLIC);
}

static VALUE k_private_methods(VALUE self, int argc, const VALUE *argv)
{
    return class_instance_methods(class_of(self), true, 1 << VIS_PRIVATE);
}

static VALUE k_protected_methods(VALUE self, int argc, const VALUE *argv)
{
    return class_instance_methods(class_of(self), true, 1 << VIS_PROTECTED);
}

static void add_method_names(VALUE k, struct idtab *seen, VALUE ary)
{
    IDTAB_FOREACH(RCLASS(k)->m_tbl, e) {
        if (idtab_lookup(seen, e->key, NULL)) continue;
        idtab_insert(seen, e->key, Qtrue);
        if (ME_TYPE(e->val) != ME_UNDEF && ME_VISI(e->val) != VIS_PRIVATE)
            ary_push(ary, str_new_cstr(sym_name(e->key)));
    }
}

/* As 1.8's rb_obj_singleton_methods: the singleton class, then (all, the
   default) the modules it extends with and the singleton classes above
   it, up to the first ordinary class, which never counts. */
static VALUE k_singleton_methods(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    bool all = argc == 0 || RTEST(argv[0]);
    VALUE ary = ary_new();
    struct idtab *seen = idtab_new();
    VALUE k = class_of(self);
    if (FL_TEST(k, FL_SINGLETON)) {
        add_method_names(k, seen, ary);
        k = RCLASS(k)->super;
    }
    for (; all && k && (FL_TEST(k, FL_SINGLETON) || BUILTIN_TYPE(k) == T_ICLASS); k = RCLASS(k)->super)
        add_method_names(k, seen, ary);
    idtab_free(seen);
    return ary;
}

/* ------------------------------------------------------------ send, method, extend */
static VALUE k_send(VALUE self, int argc, const VALUE *argv)
{
    if (argc < 1) exc_raise(vm.c.ArgumentError, "no method name given");
    return vm_call_with_block(self, conv_to_id(argv[0]), argc - 1, argv + 1, vm_current_block());
}

static VALUE k_method(VALUE self, int argc, const VALUE *argv)
{
    ID mid = conv_to_id(argv[0]);
    VALUE me = class_lookup_method(class_of(self), mid);
    if (!me) exc_name_error(mid, "undefined method `%s' for class `%s'", sym_name(mid), obj_classname(self));
    return method_new(self, mid, me, true);
}

static VALUE k_extend(VALUE self, int argc, const VALUE *argv)
{
    if (argc == 0) exc_arity(0, 1, -1);
    for (int i = argc - 1; i >= 0; i--) {
        if (!TYPE_P(argv[i], T_MODULE)) exc_wrong_type(argv[i], "Module");
        vm_call1(argv[i], ID_extend_object, self);
        vm_call1(argv[i], ID_extended, self);
    }
    return self;
}

static VALUE k_tap(VALUE self, int argc, const VALUE *argv)
{
    vm_yield1(self);
    return self;
}

static VALUE k_display(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    VALUE out = argc ? argv[0] : io_stdout();
    vm_call1(out, sym_intern_cstr("write"), self);
    return Qnil;
}

/* ------------------------------------------------------------ nil, true, false */
static VALUE nil_to_s(VALUE self, int argc, const VALUE *argv) { return str_new("", 0); }
static VALUE nil_to_a(VALUE self, int argc, const VALUE *argv) { return ary_new(); }
static VALUE nil_to_i(VALUE self, int argc, const VALUE *argv) { return INT2FIX(0); }
static VALUE nil_to_f(VALUE self, int argc, const VALUE *argv) { return float_new(0.0); }
static VALUE nil_inspect(VALUE self, int argc, const VALUE *argv) { return str_new_cstr("nil"); }
static VALUE nil_nil_p(VALUE self, int argc, const VALUE *argv) { return Qtrue; }
static VALUE false_and(VALUE self, int argc, const VALUE *argv) { return Qfalse; }
static VALUE false_or(VALUE self, int argc, const VALUE *argv) { return BOOL2V(RTEST(argv[0])); }
static VALUE false_xor(VALUE self, int argc, const VALUE *argv) { return BOOL2V(RTEST(argv[0])); }
static VALUE true_to_s(VALUE self, int argc, const VALUE *argv) { return str_new_cstr("true"); }
static VALUE true_and(VALUE self, int argc, const VALUE *argv) { return BOOL2V(RTEST(argv[0])); }
static VALUE true_or(VALUE self, int argc, const VALUE *argv) { return Qtrue; }
static VALUE true_xor(VALUE self, int argc, const VALUE *argv) { return BOOL2V(!RTEST(argv[0])); }
static VALUE false_to_s(VALUE self, int argc, const VALUE *argv) { return str_new_cstr("false"); }

/* ------------------------------------------------------------ conversions */
static VALUE convert_with(VALUE obj, ID mid, const char *tname, bool raise)
{
    if (!vm_respond_to(obj, mid, true)) {
        if (raise) exc_type_error_conv(obj, tname);
        return Qnil;
    }
    return vm_call0(obj, mid);
}

static VALUE convert_checked(VALUE obj, enum vtype t, ID mid, const char *tname, const char *meth)
{
    VALUE v = convert_with(obj, mid, tname, true);
    if (!TYPE_P(v, t))
        exc_raise(vm.c.TypeError, "%s#%s should return %s", obj_classname(obj), meth, tname);
    return v;
}

VALUE conv_to_str(VALUE obj)
{
    if (STRING_P(obj)) return obj;
    return convert_checked(obj, T_STRING, ID_to_str, "String", "to_str");
}

VALUE conv_check_str(VALUE obj)
{
    if (STRING_P(obj)) return obj;
    VALUE v = convert_with(obj, ID_to_str, "String", false);
    return STRING_P(v) ? v : Qnil;
}

VALUE conv_to_ary(VALUE obj)
{
    if (ARRAY_P(obj)) return obj;
    return convert_checked(obj, T_ARRAY, ID_to_ary, "Array", "to_ary");
}

VALUE conv_check_ary(VALUE obj)
{
    if (ARRAY_P(obj)) return obj;
    if (SPECIAL_P(obj)) return Qnil;
    VALUE v = convert_with(obj, ID_to_ary, "Array", false);
    if (NIL_P(v) || ARRAY_P(v)) return v;
    /* as 1.8.7's rb_check_array_type: a to_ary that answers something else */
    exc_raise(vm.c.TypeError, "%s#to_ary should return Array", obj_classname(obj));
}

VALUE conv_to_hash(VALUE obj)
{
    if (HASH_P(obj)) return obj;
    return convert_checked(obj, T_HASH, ID_to_hash, "Hash", "to_hash");
}

/* Array(obj): to_ary, then to_a (except Kernel#to_a), else [obj] */
VALUE conv_to_a(VALUE obj)
{
    if (ARRAY_P(obj)) return obj;
    if (NIL_P(obj)) return ary_new();
    VALUE v = conv_check_ary(obj);
    if (!NIL_P(v)) return v;
    VALUE me = class_lookup_method_cached(class_of(obj), ID_to_a);
    if (me && !(ME_TYPE(me) == ME_CFUNC && RMENTRY(me)->body.fn == k_to_a)) {
        v = vm_call0(obj, ID_to_a);
        if (!ARRAY_P(v)) exc_raise(vm.c.TypeError, "`to_a' did not return Array");
        return v;
    }
    return ary_new_of(1, obj);
}

/* A method, variable or constant name, as 1.8.7 takes one: a Symbol, a
   String (or to_str), or a Fixnum that is a Symbol's to_i (warned). */
ID conv_to_id(VALUE obj)
{
    if (SYMBOL_P(obj)) return SYM2ID(obj);
    if (STRING_P(obj)) return str_to_id(obj);
    if (FIXNUM_P(obj)) {
        exc_warn("do not use Fixnums as Symbols");
        ID id = sym_from_i(FIX2LONG(obj));
        if (!id) exc_raise(vm.c.ArgumentError, "%ld is not a symbol", FIX2LONG(obj));
        return id;
    }
    VALUE str = conv_check_str(obj);
    if (!NIL_P(str)) return str_to_id(str);
    VALUE s = obj_inspect(obj);
    exc_raise(vm.c.TypeError, "%s is not a symbol", RSTRING_PTR(s));
}

VALUE conv_to_sym(VALUE obj) { return ID2SYM(conv_to_id(obj)); }

/* ------------------------------------------------------------ Data objects */
VALUE data_new(VALUE klass, const struct data_type *type, void *data)
{
    VALUE obj = gc_new_obj(T_DATA, klass);
    RDATA(obj)->type = type;
    RDATA(obj)->data = data;
    RDATA(obj)->aux = Qnil;
    return obj;
}

void *data_get(VALUE obj, const struct data_type *type)
{
    if (!TYPE_P(obj, T_DATA) || RDATA(obj)->type != type)
        exc_wrong_type(obj, type->name);
    return RDATA(obj)->data;
}

/* ------------------------------------------------------------ setup */
static void define_kernel_methods(VALUE k)
{
    define_method(k, "==", k_equal, 1);
    define_method(k, "equal?", k_equal, 1);
    define_method(k, "eql?", k_equal, 1);
    define_method(k, "===", k_eqq, 1);
    define_method(k, "=~", k_match, 1);
    define_method(k, "hash", k_hash, 0);
    define_method(k, "object_id", k_id, 0);
    define_method(k, "__id__", k_id, 0);
    define_method(k, "id", k_id_deprecated, 0);
    define_method(k, "class", k_class, 0);
    define_method(k, "type", k_type_deprecated, 0);
    define_method(k, "nil?", k_nil_p, 0);
    define_method(k, "singleton_class", k_singleton_class, 0);
    define_method(k, "to_s", k_to_s, 0);
    define_method(k, "inspect", k_inspect, 0);
    define_method(k, "to_a", k_to_a, 0);
    define_method(k, "kind_of?", k_kind_of, 1);
    define_method(k, "is_a?", k_kind_of, 1);
    define_method(k, "instance_of?", k_instance_of, 1);
    define_method(k, "respond_to?", k_respond_to, -1);
    define_method(k, "freeze", k_freeze, 0);
    define_method(k, "frozen?", k_frozen_p, 0);
    define_method(k, "taint", k_taint, 0);
    define_method(k, "untaint", k_untaint, 0);
    define_method(k, "tainted?", k_tainted_p, 0);
    define_method(k, "dup", k_dup, 0);
    define_method(k, "clone", k_clone, 0);
    define_method(k, "initialize_copy", k_init_copy, 1);
    define_method(k, "instance_variable_get", k_ivar_get, 1);
    define_method(k, "instance_variable_set", k_ivar_set, 2);
    define_method(k, "instance_variable_defined?", k_ivar_defined, 1);
    define_method(k, "instance_variables", k_ivars, 0);
    define_private_method(k, "remove_instance_variable", k_remove_ivar, 1);
    define_method(k, "methods", k_methods, -1);
    define_method(k, "public_methods", k_public_methods, -1);
    define_method(k, "private_methods", k_private_methods, -1);
    define_method(k, "protected_methods", k_protected_methods, -1);
    define_method(k, "singleton_methods", k_singleton_methods, -1);
    define_method(k, "send", k_send, -1);
    define_method(k, "__send__", k_send, -1);
    define_method(k, "method", k_method, 1);
    define_method(k, "extend", k_extend, -1);
    define_method(k, "tap", k_tap, 0);
    define_private_method(k, "singleton_method_added", k_dummy, 1);
    define_private_method(k, "singleton_method_removed", k_dummy, 1);
    define_private_method(k, "singleton_method_undefined", k_dummy, 1);
    define_method(k, "display", k_display, -1);
}

void object_init(void)
{
    class_set_allocator(vm.c.Object, obj_alloc);
    define_private_method(vm.c.Object, "initialize", k_initialize, 0);   /* Object.new(1): ArgumentError */
    define_kernel_methods(vm.c.Kernel);

    vm.c.NilClass = class_define("NilClass", vm.c.Object);
    define_method(vm.c.NilClass, "to_s", nil_to_s, 0);
    define_method(vm.c.NilClass, "to_a", nil_to_a, 0);
    define_method(vm.c.NilClass, "to_i", nil_to_i, 0);
    define_method(vm.c.NilClass, "to_f", nil_to_f, 0);
    define_method(vm.c.NilClass, "inspect", nil_inspect, 0);
    define_method(vm.c.NilClass, "nil?", nil_nil_p, 0);
    define_method(vm.c.NilClass, "&", false_and, 1);
    define_method(vm.c.NilClass, "|", false_or, 1);
    define_method(vm.c.NilClass, "^", false_xor, 1);
    class_set_allocator(vm.c.NilClass, NULL);
    vm.c.TrueClass = class_define("TrueClass", vm.c.Object);
    define_method(vm.c.TrueClass, "to_s", true_to_s, 0);
    define_method(vm.c.TrueClass, "&", true_and, 1);
    define_method(vm.c.TrueClass, "|", true_or, 1);
    define_method(vm.c.TrueClass, "^", true_xor, 1);
    class_set_allocator(vm.c.TrueClass, NULL);
    vm.c.FalseClass = class_define("FalseClass", vm.c.Object);
    define_method(vm.c.FalseClass, "to_s", false_to_s, 0);
    define_method(vm.c.FalseClass, "&", false_and, 1);
    define_method(vm.c.FalseClass, "|", false_or, 1);
    define_method(vm.c.FalseClass, "^", false_xor, 1);
    class_set_allocator(vm.c.FalseClass, NULL);
    define_global_const("NIL", Qnil);
    define_global_const("TRUE", Qtrue);
    define_global_const("FALSE", Qfalse);
    vm.c.Data = class_define("Data", vm.c.Object);
    class_set_allocator(vm.c.Data, NULL);
}
