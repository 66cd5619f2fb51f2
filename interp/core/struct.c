/* struct.c: Struct, the class factory (1.8.7 semantics).
 *
 * Struct.new(:a, :b) makes a new class (named Struct::Name when the first
 * argument is a String) whose instances are T_STRUCT slots holding one
 * VALUE per member (embedded up to STRUCT_EMBED_MAX, else a malloc'd
 * array that gc.c frees).  The member names, an Array of Symbols, sit in
 * the class's hidden instance variable __members__; subclasses find it by
 * walking up.  Accessors are C functions: the first few members get
 * fixed-index functions, the others look their index up by method name.
 */
#include <string.h>
#include "runtime/internal.h"

/* ------------------------------------------------------------ members */
static VALUE class_members(VALUE klass)
{
    for (VALUE c = klass; c && !NIL_P(c); c = class_superclass(c)) {
        VALUE m = ivar_lookup(c, ID_members_ivar);
        if (m != Qundef) return m;
    }
    exc_raise(vm.c.TypeError, "uninitialized struct");
}

static VALUE members(VALUE s) { return class_members(obj_class(s)); }
VALUE struct_class_members(VALUE klass) { return class_members(klass); }

/* Member names as Strings (1.8's Struct#members) */
static VALUE member_strings(VALUE syms)
{
    VALUE ary = ary_new_capa(RARRAY_LEN(syms));
    for (long i = 0; i < RARRAY_LEN(syms); i++)
        ary_push(ary, str_new_cstr(sym_name(SYM2ID(RARRAY_PTR(syms)[i]))));
    return ary;
}

/* Index of member id, or -1. */
static long member_index(VALUE s, ID id)
{
    VALUE m = members(s);
    for (long i = 0; i < RARRAY_LEN(m); i++)
        if (SYM2ID(RARRAY_PTR(m)[i]) == id) return i;
    return -1;
}

static void struct_modify(VALUE s)
{
    if (FL_TEST(s, FL_FROZEN)) exc_raise(vm.c.TypeError, "can't modify frozen Struct");
}

static VALUE struct_alloc(VALUE klass)
{
    long n = RARRAY_LEN(class_members(klass));
    VALUE s = gc_new_obj(T_STRUCT, klass);
    VALUE *p = RSTRUCT(s)->as.ary;
    if (n > STRUCT_EMBED_MAX) {
        p = xmalloc((size_t)n * sizeof(VALUE));
        gc_malloc_increase((size_t)n * sizeof(VALUE));
        RSTRUCT(s)->as.ptr = p;
        FL_SET(s, STRUCT_HEAP);
    }
    for (long i = 0; i < n; i++) p[i] = Qnil;
    RSTRUCT(s)->len = n;
    return s;
}

/* ------------------------------------------------------------ accessors */
/* The name this accessor was defined as (not an alias's name). */
static ID accessor_name(void)
{
    VALUE me = vm.th->frame ? vm.th->frame->me : 0;
    return me ? ME_NAME(me) : vm_current_mid();
}

static NORETURN void no_member(ID id)
{
    exc_name_error(id, "no member '%s' in struct", sym_name(id));
}

static VALUE struct_ref(VALUE self, int argc, const VALUE *argv)
{
    ID id = accessor_name();
    long i = member_index(self, id);
    if (i < 0) no_member(id);
    return RSTRUCT_PTR(self)[i];
}

static VALUE struct_set(VALUE self, int argc, const VALUE *argv)
{
    ID setter = accessor_name();
    ID id = sym_intern(sym_name(setter), sym_len(setter) - 1);
    long i = member_index(self, id);
    if (i < 0) no_member(id);
    struct_modify(self);
    return RSTRUCT_PTR(self)[i] = argv[0];
}

#define REF_SET(n) \
    static VALUE ref##n(VALUE self, int argc, const VALUE *argv) { return RSTRUCT_PTR(self)[n]; } \
    static VALUE set##n(VALUE self, int argc, const VALUE *argv) \
    { struct_modify(self); return RSTRUCT_PTR(self)[n] = argv[0]; }
REF_SET(0) REF_SET(1) REF_SET(2) REF_SET(3) REF_SET(4)
REF_SET(5) REF_SET(6) REF_SET(7) REF_SET(8) REF_SET(9)
static const cfunc ref_fn[] = { ref0, ref1, ref2, ref3, ref4, ref5, ref6, ref7, ref8, ref9 };
static const cfunc set_fn[] = { set0, set1, set2, set3, set4, set5, set6, set7, set8, set9 };

static void define_accessors(VALUE klass, VALUE syms)
{
    for (long i = 0; i < RARRAY_LEN(syms); i++) {
        ID id = SYM2ID(RARRAY_PTR(syms)[i]);
        if (!sym_is_local(id) && !sym_is_const(id)) continue;
        bool fixed = i < (long)countof(ref_fn);
        define_method(klass, sym_name(id), fixed ? ref_fn[i] : struct_ref, 0);
        define_method(klass, sym_name(sym_attrset(id)), fixed ? set_fn[i] : struct_set, 1);
    }
}

/* ------------------------------------------------------------ Struct.new */
static VALUE struct_s_new_instance(VALUE klass, int argc, const VALUE *argv)
{
    return class_new_instance(klass, argc, argv);
}

static VALUE struct_s_members(VALUE klass, int argc, const VALUE *argv)
{
    return member_strings(class_members(klass));
}

/* The class: anonymous, or the constant Struct::Name. */
static VALUE make_class(VALUE super, VALUE name)
{
    VALUE klass;
    if (NIL_P(name)) {
        klass = class_new(super);
    } else {
        name = conv_to_str(name);
        ID id = str_to_id(name);
        if (!sym_is_const(id)) exc_name_error(id, "identifier %s needs to be constant", sym_name(id));
        if (const_get_at(super, id) != Qundef) {
            exc_warn("redefining constant Struct::%s", sym_name(id));
            const_remove(super, id);
        }
        klass = class_new(super);
        class_name_under(klass, super, id);
        const_set(super, id, klass);
    }
    vm_call1(super, ID_inherited, klass);
    return klass;
}

/* Struct.new("Name"?, :a, :b) { class body } */
static VALUE struct_s_def(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, -1);
    VALUE name = argv[0];
    int first = 1;
    if (SYMBOL_P(name)) { name = Qnil; first = 0; }
    VALUE syms = ary_new_capa(argc - first);
    for (int i = first; i < argc; i++) ary_push(syms, ID2SYM(conv_to_id(argv[i])));
    obj_freeze(syms);
    VALUE klass = make_class(self, name);
    ivar_set(klass, ID_members_ivar, syms);
    class_set_allocator(klass, struct_alloc);
    define_singleton_method(klass, "new", struct_s_new_instance, -1);
    define_singleton_method(klass, "[]", struct_s_new_instance, -1);
    define_singleton_method(klass, "members", struct_s_members, 0);
    define_accessors(klass, syms);
    if (vm_block_given())
        vm_call_with_block(klass, ID_class_eval, 0, NULL, vm_current_block());
    return klass;
}

/* ------------------------------------------------------------ instances */
static VALUE struct_initialize(VALUE self, int argc, const VALUE *argv)
{
    struct_modify(self);
    long n = RSTRUCT_LEN(self);
    if (argc > n) exc_raise(vm.c.ArgumentError, "struct size differs");
    VALUE *p = RSTRUCT_PTR(self);
    for (long i = 0; i < n; i++) p[i] = i < argc ? argv[i] : Qnil;
    return Qnil;
}

static VALUE struct_init_copy(VALUE self, int argc, const VALUE *argv)
{
    VALUE orig = argv[0];
    if (self == orig) return self;
    struct_modify(self);
    if (!obj_is_instance_of(orig, obj_class(self))) exc_raise(vm.c.TypeError, "wrong argument class");
    if (RSTRUCT_LEN(self) != RSTRUCT_LEN(orig)) exc_raise(vm.c.TypeError, "struct size mismatch");
    memcpy(RSTRUCT_PTR(self), RSTRUCT_PTR(orig), (size_t)RSTRUCT_LEN(self) * sizeof(VALUE));
    return self;
}

/* Resolve s[idx]: a member name (Symbol/String) or an Integer offset. */
static long struct_offset(VALUE s, VALUE idx)
{
    if (SYMBOL_P(idx) || STRING_P(idx)) {
        ID id = conv_to_id(idx);
        long i = member_index(s, id);
        if (i < 0) no_member(id);
        return i;
    }
    long len = RSTRUCT_LEN(s), i = num_to_long(idx);
    if (i < 0) i += len;
    if (i < 0) exc_raise(vm.c.IndexError, "offset %ld too small for struct(size:%ld)", i, len);
    if (i >= len) exc_raise(vm.c.IndexError, "offset %ld too large for struct(size:%ld)", i, len);
    return i;
}

static VALUE struct_aref(VALUE self, int argc, const VALUE *argv)
{
    return RSTRUCT_PTR(self)[struct_offset(self, argv[0])];
}

static VALUE struct_aset(VALUE self, int argc, const VALUE *argv)
{
    long i = struct_offset(self, argv[0]);
    struct_modify(self);
    return RSTRUCT_PTR(self)[i] = argv[1];
}

static VALUE struct_members_m(VALUE self, int argc, const VALUE *argv) { return member_strings(members(self)); }
static VALUE struct_size(VALUE self, int argc, const VALUE *argv) { return INT2FIX(RSTRUCT_LEN(self)); }

static VALUE struct_to_a(VALUE self, int argc, const VALUE *argv)
{
    return ary_new_from(RSTRUCT_LEN(self), RSTRUCT_PTR(self));
}

static VALUE struct_each(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "each", 0, NULL);
    for (long i = 0; i < RSTRUCT_LEN(self); i++) vm_yield1(RSTRUCT_PTR(self)[i]);
    return self;
}

static VALUE struct_each_pair(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "each_pair", 0, NULL);
    VALUE m = members(self);
    for (long i = 0; i < RSTRUCT_LEN(self); i++) vm_yield_values(2, RARRAY_PTR(m)[i], RSTRUCT_PTR(self)[i]);
    return self;
}

static VALUE struct_select(VALUE self, int argc, const VALUE *argv)
{
    if (argc > 0) exc_arity(argc, 0, 0);
    if (!vm_block_given()) vm_need_block();   /* 1.8.7: no Enumerator */
    VALUE ary = ary_new();
    for (long i = 0; i < RSTRUCT_LEN(self); i++) {
        VALUE v = RSTRUCT_PTR(self)[i];
        if (RTEST(vm_yield1(v))) ary_push(ary, v);
    }
    return ary;
}

/* Integers and Ranges of offsets, as Array#values_at */
static VALUE struct_values_at(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = ary_new();
    for (int i = 0; i < argc; i++) {
        long beg, len;
        if (obj_is_kind_of(argv[i], vm.c.Range)) {
            if (range_beg_len(argv[i], &beg, &len, RSTRUCT_LEN(self), 0))
                for (long j = beg; j < beg + len; j++) ary_push(ary, RSTRUCT_PTR(self)[struct_offset(self, INT2FIX(j))]);
            continue;
        }
        ary_push(ary, RSTRUCT_PTR(self)[struct_offset(self, int_new(num_to_long(argv[i])))]);
    }
    return ary;
}

static VALUE struct_equal(VALUE self, VALUE other, bool eql)
{
    if (self == other) return Qtrue;
    if (!TYPE_P(other, T_STRUCT) || obj_class(self) != obj_class(other)) return Qfalse;
    if (RSTRUCT_LEN(self) != RSTRUCT_LEN(other)) return Qfalse;
    for (long i = 0; i < RSTRUCT_LEN(self); i++) {
        VALUE a = RSTRUCT_PTR(self)[i], b = RSTRUCT_PTR(other)[i];
        if (!(eql ? obj_eql(a, b) : obj_equal(a, b))) return Qfalse;
    }
    return Qtrue;
}

static VALUE struct_eq(VALUE self, int argc, const VALUE *argv) { return struct_equal(self, argv[0], false); }
static VALUE struct_eql(VALUE self, int argc, const VALUE *argv) { return struct_equal(self, argv[0], true); }

static VALUE struct_hash(VALUE self, int argc, const VALUE *argv)
{
    unsigned long h = (unsigned long)obj_hash(obj_class(self));
    for (long i = 0; i < RSTRUCT_LEN(self); i++) {
        h = (h << 1) | (h >> (sizeof h * 8 - 1));
        h ^= (unsigned long)obj_hash(RSTRUCT_PTR(self)[i]);
    }
    return INT2FIX((long)(h >> 1));
}

/* ------------------------------------------------------------ inspect */
static VALUE inspect_body(VALUE s, VALUE arg, bool recursive)
{
    const char *cn = obj_classname(s);
    if (recursive) return str_new_fmt("#<struct %s:...>", cn);
    VALUE str = str_new_fmt("#<struct %s ", cn);
    VALUE m = members(s);
    for (long i = 0; i < RSTRUCT_LEN(s); i++) {
        if (i > 0) str_cat(str, ", ", 2);
        ID id = SYM2ID(RARRAY_PTR(m)[i]);
        if (sym_is_local(id) || sym_is_const(id)) str_cat_cstr(str, sym_name(id));
        else str_append(str, str_sym_inspect(id));
        str_cat(str, "=", 1);
        str_append(str, obj_inspect(RSTRUCT_PTR(s)[i]));
    }
    return obj_infect(str_cat(str, ">", 1), s);
}

static VALUE struct_inspect(VALUE self, int argc, const VALUE *argv)
{
    return hash_exec_recursive(inspect_body, self, Qnil, "inspect");
}

/* ------------------------------------------------------------ init */
void struct_init(void)
{
    VALUE c = vm.c.Struct = class_define("Struct", vm.c.Object);
    module_include(c, vm.c.Enumerable);
    class_set_allocator(c, struct_alloc);
    define_singleton_method(c, "new", struct_s_def, -1);
    define_private_method(c, "initialize", struct_initialize, -1);
    define_private_method(c, "initialize_copy", struct_init_copy, 1);
    define_method(c, "==", struct_eq, 1);
    define_method(c, "eql?", struct_eql, 1);
    define_method(c, "hash", struct_hash, 0);
    define_method(c, "to_s", struct_inspect, 0);
    define_method(c, "inspect", struct_inspect, 0);
    define_method(c, "to_a", struct_to_a, 0);
    define_method(c, "values", struct_to_a, 0);
    define_method(c, "size", struct_size, 0);
    define_method(c, "length", struct_size, 0);
    define_method(c, "each", struct_each, 0);
    define_method(c, "each_pair", struct_each_pair, 0);
    define_method(c, "[]", struct_aref, 1);
    define_method(c, "[]=", struct_aset, 2);
    define_method(c, "members", struct_members_m, 0);
    define_method(c, "select", struct_select, -1);
    define_method(c, "values_at", struct_values_at, -1);
}
