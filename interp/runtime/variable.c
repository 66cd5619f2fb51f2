/* variable.c: instance variables, class variables and constants.
 *
 * A T_OBJECT keeps its instance variables in an array indexed through its
 * class's iv_index table (name -> slot), so a bound IVAR node can cache the
 * slot.  Other objects (strings, arrays, classes used as objects are handled
 * by their class_ext) keep theirs in a side table keyed by the object.
 */
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "idtab.h"

/* ------------------------------------------------------------ T_OBJECT slots */
uint32_t class_ivar_index(VALUE klass, ID id, bool create)
{
    struct class_ext *ext = RCLASS_EXT(klass);
    VALUE idx;
    if (ext->iv_index && idtab_lookup(ext->iv_index, id, &idx)) return (uint32_t)idx;
    if (!create) return UINT32_MAX;
    if (!ext->iv_index) ext->iv_index = idtab_new();
    idtab_insert(ext->iv_index, id, (VALUE)ext->iv_count);
    return ext->iv_count++;
}

static uint32_t obj_ivar_capa(VALUE obj)
{
    return FL_TEST(obj, ROBJ_HEAP) ? ROBJECT(obj)->iv.heap.capa : ROBJ_EMBED;
}

static VALUE *obj_ivar_ptr(VALUE obj)
{
    return FL_TEST(obj, ROBJ_HEAP) ? ROBJECT(obj)->iv.heap.ptr : ROBJECT(obj)->iv.ary;
}

void obj_ivar_grow(VALUE obj, uint32_t idx)
{
    uint32_t capa = obj_ivar_capa(obj);
    if (idx < capa) return;
    uint32_t ncapa = capa * 2;
    while (ncapa <= idx) ncapa *= 2;
    VALUE *p = xmalloc(ncapa * sizeof(VALUE));
    memcpy(p, obj_ivar_ptr(obj), capa * sizeof(VALUE));
    for (uint32_t i = capa; i < ncapa; i++) p[i] = Qundef;
    if (FL_TEST(obj, ROBJ_HEAP)) free(ROBJECT(obj)->iv.heap.ptr);
    ROBJECT(obj)->iv.heap.ptr = p;
    ROBJECT(obj)->iv.heap.capa = ncapa;
    FL_SET(obj, ROBJ_HEAP);
    gc_malloc_increase(ncapa * sizeof(VALUE));
}

/* ------------------------------------------------------------ side table */
/* Open addressing from object address to its idtab of ivars. */
static struct { VALUE *keys; struct idtab **vals; size_t n, capa; } generic;

static size_t gen_slot(VALUE obj)
{
    size_t mask = generic.capa - 1;
    size_t i = (size_t)(obj >> 4) * 0x9E3779B97F4A7C15ull >> 20 & mask;
    while (generic.keys[i] && generic.keys[i] != obj) i = (i + 1) & mask;
    return i;
}

static void gen_grow(void)
{
    VALUE *ok = generic.keys;
    struct idtab **ov = generic.vals;
    size_t ocapa = generic.capa;
    generic.capa = ocapa ? ocapa * 2 : 64;
    generic.keys = xcalloc(generic.capa, sizeof(VALUE));
    generic.vals = xcalloc(generic.capa, sizeof(struct idtab *));
    for (size_t i = 0; i < ocapa; i++) {
        if (!ok[i]) continue;
        size_t j = gen_slot(ok[i]);
        generic.keys[j] = ok[i];
        generic.vals[j] = ov[i];
    }
    free(ok);
    free(ov);
}

static struct idtab *gen_table(VALUE obj, bool create)
{
    if (FL_TEST(obj, FL_EXIVAR)) return generic.vals[gen_slot(obj)];
    if (!create) return NULL;
    if ((generic.n + 1) * 2 > generic.capa) gen_grow();
    size_t i = gen_slot(obj);
    generic.keys[i] = obj;
    generic.vals[i] = idtab_new();
    generic.n++;
    FL_SET(obj, FL_EXIVAR);
    return generic.vals[i];
}

void ivar_gc_mark_generic(VALUE obj)
{
    idtab_mark(gen_table(obj, false));
}

void ivar_gc_free_generic(VALUE obj)
{
    if (!generic.capa) return;
    size_t i = gen_slot(obj);
    if (generic.keys[i] != obj) return;
    idtab_free(generic.vals[i]);
    /* backward-shift deletion keeps probe chains intact */
    size_t mask = generic.capa - 1, j = i;
    generic.keys[i] = 0;
    generic.vals[i] = NULL;
    generic.n--;
    for (j = (i + 1) & mask; generic.keys[j]; j = (j + 1) & mask) {
        VALUE k = generic.keys[j];
        struct idtab *v = generic.vals[j];
        generic.keys[j] = 0;
        generic.vals[j] = NULL;
        size_t d = gen_slot(k);
        generic.keys[d] = k;
        generic.vals[d] = v;
    }
}

/* ------------------------------------------------------------ instance variables */
static struct idtab *ivar_table(VALUE obj, bool create)
{
    enum vtype t = BUILTIN_TYPE(obj);
    if (t == T_CLASS || t == T_MODULE) {
        struct class_ext *ext = RCLASS_EXT(obj);
        if (!ext->iv_tbl && create) ext->iv_tbl = idtab_new();
        return ext->iv_tbl;
    }
    return gen_table(obj, create);
}

VALUE ivar_lookup(VALUE obj, ID id)
{
    if (!HEAP_P(obj)) return Qundef;
    if (BUILTIN_TYPE(obj) == T_OBJECT) {
        uint32_t idx = class_ivar_index(obj_class(obj), id, false);
        return idx == UINT32_MAX ? Qundef : obj_ivar_at(obj, idx);
    }
    VALUE v;
    struct idtab *t = ivar_table(obj, false);
    return t && idtab_lookup(t, id, &v) ? v : Qundef;
}

VALUE ivar_get(VALUE obj, ID id)
{
    VALUE v = ivar_lookup(obj, id);
    return v == Qundef ? Qnil : v;
}

VALUE ivar_set(VALUE obj, ID id, VALUE val)
{
    if (!HEAP_P(obj)) exc_raise(vm.c.ArgumentError, "can't set instance variable on an immediate value");
    if (FL_TEST(obj, FL_FROZEN)) exc_raise(vm.c.TypeError, "can't modify frozen object");   /* 1.8.7's words */
    SAFE_CHECK_MODIFY(obj, "instance variable");
    if (BUILTIN_TYPE(obj) == T_OBJECT)
        obj_ivar_store(obj, class_ivar_index(obj_class(obj), id, true), val);
    else
        idtab_insert(ivar_table(obj, true), id, val);
    return val;
}

VALUE ivar_remove(VALUE obj, ID id)
{
    VALUE v = ivar_lookup(obj, id);
    if (v == Qundef) return Qundef;
    if (BUILTIN_TYPE(obj) == T_OBJECT)
        obj_ivar_store(obj, class_ivar_index(obj_class(obj), id, false), Qundef);
    else
        idtab_delete(ivar_table(obj, false), id, NULL);
    return v;
}

static bool visible_ivar(ID id) { return sym_name(id)[0] == '@'; }

VALUE obj_instance_variables(VALUE obj)
{
    VALUE ary = ary_new();
    if (!HEAP_P(obj)) return ary;
    if (BUILTIN_TYPE(obj) == T_OBJECT) {
        struct class_ext *ext = RCLASS_EXT(obj_class(obj));
        IDTAB_FOREACH(ext->iv_index, e)
            if (visible_ivar(e->key) && obj_ivar_at(obj, (uint32_t)e->val) != Qundef)
                ary_push(ary, str_new_cstr(sym_name(e->key)));
        return ary;
    }
    struct idtab *t = ivar_table(obj, false);
    IDTAB_FOREACH(t, e) if (visible_ivar(e->key)) ary_push(ary, str_new_cstr(sym_name(e->key)));
    return ary;
}

/* Every instance variable, hidden ones too, as [:name, value, ...]: a
   snapshot, so the caller may run Ruby code while walking it (Marshal). */
VALUE ivar_pairs(VALUE obj)
{
    VALUE ary = ary_new();
    if (!HEAP_P(obj)) return ary;
    if (BUILTIN_TYPE(obj) == T_OBJECT) {
        struct class_ext *ext = RCLASS_EXT(obj_class(obj));
        IDTAB_FOREACH(ext->iv_index, e) {
            VALUE v = obj_ivar_at(obj, (uint32_t)e->val);
            if (v != Qundef) ary_push(ary, ID2SYM(e->key)), ary_push(ary, v);
        }
        return ary;
    }
    struct idtab *t = ivar_table(obj, false);
    IDTAB_FOREACH(t, e) ary_push(ary, ID2SYM(e->key)), ary_push(ary, e->val);
    return ary;
}

void ivar_copy(VALUE dst, VALUE src)
{
    if (!HEAP_P(src) || !HEAP_P(dst)) return;
    if (BUILTIN_TYPE(src) == T_OBJECT && BUILTIN_TYPE(dst) == T_OBJECT) {
        struct class_ext *ext = RCLASS_EXT(obj_class(src));
        IDTAB_FOREACH(ext->iv_index, e) {
            VALUE v = obj_ivar_at(src, (uint32_t)e->val);
            if (v != Qundef) ivar_set(dst, e->key, v);
        }
        return;
    }
    struct idtab *t = ivar_table(src, false);
    IDTAB_FOREACH(t, e) ivar_set(dst, e->key, e->val);
}

/* ------------------------------------------------------------ class variables */
static VALUE cvar_base(VALUE klass)
{
    while (FL_TEST(klass, FL_SINGLETON)) {
        VALUE att = RCLASS_EXT(klass)->attached;
        if (!HEAP_P(att) || (BUILTIN_TYPE(att) != T_CLASS && BUILTIN_TYPE(att) != T_MODULE)) break;
        klass = att;
    }
    return klass;
}

static struct idtab *cvar_owner(VALUE klass, ID id)
{
    for (VALUE k = cvar_base(klass); k; k = RCLASS(k)->super) {
        VALUE real = BUILTIN_TYPE(k) == T_ICLASS ? iclass_module(k) : k;
        struct idtab *t = RCLASS_EXT(real)->cv_tbl;
        if (t && idtab_lookup(t, id, NULL)) return t;
    }
    return NULL;
}

VALUE cvar_get(VALUE klass, ID id)
{
    VALUE v;
    struct idtab *t = cvar_owner(klass, id);
    if (t && idtab_lookup(t, id, &v)) return v;
    klass = cvar_base(klass);
    exc_name_error(id, "uninitialized class variable %s in %s", sym_name(id), class_name(klass));
}

void cvar_set(VALUE klass, ID id, VALUE val, bool declare)
{
    struct idtab *t = cvar_owner(klass, id);
    if (!t) {
        struct class_ext *ext = RCLASS_EXT(cvar_base(klass));
        if (!ext->cv_tbl) ext->cv_tbl = idtab_new();
        t = ext->cv_tbl;
    }
    if (UNLIKELY(vm_safe_max >= 4) && vm_safe_level() >= 4 && !FL_TEST(klass, FL_TAINT))
        exc_raise(vm.c.SecurityError, "Insecure: can't modify class variable");
    idtab_insert(t, id, val);
}

bool cvar_defined(VALUE klass, ID id) { return cvar_owner(klass, id) != NULL; }

VALUE cvar_remove(VALUE klass, ID id)
{
    VALUE v;
    struct idtab *t = RCLASS_EXT(klass)->cv_tbl;
    return t && idtab_delete(t, id, &v) ? v : Qundef;
}

VALUE class_cvars(VALUE klass)
{
    VALUE ary = ary_new();
    for (VALUE k = klass; k; k = RCLASS(k)->super) {
        VALUE real = BUILTIN_TYPE(k) == T_ICLASS ? iclass_module(k) : k;
        IDTAB_FOREACH(RCLASS_EXT(real)->cv_tbl, e) {
            VALUE name = str_new_cstr(sym_name(e->key));
            if (!ary_includes(ary, name)) ary_push(ary, name);
        }
    }
    return ary;
}

/* ------------------------------------------------------------ constants */
static struct idtab *const_table(VALUE klass)
{
    if (BUILTIN_TYPE(klass) == T_ICLASS) klass = iclass_module(klass);
    return RCLASS_EXT(klass)->const_tbl;
}

/* What the table holds, autoload markers included (no loading). */
VALUE const_peek_at(VALUE klass, ID id)
{
    VALUE v;
    struct idtab *t = const_table(klass);
    return t && idtab_lookup(t, id, &v) ? v : Qundef;
}

VALUE const_get_at(VALUE klass, ID id)
{
    VALUE v = const_peek_at(klass, id);
    return autoload_marker_p(v) ? autoload_resolve(klass, id, v) : v;
}

/* An autoload about to load its file; a constant the file set meanwhile
   (a recursive require) stays. */
void const_delete_marker(VALUE klass, ID id, VALUE marker)
{
    struct idtab *t = const_table(klass);
    if (t && const_peek_at(klass, id) == marker) {
        idtab_delete(t, id, NULL);
        vm.const_state++;
    }
}

VALUE const_lookup(VALUE klass, ID id, bool inherit)
{
    VALUE v = const_get_at(klass, id);
    if (v != Qundef || !inherit) return v;
    for (VALUE k = RCLASS(klass)->super; k; k = RCLASS(k)->super)
        if ((v = const_get_at(k, id)) != Qundef) return v;
    if (BUILTIN_TYPE(klass) == T_MODULE) return const_get_at(vm.c.Object, id);
    return Qundef;
}

/* Scope::X (1.8.7's rb_const_get_from): the scope and its ancestors; a
   module does not look in Object, and a class that finds X only in Object
   warns that the toplevel X was meant.  Qundef if absent. */
VALUE const_lookup_from(VALUE klass, ID id, bool warn)
{
    for (VALUE k = klass; k; k = RCLASS(k)->super) {
        VALUE v = const_get_at(k, id);
        if (v == Qundef) continue;
        if (k == vm.c.Object && klass != vm.c.Object && warn)
            exc_warn("toplevel constant %s referenced by %s::%s", sym_name(id), class_name(klass), sym_name(id));
        return v;
    }
    return Qundef;
}

bool const_defined_from(VALUE klass, ID id)
{
    for (VALUE k = klass; k; k = RCLASS(k)->super)
        if (const_peek_at(k, id) != Qundef) return true;
    return false;
}

VALUE const_get(VALUE klass, ID id)
{
    VALUE v = const_lookup(klass, id, true);
    if (v != Qundef) return v;
    VALUE sym = ID2SYM(id);
    return vm_call(klass, ID_const_missing, 1, &sym);
}

void const_set(VALUE klass, ID id, VALUE val)
{
    if (BUILTIN_TYPE(klass) == T_ICLASS) klass = iclass_module(klass);
    if (UNLIKELY(vm_safe_max >= 4) && vm_safe_level() >= 4 && !FL_TEST(klass, FL_TAINT))
        exc_raise(vm.c.SecurityError, "Insecure: can't set constant");
    struct class_ext *ext = RCLASS_EXT(klass);
    if (!ext->const_tbl) ext->const_tbl = idtab_new();
    if (vm.verbose && idtab_lookup(ext->const_tbl, id, NULL))
        exc_warn("already initialized constant %s", sym_name(id));
    idtab_insert(ext->const_tbl, id, val);
    vm.const_state++;
    if (HEAP_P(val) && (BUILTIN_TYPE(val) == T_CLASS || BUILTIN_TYPE(val) == T_MODULE))
        class_name_under(val, klass, id);
}

/* Autoload constants are defined without being loaded, as in 1.8.7. */
bool const_defined(VALUE klass, ID id, bool inherit)
{
    if (const_peek_at(klass, id) != Qundef) return true;
    if (!inherit) return false;
    for (VALUE k = RCLASS(klass)->super; k; k = RCLASS(k)->super)
        if (const_peek_at(k, id) != Qundef) return true;
    return BUILTIN_TYPE(klass) == T_MODULE && const_peek_at(vm.c.Object, id) != Qundef;
}

VALUE const_remove(VALUE klass, ID id)
{
    VALUE v;
    struct idtab *t = const_table(klass);
    if (!t || !idtab_delete(t, id, &v))
        exc_name_error(id, "constant %s::%s not defined", class_name(klass), sym_name(id));
    vm.const_state++;
    return autoload_marker_p(v) ? Qnil : v;
}

VALUE class_constants(VALUE klass, bool inherit)
{
    VALUE ary = ary_new();
    for (VALUE k = klass; k; k = RCLASS(k)->super) {
        if (k == vm.c.Object && klass != vm.c.Object) break;   /* Object's are not inherited here */
        IDTAB_FOREACH(const_table(k), e) {
            VALUE name = str_new_cstr(sym_name(e->key));
            if (!ary_includes(ary, name)) ary_push(ary, name);
        }
        if (!inherit) break;
    }
    return ary;
}

void define_const(VALUE klass, const char *name, VALUE val)
{
    const_set(klass, sym_intern_cstr(name), val);
}

void define_global_const(const char *name, VALUE val)
{
    define_const(vm.c.Object, name, val);
}
