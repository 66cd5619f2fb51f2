/* class.c: classes, modules, singleton classes, include/extend, method
 * tables and method lookup.
 *
 * Ancestor chains are linked lists through RClass.super.  Including a module
 * inserts an ICLASS (a proxy sharing the module's method table) after the
 * class, as in MRI 1.8.  Every class gets its metaclass when it is created,
 * so that class methods are inherited.  Any change to a method table bumps
 * vm.method_state, which invalidates every inline cache at once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "idtab.h"
#include "eval/eval.h"

/* ------------------------------------------------------------ creation */
VALUE class_new_raw(enum vtype type, VALUE klass_of, VALUE super)
{
    VALUE c = gc_new_obj(type, klass_of);
    struct RClass *rc = RCLASS(c);
    rc->super = super;
    rc->ext = xcalloc(1, sizeof(struct class_ext));
    rc->serial = ++vm.serial;
    if (type != T_ICLASS) rc->m_tbl = idtab_new();
    return c;
}

static VALUE make_singleton(VALUE obj, VALUE super)
{
    VALUE meta = class_new_raw(T_CLASS, vm.c.Class, super);
    FL_SET(meta, FL_SINGLETON);
    RCLASS_EXT(meta)->attached = obj;
    RBASIC(obj)->klass = meta;
    vm.method_state++;
    return meta;
}

/* The metaclass of a class: its super is the superclass's metaclass. */
VALUE class_make_metaclass(VALUE klass)
{
    VALUE super = RCLASS(klass)->super;
    while (super && BUILTIN_TYPE(super) == T_ICLASS) super = RCLASS(super)->super;
    VALUE meta_super = super ? class_of(super) : vm.c.Class;
    if (FL_TEST(klass, FL_SINGLETON)) meta_super = vm.c.Class;
    return make_singleton(klass, meta_super);
}

VALUE class_new(VALUE super)
{
    if (super && BUILTIN_TYPE(super) != T_CLASS)
        exc_raise(vm.c.TypeError, "superclass must be a Class (%s given)", obj_classname(super));
    if (super && FL_TEST(super, FL_SINGLETON))
        exc_raise(vm.c.TypeError, "can't make subclass of virtual class");
    if (super == vm.c.Class)
        exc_raise(vm.c.TypeError, "can't make subclass of Class");
    VALUE c = class_new_raw(T_CLASS, vm.c.Class, super);
    if (super) RCLASS_EXT(c)->allocator = RCLASS_EXT(super)->allocator;
    class_make_metaclass(c);
    return c;
}

VALUE module_new(void)
{
    return class_new_raw(T_MODULE, vm.c.Module, 0);
}

VALUE iclass_module(VALUE iclass) { return RCLASS_EXT(iclass)->module; }

/* ------------------------------------------------------------ naming */
void class_name_under(VALUE klass, VALUE outer, ID name)
{
    struct class_ext *ext = RCLASS_EXT(klass);
    if (ext->path) return;
    VALUE path;
    if (!outer || outer == vm.c.Object) path = str_new(sym_name(name), (long)sym_len(name));
    else {
        path = str_dup(class_path(outer));
        str_cat(path, "::", 2);
        str_cat(path, sym_name(name), (long)sym_len(name));
    }
    ext->path = obj_freeze(path);
}

VALUE class_path(VALUE klass)
{
    if (BUILTIN_TYPE(klass) == T_ICLASS) klass = iclass_module(klass);
    struct class_ext *ext = RCLASS_EXT(klass);
    if (ext->path) return ext->path;
    if (FL_TEST(klass, FL_SINGLETON)) {
        VALUE att = ext->attached;
        VALUE inner = (HEAP_P(att) && (BUILTIN_TYPE(att) == T_CLASS || BUILTIN_TYPE(att) == T_MODULE))
                          ? class_path(att) : obj_any_to_s(att);
        return str_new_fmt("#<Class:%s>", RSTRING_PTR(inner));
    }
    return str_new_fmt("#<%s:%p>", BUILTIN_TYPE(klass) == T_MODULE ? "Module" : "Class", (void *)klass);
}

const char *class_name(VALUE klass) { return RSTRING_PTR(class_path(klass)); }
const char *obj_classname(VALUE obj) { return class_name(obj_class(obj)); }

static VALUE define_named(ID id, VALUE outer, VALUE c)
{
    class_name_under(c, outer, id);
    const_set(outer, id, c);
    return c;
}

VALUE class_define_class_id(ID id, VALUE super, VALUE outer)
{
    VALUE existing = const_lookup(outer, id, false);
    if (existing != Qundef) {
        if (!HEAP_P(existing) || BUILTIN_TYPE(existing) != T_CLASS)
            exc_raise(vm.c.TypeError, "%s is not a class", sym_name(id));
        if (super && class_superclass(existing) != super)
            exc_raise(vm.c.TypeError, "superclass mismatch for class %s", sym_name(id));
        return existing;
    }
    return define_named(id, outer, class_new(super ? super : vm.c.Object));
}

VALUE class_define_module_id(ID id, VALUE outer)
{
    VALUE existing = const_lookup(outer, id, false);
    if (existing != Qundef) {
        if (!HEAP_P(existing) || BUILTIN_TYPE(existing) != T_MODULE)
            exc_raise(vm.c.TypeError, "%s is not a module", sym_name(id));
        return existing;
    }
    return define_named(id, outer, module_new());
}

VALUE class_define(const char *name, VALUE super)
{
    return class_define_class_id(sym_intern_cstr(name), super, vm.c.Object);
}

VALUE class_define_under(VALUE outer, const char *name, VALUE super)
{
    return class_define_class_id(sym_intern_cstr(name), super, outer);
}

VALUE module_define(const char *name)
{
    return class_define_module_id(sym_intern_cstr(name), vm.c.Object);
}

VALUE module_define_under(VALUE outer, const char *name)
{
    return class_define_module_id(sym_intern_cstr(name), outer);
}

/* ------------------------------------------------------------ class queries */
VALUE class_of(VALUE obj)
{
    if (FIXNUM_P(obj)) return vm.c.Fixnum;
    if (HEAP_P(obj)) return RBASIC(obj)->klass;
    if (FLONUM_P(obj)) return vm.c.Float;
    if (SYMBOL_P(obj)) return vm.c.Symbol;
    if (obj == Qnil) return vm.c.NilClass;
    if (obj == Qtrue) return vm.c.TrueClass;
    return vm.c.FalseClass;
}

VALUE class_real(VALUE klass)
{
    while (klass && (FL_TEST(klass, FL_SINGLETON) || BUILTIN_TYPE(klass) == T_ICLASS))
        klass = RCLASS(klass)->super;
    return klass;
}

VALUE obj_class(VALUE obj) { return class_real(class_of(obj)); }

VALUE class_superclass(VALUE klass)
{
    VALUE s = RCLASS(klass)->super;
    while (s && BUILTIN_TYPE(s) == T_ICLASS) s = RCLASS(s)->super;
    return s ? s : Qnil;
}

VALUE singleton_class(VALUE obj)
{
    if (FIXNUM_P(obj) || SYMBOL_P(obj) || FLOAT_P(obj) || BIGNUM_P(obj))
        exc_raise(vm.c.TypeError, "can't define singleton");
    if (!HEAP_P(obj)) return class_of(obj);
    VALUE k = RBASIC(obj)->klass, meta;
    enum vtype t = BUILTIN_TYPE(obj);
    if (FL_TEST(k, FL_SINGLETON) && RCLASS_EXT(k)->attached == obj) meta = k;
    else if (t == T_CLASS && !FL_TEST(obj, FL_SINGLETON)) meta = class_make_metaclass(obj);
    else if (t == T_CLASS) meta = make_singleton(obj, vm.c.Class);  /* metaclass of a metaclass */
    else {
        meta = make_singleton(obj, k);
        if (FL_TEST(obj, FL_FROZEN)) FL_SET(meta, FL_FROZEN);
    }
    /* tainted as its object, as 1.8.7: $SAFE 4 defines methods only on tainted ones */
    if (FL_TEST(obj, FL_TAINT)) FL_SET(meta, FL_TAINT);
    else if (FL_TEST(meta, FL_TAINT)) FL_UNSET(meta, FL_TAINT);
    return meta;
}

static bool chain_includes(VALUE klass, VALUE target)
{
    for (VALUE k = klass; k; k = RCLASS(k)->super) {
        if (k == target) return true;
        if (BUILTIN_TYPE(k) == T_ICLASS && iclass_module(k) == target) return true;
    }
    return false;
}

bool obj_is_kind_of(VALUE obj, VALUE klass) { return chain_includes(class_of(obj), klass); }
bool obj_is_instance_of(VALUE obj, VALUE klass) { return obj_class(obj) == klass; }
bool class_inherits(VALUE klass, VALUE ancestor) { return chain_includes(klass, ancestor); }

VALUE class_ancestors(VALUE klass)
{
    VALUE ary = ary_new();
    for (VALUE k = klass; k; k = RCLASS(k)->super) {
        if (BUILTIN_TYPE(k) == T_ICLASS) ary_push(ary, iclass_module(k));
        else if (!FL_TEST(k, FL_SINGLETON)) ary_push(ary, k);
    }
    return ary;
}

/* ------------------------------------------------------------ include / extend */
static VALUE iclass_new(VALUE module, VALUE super)
{
    if (BUILTIN_TYPE(module) == T_ICLASS) module = iclass_module(module);
    VALUE ic = class_new_raw(T_ICLASS, vm.c.Module, super);
    RCLASS(ic)->m_tbl = RCLASS(module)->m_tbl;
    RCLASS_EXT(ic)->module = module;
    return ic;
}

void module_include(VALUE klass, VALUE module)
{
    if (!HEAP_P(module) || BUILTIN_TYPE(module) != T_MODULE)
        exc_wrong_type(module, "Module");
    VALUE at = klass;
    for (VALUE m = module; m; m = RCLASS(m)->super) {
        VALUE mod = BUILTIN_TYPE(m) == T_ICLASS ? iclass_module(m) : m;
        if (mod == klass) exc_raise(vm.c.ArgumentError, "cyclic include detected");
        bool found = false, past_class = false;
        for (VALUE p = RCLASS(klass)->super; p; p = RCLASS(p)->super) {
            if (BUILTIN_TYPE(p) == T_ICLASS && iclass_module(p) == mod) {
                if (!past_class) at = p;
                found = true;
                break;
            }
            if (BUILTIN_TYPE(p) == T_CLASS) past_class = true;
        }
        if (found) continue;
        RCLASS(at)->super = iclass_new(mod, RCLASS(at)->super);
        at = RCLASS(at)->super;
    }
    vm.method_state++;
    vm.const_state++;
}

void obj_extend(VALUE obj, VALUE module)
{
    module_include(singleton_class(obj), module);
}

/* ------------------------------------------------------------ method tables */
VALUE me_new(enum me_type type, ID name, VALUE owner, enum visibility visi)
{
    VALUE me = gc_new_obj(T_MENTRY, 0);
    RBASIC(me)->flags |= ((VALUE)type << 11) | ((VALUE)visi << 14);
    SET_HI32(me, name);
    RMENTRY(me)->owner = owner;
    return me;
}

static VALUE me_copy(VALUE src, VALUE owner, enum visibility visi)
{
    VALUE me = me_new(ME_TYPE(src), ME_NAME(src), owner, visi);
    RMENTRY(me)->body = RMENTRY(src)->body;
    RMENTRY(me)->aux = RMENTRY(src)->aux;
    RMENTRY(me)->cref = RMENTRY(src)->cref;
    return me;
}

void class_add_method(VALUE klass, ID mid, VALUE me)
{
    if (BUILTIN_TYPE(klass) == T_ICLASS) klass = iclass_module(klass);
    if (FL_TEST(klass, FL_FROZEN)) exc_raise(vm.c.TypeError, "can't modify frozen %s",
                                             BUILTIN_TYPE(klass) == T_MODULE ? "module" : "class");
    if (UNLIKELY(vm_safe_max >= 4) && vm.booted && vm_safe_level() >= 4 &&
        (klass == vm.c.Object || !FL_TEST(klass, FL_TAINT)))
        exc_raise(vm.c.SecurityError, "Insecure: can't define method");
    idtab_insert(RCLASS(klass)->m_tbl, mid, me);
    vm.method_state++;
    if (vm.booted) ev_note_redefinition(klass, mid);   /* the evaluator's fast paths */
}

VALUE class_lookup_method(VALUE klass, ID mid)
{
    for (VALUE k = klass; k; k = RCLASS(k)->super) {
        VALUE me;
        if (idtab_lookup(RCLASS(k)->m_tbl, mid, &me))
            return ME_TYPE(me) == ME_UNDEF ? 0 : me;
    }
    return 0;
}

/* A small direct-mapped global cache in front of the chain walk. */
#define MCACHE_SIZE 4096
static struct mcache_entry { uint64_t serial, state; ID mid; VALUE me; } mcache[MCACHE_SIZE];

VALUE class_lookup_method_cached(VALUE klass, ID mid)
{
    uint64_t serial = RCLASS(klass)->serial;
    struct mcache_entry *e = &mcache[(serial * 31 + mid) & (MCACHE_SIZE - 1)];
    if (e->serial == serial && e->mid == mid && e->state == vm.method_state) return e->me;
    VALUE me = class_lookup_method(klass, mid);
    *e = (struct mcache_entry){ serial, vm.method_state, mid, me };
    return me;
}

static void mcache_mark(void)
{
    for (size_t i = 0; i < MCACHE_SIZE; i++)
        if (mcache[i].state == vm.method_state) gc_mark(mcache[i].me);
        else mcache[i].me = 0;
}

void class_set_visibility(VALUE klass, ID mid, enum visibility visi)
{
    VALUE me;
    if (idtab_lookup(RCLASS(klass)->m_tbl, mid, &me) && ME_TYPE(me) != ME_UNDEF) {
        RBASIC(me)->flags = (RBASIC(me)->flags & ~((VALUE)3 << 14)) | ((VALUE)visi << 14);
        vm.method_state++;
        return;
    }
    me = class_lookup_method(klass, mid);
    if (!me && BUILTIN_TYPE(klass) == T_MODULE) me = class_lookup_method(vm.c.Object, mid);
    if (!me) exc_name_error(mid, "undefined method `%s' for %s `%s'", sym_name(mid),
                            BUILTIN_TYPE(klass) == T_MODULE ? "module" : "class", class_name(klass));
    if (ME_VISI(me) == visi) return;
    class_add_method(klass, mid, me_copy(me, RMENTRY(me)->owner, visi));
}

void class_alias_method(VALUE klass, ID new_name, ID old_name)
{
    VALUE me = class_lookup_method(klass, old_name);
    if (!me && BUILTIN_TYPE(klass) == T_MODULE) me = class_lookup_method(vm.c.Object, old_name);
    if (!me) exc_name_error(old_name, "undefined method `%s' for %s `%s'", sym_name(old_name),
                            BUILTIN_TYPE(klass) == T_MODULE ? "module" : "class", class_name(klass));
    class_add_method(klass, new_name, me_copy(me, RMENTRY(me)->owner, ME_VISI(me)));
}

void class_undef_method(VALUE klass, ID mid)
{
    if (mid == ID_initialize || mid == sym_intern_cstr("__id__") || mid == sym_intern_cstr("__send__"))
        exc_warn("undefining `%s' may cause serious problem", sym_name(mid));
    if (!class_lookup_method(klass, mid))
        exc_name_error(mid, "undefined method `%s' for %s `%s'", sym_name(mid),
                       BUILTIN_TYPE(klass) == T_MODULE ? "module" : "class", class_name(klass));
    class_add_method(klass, mid, me_new(ME_UNDEF, mid, klass, VIS_PUBLIC));
}

void class_remove_method(VALUE klass, ID mid)
{
    VALUE me;
    if (!idtab_lookup(RCLASS(klass)->m_tbl, mid, &me) || ME_TYPE(me) == ME_UNDEF)
        exc_name_error(mid, "method `%s' not defined in %s", sym_name(mid), class_name(klass));
    idtab_delete(RCLASS(klass)->m_tbl, mid, NULL);
    vm.method_state++;
    if (vm.booted) ev_note_redefinition(klass, mid);   /* another method is found now */
}

bool class_method_defined(VALUE klass, ID mid, int visi_mask)
{
    VALUE me = class_lookup_method(klass, mid);
    return me && (visi_mask & (1 << ME_VISI(me)));
}

/* Names of methods visible in klass (and ancestors if inherited). */
VALUE class_instance_methods(VALUE klass, bool inherited, int visi_mask)
{
    struct idtab *seen = idtab_new();
    VALUE ary = ary_new();
    for (VALUE k = klass; k; k = RCLASS(k)->super) {
        IDTAB_FOREACH(RCLASS(k)->m_tbl, e) {
            if (idtab_lookup(seen, e->key, NULL)) continue;
            idtab_insert(seen, e->key, Qtrue);
            if (ME_TYPE(e->val) != ME_UNDEF && (visi_mask & (1 << ME_VISI(e->val))))
                ary_push(ary, str_new_cstr(sym_name(e->key)));
        }
        if (!inherited && !FL_TEST(k, FL_SINGLETON) && BUILTIN_TYPE(k) != T_ICLASS) break;
        if (!inherited && BUILTIN_TYPE(k) != T_ICLASS && k != klass) break;
    }
    idtab_free(seen);
    return ary;
}

/* ------------------------------------------------------------ the define_* API */
static void add_cfunc(VALUE klass, const char *name, cfunc fn, int arity, enum visibility visi)
{
    ID mid = sym_intern_cstr(name);
    if (mid == ID_initialize || mid == ID_initialize_copy) visi = VIS_PRIVATE;
    VALUE me = me_new(ME_CFUNC, mid, klass, visi);
    RMENTRY(me)->body.fn = fn;
    RMENTRY(me)->aux.arity = arity;
    class_add_method(klass, mid, me);
}

void define_method(VALUE klass, const char *name, cfunc fn, int arity)
{
    add_cfunc(klass, name, fn, arity, VIS_PUBLIC);
}

void define_private_method(VALUE klass, const char *name, cfunc fn, int arity)
{
    add_cfunc(klass, name, fn, arity, VIS_PRIVATE);
}

void define_singleton_method(VALUE obj, const char *name, cfunc fn, int arity)
{
    add_cfunc(singleton_class(obj), name, fn, arity, VIS_PUBLIC);
}

void define_module_function(VALUE module, const char *name, cfunc fn, int arity)
{
    add_cfunc(module, name, fn, arity, VIS_PRIVATE);
    add_cfunc(singleton_class(module), name, fn, arity, VIS_PUBLIC);
}

void define_global_function(const char *name, cfunc fn, int arity)
{
    define_module_function(vm.c.Kernel, name, fn, arity);
}

void undef_method(VALUE klass, const char *name)
{
    class_add_method(klass, sym_intern_cstr(name), me_new(ME_UNDEF, sym_intern_cstr(name), klass, VIS_PUBLIC));
}

void define_attr(VALUE klass, ID name, bool reader, bool writer)
{
    size_t len = sym_len(name);
    char *iv = xmalloc(len + 2);
    iv[0] = '@';
    memcpy(iv + 1, sym_name(name), len + 1);
    ID ivar = sym_intern(iv, len + 1);
    free(iv);
    if (reader) {
        VALUE me = me_new(ME_IVAR_GET, name, klass, VIS_PUBLIC);
        RMENTRY(me)->body.ivar = ivar;
        class_add_method(klass, name, me);
    }
    if (writer) {
        ID set = sym_attrset(name);
        VALUE me = me_new(ME_IVAR_SET, set, klass, VIS_PUBLIC);
        RMENTRY(me)->body.ivar = ivar;
        class_add_method(klass, set, me);
    }
}

/* ------------------------------------------------------------ allocation */
void class_set_allocator(VALUE klass, VALUE (*alloc)(VALUE))
{
    RCLASS_EXT(klass)->allocator = alloc;
}

VALUE class_allocate(VALUE klass)
{
    if (FL_TEST(klass, FL_SINGLETON)) exc_raise(vm.c.TypeError, "can't create instance of virtual class");
    VALUE (*alloc)(VALUE) = RCLASS_EXT(klass)->allocator;
    if (!alloc) exc_raise(vm.c.TypeError, "allocator undefined for %s", class_name(klass));
    return alloc(klass);
}

VALUE class_new_instance(VALUE klass, int argc, const VALUE *argv)
{
    VALUE obj = class_allocate(klass);
    vm_call_with_block(obj, ID_initialize, argc, argv, vm_current_block());
    return obj;
}

/* ------------------------------------------------------------ GC hooks */
/* An include class whose module has since copied another (mod_init_copy)
   keeps the old table alone. */
static bool iclass_kept_table(const struct RClass *rc)
{
    return rc->m_tbl && rc->ext && rc->ext->module && rc->m_tbl != RCLASS(rc->ext->module)->m_tbl;
}

void class_gc_mark(VALUE klass)
{
    struct RClass *rc = RCLASS(klass);
    if (BUILTIN_TYPE(klass) != T_ICLASS || iclass_kept_table(rc)) idtab_mark(rc->m_tbl);
    struct class_ext *ext = rc->ext;
    if (!ext) return;
    idtab_mark(ext->iv_tbl);
    idtab_mark(ext->cv_tbl);
    idtab_mark(ext->const_tbl);
    gc_mark(ext->path);
    gc_mark(ext->attached);
    gc_mark(ext->module);
}

void class_gc_free(VALUE klass)
{
    struct RClass *rc = RCLASS(klass);
    if (BUILTIN_TYPE(klass) != T_ICLASS) idtab_free(rc->m_tbl);
    struct class_ext *ext = rc->ext;
    if (!ext) return;
    idtab_free(ext->iv_tbl);
    idtab_free(ext->cv_tbl);
    idtab_free(ext->const_tbl);
    idtab_free(ext->iv_index);
    free(ext);
}

/* ------------------------------------------------------------ bootstrap */
static VALUE boot_class(VALUE super)
{
    return class_new_raw(T_CLASS, 0, super);
}

static void boot_name(VALUE klass, const char *name)
{
    ID id = sym_intern_cstr(name);
    class_name_under(klass, 0, id);
    const_set(vm.c.Object, id, klass);
}

/* Object, Module, Class and Kernel reference each other: build them by hand. */
void class_init(void)
{
    vm.c.Object = boot_class(0);
    vm.c.Module = boot_class(vm.c.Object);
    vm.c.Class = boot_class(vm.c.Module);
    RBASIC(vm.c.Object)->klass = vm.c.Class;
    RBASIC(vm.c.Module)->klass = vm.c.Class;
    RBASIC(vm.c.Class)->klass = vm.c.Class;
    VALUE meta = class_make_metaclass(vm.c.Object);
    meta = class_make_metaclass(vm.c.Module);
    meta = class_make_metaclass(vm.c.Class);
    (void)meta;
    boot_name(vm.c.Object, "Object");
    boot_name(vm.c.Module, "Module");
    boot_name(vm.c.Class, "Class");
    vm.c.Kernel = module_define("Kernel");
    module_include(vm.c.Object, vm.c.Kernel);
    gc_register_marker(mcache_mark);
}
