/* marshal_load.c: Marshal.load, format 4.8 (marshal.h) with Ruby 1.8.7's
 * semantics: objects are numbered in the order they are read, so that '@'
 * links rebuild shared references and cycles; the optional proc is called
 * with each object once it is complete (children before their parents).
 *
 * The source is a String, read at an offset checked against its current
 * length at every read, or an IO-like object read through getc and read.
 * The numbered objects and symbols are kept in Arrays in a struct on the
 * C stack, which keeps them alive for the GC.
 */
#include <string.h>
#include "marshal.h"

struct load_state {
    VALUE src;      /* String, or the IO */
    bool from_io;
    long pos;       /* next byte of a String source */
    VALUE objs;     /* Array: link number -> object */
    VALUE syms;     /* Array: symlink number -> Symbol */
    VALUE proc;     /* called with each object, or Qnil */
    bool taint;     /* taint what is loaded */
};

static VALUE load_object0(struct load_state *st, bool *ivarp, VALUE extmod);
static VALUE load_object(struct load_state *st) { return load_object0(st, NULL, Qnil); }

static NORETURN void too_short(void) { exc_raise(vm.c.ArgumentError, "marshal data too short"); }
static NORETURN void format_error(const char *what)
{
    exc_raise(vm.c.ArgumentError, "dump format error%s", what);
}

/* ------------------------------------------------------------ bytes */
static int get_byte(struct load_state *st)
{
    if (!st->from_io) {
        if (st->pos >= RSTRING_LEN(st->src)) too_short();
        return (unsigned char)RSTRING_PTR(st->src)[st->pos++];
    }
    VALUE c = vm_call0(st->src, ID_getc);
    if (NIL_P(c)) exc_raise(vm.c.EOFError, "end of file reached");
    if (STRING_P(c) && RSTRING_LEN(c) > 0) return (unsigned char)RSTRING_PTR(c)[0];
    return (int)(num_to_long(c) & 0xff);
}

static long get_long(struct load_state *st)
{
    int c = (signed char)get_byte(st);
    if (c == 0) return 0;
    if (c > 4) return c - 5;
    if (c < -4) return c + 5;
    int n = c > 0 ? c : -c;
    unsigned long x = c > 0 ? 0 : ~0UL;
    for (int i = 0; i < n; i++) {
        x &= ~(0xffUL << (8 * i));
        x |= (unsigned long)get_byte(st) << (8 * i);
    }
    return (long)x;
}

static VALUE get_raw(struct load_state *st, long len)
{
    if (len < 0) too_short();
    if (!st->from_io) {
        if (len > RSTRING_LEN(st->src) - st->pos) too_short();
        VALUE s = str_new(RSTRING_PTR(st->src) + st->pos, len);
        st->pos += len;
        return s;
    }
    if (len == 0) return str_new(NULL, 0);
    VALUE s = vm_call1(st->src, ID_read, INT2FIX(len));
    if (NIL_P(s)) too_short();
    s = conv_to_str(s);
    if (RSTRING_LEN(s) != len) too_short();
    return s;
}

static VALUE get_bytes(struct load_state *st) { return get_raw(st, get_long(st)); }

/* ------------------------------------------------------------ symbols, classes */
static ID get_symbol_body(struct load_state *st)
{
    VALUE name = get_bytes(st);
    ID id = str_to_id(name);
    ary_push(st->syms, ID2SYM(id));
    return id;
}

static ID get_symlink(struct load_state *st)
{
    long n = get_long(st);
    if (n < 0 || n >= RARRAY_LEN(st->syms)) exc_raise(vm.c.ArgumentError, "bad symbol");
    return SYM2ID(RARRAY_PTR(st->syms)[n]);
}

/* A symbol where the format wants one (names of classes and ivars). */
static ID get_symbol(struct load_state *st)
{
    return get_byte(st) == MT_SYMLINK ? get_symlink(st) : get_symbol_body(st);
}

static VALUE path_to(const char *path, long len, enum vtype type)
{
    VALUE v = marshal_path_to_class(path, len);
    if (type != T_NONE && BUILTIN_TYPE(v) != type)
        exc_raise(vm.c.ArgumentError, "%.*s does not refer %s", (int)len, path,
                  type == T_CLASS ? "class" : "module");
    return v;
}

static VALUE get_class_named(struct load_state *st, enum vtype type)
{
    ID id = get_symbol(st);
    return path_to(sym_name(id), (long)sym_len(id), type);
}

/* ------------------------------------------------------------ numbering */
static VALUE enter(struct load_state *st, VALUE v)
{
    ary_push(st->objs, v);
    if (st->taint && HEAP_P(v) && !TYPE_P(v, T_CLASS) && !TYPE_P(v, T_MODULE)) FL_SET(v, FL_TAINT);
    return v;
}

/* A number for an object made later (by _load): links to it stay in order. */
static long reserve(struct load_state *st)
{
    ary_push(st->objs, Qnil);
    return RARRAY_LEN(st->objs) - 1;
}

static VALUE enter_at(struct load_state *st, long n, VALUE v)
{
    ary_store(st->objs, n, v);
    if (st->taint && HEAP_P(v) && !TYPE_P(v, T_CLASS) && !TYPE_P(v, T_MODULE)) FL_SET(v, FL_TAINT);
    return v;
}

/* The object is complete: hand it to the proc. */
static VALUE leave(struct load_state *st, VALUE v)
{
    if (!NIL_P(st->proc)) vm_call1(st->proc, ID_call, v);
    return v;
}

static VALUE get_link(struct load_state *st)
{
    long n = get_long(st);
    if (n < 0 || n >= RARRAY_LEN(st->objs)) format_error(" (unlinked)");
    return RARRAY_PTR(st->objs)[n];
}

static void load_ivars(struct load_state *st, VALUE obj)
{
    for (long n = get_long(st); n > 0; n--) {
        ID id = get_symbol(st);
        ivar_set(obj, id, load_object(st));
    }
}

/* ------------------------------------------------------------ numbers */
/* 'l': the magnitude's 16-bit words become GMP limbs in a String buffer
   (nothing for GMP to leak if a read raises). */
static VALUE load_bignum(struct load_state *st)
{
    int sign = get_byte(st);
    long words = get_long(st);
    if (words < 0) format_error(" (bignum)");
    VALUE bytes = get_raw(st, words * 2);
    long nbytes = RSTRING_LEN(bytes);
    long nlimbs = (nbytes + 7) / 8;
    VALUE buf = str_new(NULL, (nlimbs + 3) * (long)sizeof(mp_limb_t));   /* > 23 bytes: malloc'd, aligned */
    mp_limb_t *limbs = (mp_limb_t *)RSTRING_PTR(buf);
    const unsigned char *p = (const unsigned char *)RSTRING_PTR(bytes);
    for (long i = 0; i < nbytes; i++) limbs[i / 8] |= (mp_limb_t)p[i] << (8 * (i % 8));
    while (nlimbs > 0 && limbs[nlimbs - 1] == 0) nlimbs--;
    mpz_t z;
    mpz_roinit_n(z, limbs, sign == '-' ? -nlimbs : nlimbs);
    VALUE v = big_new_mpz(z);
    GC_GUARD(buf);
    GC_GUARD(bytes);
    return v;
}

static VALUE load_float(struct load_state *st)
{
    VALUE text = get_bytes(st);
    VALUE v = float_new(marshal_float_decode(RSTRING_PTR(text), RSTRING_LEN(text)));
    GC_GUARD(text);
    return v;
}

/* ------------------------------------------------------------ containers */
static VALUE load_array(struct load_state *st)
{
    long len = get_long(st);
    VALUE ary = enter(st, ary_new());
    for (long i = 0; i < len; i++) ary_push(ary, load_object(st));
    return ary;
}

static VALUE load_hash(struct load_state *st, bool with_default)
{
    long len = get_long(st);
    VALUE hash = enter(st, hash_new());
    for (long i = 0; i < len; i++) {
        VALUE key = load_object(st);
        hash_aset(hash, key, load_object(st));
    }
    if (with_default) RHASH(hash)->ifnone = load_object(st);
    return hash;
}

static VALUE load_regexp(struct load_state *st)
{
    VALUE src = get_bytes(st);
    int options = get_byte(st);
    return enter(st, re_new_options(src, options));
}

static NORETURN void struct_mismatch(VALUE klass, ID got, VALUE want)
{
    exc_raise(vm.c.TypeError, "struct %s not compatible (:%s for :%s)", class_name(klass),
              sym_name(got), SYMBOL_P(want) ? sym_name(SYM2ID(want)) : "");
}

/* 1.8.7 makes the struct with new(nil, ...), then fills in the members. */
static VALUE load_struct(struct load_state *st)
{
    VALUE klass = get_class_named(st, T_CLASS);
    VALUE members = struct_class_members(klass);
    long len = get_long(st);
    if (len < 0) format_error(" (struct)");
    if (len > RARRAY_LEN(members)) exc_raise(vm.c.ArgumentError, "struct size differs");  /* as new would */
    VALUE nils = ary_new();
    for (long i = 0; i < len; i++) ary_push(nils, Qnil);
    VALUE s = enter(st, class_new_instance(klass, (int)len, RARRAY_PTR(nils)));
    if (!TYPE_P(s, T_STRUCT)) format_error("");
    for (long i = 0; i < len; i++) {
        ID slot = get_symbol(st);
        VALUE want = ary_entry(members, i);
        if (want != ID2SYM(slot) || i >= RSTRUCT_LEN(s)) struct_mismatch(klass, slot, want);
        RSTRUCT_PTR(s)[i] = load_object(st);
    }
    return s;
}

/* ------------------------------------------------------------ objects */
/* A 1.8.7 Range: ivars excl, begin and end, then any others. */
static void load_range_ivars(struct load_state *st, VALUE r)
{
    VALUE beg = Qnil, end = Qnil, excl = Qfalse;
    for (long n = get_long(st); n > 0; n--) {
        ID id = get_symbol(st);
        VALUE v = load_object(st);
        const char *name = sym_name(id);
        if (strcmp(name, "begin") == 0) beg = v;
        else if (strcmp(name, "end") == 0) end = v;
        else if (strcmp(name, "excl") == 0) excl = v;
        else ivar_set(r, id, v);
    }
    VALUE args[3] = { beg, end, excl };
    vm_call(r, ID_initialize, 3, args);
}

static VALUE load_plain_object(struct load_state *st)
{
    VALUE klass = get_class_named(st, T_CLASS);
    VALUE obj = class_allocate(klass);
    if (TYPE_P(obj, T_RANGE)) {
        enter(st, obj);
        load_range_ivars(st, obj);
        return obj;
    }
    if (!TYPE_P(obj, T_OBJECT)) format_error("");
    enter(st, obj);
    load_ivars(st, obj);
    return obj;
}

static VALUE load_user_def(struct load_state *st, bool *ivarp)
{
    VALUE klass = get_class_named(st, T_CLASS);
    if (!vm_respond_to(klass, ID__load, false))
        exc_raise(vm.c.TypeError, "class %s needs to have method `_load'", class_name(klass));
    long n = reserve(st);
    VALUE data = get_bytes(st);
    if (ivarp) {   /* the 'I' wrapper's ivars belong to the string */
        load_ivars(st, data);
        *ivarp = false;
    }
    return enter_at(st, n, vm_call1(klass, ID__load, data));
}

static void extend_with(VALUE obj, VALUE extmod)
{
    while (!NIL_P(extmod) && RARRAY_LEN(extmod) > 0) obj_extend(obj, ary_pop(extmod));
}

static VALUE load_usr_marshal(struct load_state *st, VALUE extmod)
{
    VALUE klass = get_class_named(st, T_CLASS);
    VALUE obj = class_allocate(klass);
    extend_with(obj, extmod);
    if (!vm_respond_to(obj, ID_marshal_load, false))
        exc_raise(vm.c.TypeError, "instance of %s needs to have method `marshal_load'",
                  class_name(klass));
    enter(st, obj);
    vm_call1(obj, ID_marshal_load, load_object(st));
    return obj;
}

static VALUE load_data(struct load_state *st, VALUE extmod)
{
    VALUE klass = get_class_named(st, T_CLASS);
    VALUE obj = class_allocate(klass);
    if (!TYPE_P(obj, T_DATA)) format_error("");
    enter(st, obj);
    if (!vm_respond_to(obj, ID__load_data, false))
        exc_raise(vm.c.TypeError, "class %s needs to have instance method `_load_data'",
                  class_name(klass));
    vm_call1(obj, ID__load_data, load_object0(st, NULL, extmod));
    return obj;
}

static VALUE load_extended(struct load_state *st, VALUE extmod)
{
    VALUE m = get_class_named(st, T_MODULE);
    if (NIL_P(extmod)) extmod = ary_new();
    ary_push(extmod, m);
    VALUE obj = load_object0(st, NULL, extmod);
    extend_with(obj, extmod);
    return obj;
}

/* 'C': a String, Array, Hash or Regexp of a user subclass. */
static VALUE load_user_class(struct load_state *st, VALUE extmod)
{
    VALUE klass = get_class_named(st, T_CLASS);
    if (FL_TEST(klass, FL_SINGLETON)) exc_raise(vm.c.TypeError, "singleton can't be loaded");
    VALUE obj = load_object0(st, NULL, extmod);
    if (!HEAP_P(obj) || TYPE_P(obj, T_OBJECT) || TYPE_P(obj, T_CLASS) || TYPE_P(obj, T_MODULE))
        format_error(" (user class)");
    /* not a subclass (a clone of String, say): its instances must be of
       the same built-in type, as 1.8.7 checks */
    if (!class_inherits(klass, obj_class(obj)) && BUILTIN_TYPE(class_allocate(klass)) != BUILTIN_TYPE(obj))
        format_error(" (user class)");
    RBASIC(obj)->klass = klass;
    return obj;
}

static VALUE load_class_ref(struct load_state *st, enum vtype type)
{
    VALUE path = get_bytes(st);
    VALUE v = path_to(RSTRING_PTR(path), RSTRING_LEN(path), type);
    GC_GUARD(path);
    return enter(st, v);
}

/* The types that hand the finished object to the proc; false for others. */
static bool load_simple(struct load_state *st, int type, VALUE extmod, bool *ivarp, VALUE *out)
{
    VALUE v;
    switch (type) {
    case MT_NIL: v = Qnil; break;
    case MT_TRUE: v = Qtrue; break;
    case MT_FALSE: v = Qfalse; break;
    case MT_FIXNUM: v = INT2FIX(get_long(st)); break;
    case MT_SYMBOL: v = ID2SYM(get_symbol_body(st)); break;
    case MT_FLOAT: v = enter(st, load_float(st)); break;
    case MT_BIGNUM: v = enter(st, load_bignum(st)); break;
    case MT_STRING: v = enter(st, get_bytes(st)); break;
    case MT_REGEXP: v = load_regexp(st); break;
    case MT_ARRAY: v = load_array(st); break;
    case MT_HASH: case MT_HASH_DEF: v = load_hash(st, type == MT_HASH_DEF); break;
    case MT_STRUCT: v = load_struct(st); break;
    case MT_OBJECT: v = load_plain_object(st); break;
    case MT_USERDEF: v = load_user_def(st, ivarp); break;
    case MT_USRMARSHAL: v = load_usr_marshal(st, extmod); break;
    case MT_DATA: v = load_data(st, extmod); break;
    case MT_CLASS: v = load_class_ref(st, T_CLASS); break;
    case MT_MODULE: v = load_class_ref(st, T_MODULE); break;
    case MT_MODULE_OLD: v = load_class_ref(st, T_NONE); break;
    default: return false;
    }
    *out = leave(st, v);
    return true;
}

/* ivarp: set when an 'I' wrapper's instance variables follow; cleared by
   a type that took them itself.  extmod: modules to extend the object with. */
static VALUE load_object0(struct load_state *st, bool *ivarp, VALUE extmod)
{
    vm_check_stack();
    int type = get_byte(st);
    VALUE v;
    switch (type) {
    case MT_LINK: return get_link(st);
    case MT_SYMLINK: return ID2SYM(get_symlink(st));
    case MT_EXTENDED: return load_extended(st, extmod);
    case MT_UCLASS: return load_user_class(st, extmod);
    case MT_IVAR: {
        bool ivars = true;
        v = load_object0(st, &ivars, extmod);
        if (ivars) load_ivars(st, v);
        return v;
    }
    default:
        if (load_simple(st, type, extmod, ivarp, &v)) return v;
        exc_raise(vm.c.ArgumentError, "dump format error(0x%x)", type);
    }
}

/* ------------------------------------------------------------ Marshal.load */
static void check_version(struct load_state *st)
{
    int major = get_byte(st);
    int minor = get_byte(st);
    if (major != MARSHAL_MAJOR || minor > MARSHAL_MINOR)
        exc_raise(vm.c.TypeError, "incompatible marshal file format (can't be read)\n"
                  "\tformat version %d.%d required; %d.%d given",
                  MARSHAL_MAJOR, MARSHAL_MINOR, major, minor);
    if (vm.verbose > 1 && minor != MARSHAL_MINOR)
        exc_warn("incompatible marshal file format (can be read)\n"
                 "\tformat version %d.%d required; %d.%d given",
                 MARSHAL_MAJOR, MARSHAL_MINOR, major, minor);
}

VALUE marshal_load_m(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    struct load_state st = {
        .src = argv[0], .objs = ary_new(), .syms = ary_new(), .proc = argc > 1 ? argv[1] : Qnil,
    };
    VALUE str = conv_check_str(argv[0]);
    if (!NIL_P(str)) {
        st.src = str;
        st.taint = HEAP_P(argv[0]) && FL_TEST(argv[0], FL_TAINT);
    } else if (vm_respond_to(st.src, ID_getc, false) && vm_respond_to(st.src, ID_read, false)) {
        if (vm_respond_to(st.src, ID_binmode, false)) vm_call0(st.src, ID_binmode);
        st.from_io = true;
        st.taint = true;
    } else {
        exc_raise(vm.c.TypeError, "instance of IO needed");
    }
    check_version(&st);
    VALUE v = load_object(&st);
    GC_GUARD(st.objs);
    GC_GUARD(st.syms);
    GC_GUARD(st.src);
    return v;
}
