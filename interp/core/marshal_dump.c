/* marshal_dump.c: Marshal.dump, format 4.8 as Ruby 1.8.7 writes it.
 *
 * The bytes collect in a String; with an IO they go to it in chunks of
 * about 8 KB, written between objects.
 * Every heap object and flonum gets its link number when first written.  The numbers
 * are looked up by address, so every numbered object is also kept in an
 * Array: a temporary (a marshal_dump result) must not be collected and its
 * address given to a new object that would then pass for it.  All of this
 * state is in one struct on the C stack, where the GC sees it.
 */
#include <string.h>
#include "marshal.h"
#include "runtime/idtab.h"

#define DUMP_CHUNK 8192

struct dump_state {
    VALUE out;      /* bytes not yet written to dest */
    VALUE dest;     /* the IO, or Qnil */
    VALUE links;    /* Hash: object address as a Fixnum -> link number */
    VALUE keep;     /* Array: the numbered objects, index = link number */
    VALUE syms;     /* Hash: Symbol -> symlink number */
    bool taint;     /* a tainted object was written */
    long depth;     /* objects being written, outermost included */
};

static void dump_object(struct dump_state *st, VALUE obj, long limit);

/* ------------------------------------------------------------ bytes */
static void flush_to_dest(struct dump_state *st)
{
    if (NIL_P(st->dest) || RSTRING_LEN(st->out) == 0) return;
    VALUE chunk = st->out;
    st->out = str_new_capa(DUMP_CHUNK);
    if (st->taint) FL_SET(chunk, FL_TAINT);
    vm_call1(st->dest, ID_write, chunk);
}

/* Only between objects: IO#write runs Ruby code, which could change a
   String whose bytes are being copied. */
static void flush_if_full(struct dump_state *st)
{
    if (RSTRING_LEN(st->out) >= DUMP_CHUNK) flush_to_dest(st);
}

static void put_raw(struct dump_state *st, const char *p, long len) { str_cat(st->out, p, len); }

static void put_byte(struct dump_state *st, int c)
{
    char b = (char)c;
    put_raw(st, &b, 1);
}

/* The format's compact integer (marshal.h); at most 4 bytes of payload. */
static void put_long(struct dump_state *st, long x)
{
    if (x < -0x80000000L || x > 0x7fffffffL) exc_raise(vm.c.TypeError, "long too big to dump");
    char buf[5];
    int n;
    if (x == 0) { put_byte(st, 0); return; }
    if (x > 0 && x < 123) { put_byte(st, (int)x + 5); return; }
    if (x < 0 && x > -124) { put_byte(st, (int)(x - 5) & 0xff); return; }
    for (n = 1; n <= 4; n++) {
        buf[n] = (char)(x & 0xff);
        x >>= 8;   /* arithmetic: negative numbers end at -1 */
        if (x == 0) { buf[0] = (char)n; break; }
        if (x == -1) { buf[0] = (char)-n; break; }
    }
    put_raw(st, buf, n + 1);
}

static void put_bytes(struct dump_state *st, const char *p, long len)
{
    put_long(st, len);
    put_raw(st, p, len);
}

static void put_string_bytes(struct dump_state *st, VALUE str)
{
    put_bytes(st, RSTRING_PTR(str), RSTRING_LEN(str));
    GC_GUARD(str);
}

static void put_symbol(struct dump_state *st, ID id)
{
    VALUE sym = ID2SYM(id);
    VALUE n = hash_lookup(st->syms, sym);
    if (n != Qundef) {
        put_byte(st, MT_SYMLINK);
        put_long(st, FIX2LONG(n));
        return;
    }
    put_byte(st, MT_SYMBOL);
    put_bytes(st, sym_name(id), (long)sym_len(id));
    hash_aset(st->syms, sym, INT2FIX(hash_size(st->syms)));
}

/* ------------------------------------------------------------ classes */
/* A class name as a symbol; anonymous ones cannot be found when loading. */
static void put_unique(struct dump_state *st, VALUE path)
{
    if (RSTRING_PTR(path)[0] == '#')
        exc_raise(vm.c.TypeError, "can't dump anonymous class %s", RSTRING_PTR(path));
    put_symbol(st, str_to_id(path));
}

/* The path of a class or module that loading will find again. */
static VALUE referable_path(VALUE klass)
{
    VALUE path = class_path(klass);
    if (RSTRING_PTR(path)[0] == '#')
        exc_raise(vm.c.TypeError, "can't dump anonymous %s %s",
                  BUILTIN_TYPE(klass) == T_CLASS ? "class" : "module", RSTRING_PTR(path));
    if (marshal_path_to_class(RSTRING_PTR(path), RSTRING_LEN(path)) != klass)
        exc_raise(vm.c.TypeError, "%s can't be referred", RSTRING_PTR(path));
    return path;
}

static bool singleton_has_state(VALUE klass)
{
    struct idtab *m = RCLASS(klass)->m_tbl;
    struct idtab *iv = RCLASS_EXT(klass)->iv_tbl;
    return (m && m->count > 0) || (iv && iv->count > 0);
}

/* 'e' for each module the object was extended with, nearest first.
   check: a singleton class with methods of its own cannot be dumped. */
static void put_extended(struct dump_state *st, VALUE klass, bool check)
{
    if (check && FL_TEST(klass, FL_SINGLETON)) {
        if (singleton_has_state(klass)) exc_raise(vm.c.TypeError, "singleton can't be dumped");
        klass = RCLASS(klass)->super;
    }
    for (; BUILTIN_TYPE(klass) == T_ICLASS; klass = RCLASS(klass)->super) {
        put_byte(st, MT_EXTENDED);
        put_unique(st, class_path(iclass_module(klass)));
    }
}

/* Extensions, the type byte and the object's class. */
static void put_class_of(struct dump_state *st, int type, VALUE obj, bool check)
{
    VALUE klass = class_of(obj);
    put_extended(st, klass, check);
    put_byte(st, type);
    put_unique(st, referable_path(class_real(klass)));
}

/* Extensions, and 'C' when obj's class is a user subclass of base. */
static void put_user_class(struct dump_state *st, VALUE obj, VALUE base)
{
    VALUE klass = class_of(obj);
    put_extended(st, klass, true);
    klass = class_real(klass);
    if (klass == base) return;
    put_byte(st, MT_UCLASS);
    put_unique(st, class_path(klass));
}

/* ------------------------------------------------------------ links */
/* a flonum is its own key (all 64 bits matter), a heap object its address */
static VALUE address_key(VALUE obj) { return FLONUM_P(obj) ? obj : INT2FIX((long)obj); }

static bool put_link_if_seen(struct dump_state *st, VALUE obj)
{
    VALUE n = hash_lookup(st->links, address_key(obj));
    if (n == Qundef) return false;
    put_byte(st, MT_LINK);
    put_long(st, FIX2LONG(n));
    return true;
}

static void number_object(struct dump_state *st, VALUE obj)
{
    hash_aset(st->links, address_key(obj), INT2FIX(RARRAY_LEN(st->keep)));
    ary_push(st->keep, obj);
}

/* ------------------------------------------------------------ numbers */
/* 'l': sign, length in 16-bit words, little-endian magnitude. */
static void put_bignum(struct dump_state *st, mpz_srcptr z)
{
    size_t nbytes = (mpz_sizeinbase(z, 2) + 7) / 8;
    size_t padded = nbytes + (nbytes & 1);
    VALUE buf = str_new(NULL, (long)padded);
    size_t written = 0;
    mpz_export(RSTRING_PTR(buf), &written, -1, 1, 0, 0, z);
    put_byte(st, MT_BIGNUM);
    put_byte(st, mpz_sgn(z) < 0 ? '-' : '+');
    put_long(st, (long)(padded / 2));
    put_raw(st, RSTRING_PTR(buf), (long)padded);
    GC_GUARD(buf);
}

/* 1.8.7 on 64 bits writes a Fixnum as 'i' only when it fits 31 bits;
   others become a new Bignum, one more object level deeper. */
static void put_fixnum(struct dump_state *st, VALUE obj, long limit)
{
    long n = FIX2LONG(obj);
    if (n >= -0x40000000L && n < 0x40000000L) {
        put_byte(st, MT_FIXNUM);
        put_long(st, n);
        return;
    }
    if (limit == 0) exc_raise(vm.c.ArgumentError, "exceed depth limit");
    mp_limb_t limb = n < 0 ? -(mp_limb_t)n : (mp_limb_t)n;
    mpz_t z;
    put_bignum(st, mpz_roinit_n(z, &limb, n < 0 ? -1 : 1));
    ary_push(st->keep, Qnil);   /* that Bignum had a link number */
}

static void put_float(struct dump_state *st, double d)
{
    char buf[MARSHAL_FLOAT_BUFSIZE];
    put_byte(st, MT_FLOAT);
    put_bytes(st, buf, marshal_float_encode(d, buf));
}

/* ------------------------------------------------------------ containers */
static void put_ivar_list(struct dump_state *st, VALUE pairs, long limit)
{
    long n = RARRAY_LEN(pairs) / 2;
    put_long(st, n);
    for (long i = 0; i < n; i++) {
        put_symbol(st, SYM2ID(RARRAY_PTR(pairs)[2 * i]));
        dump_object(st, RARRAY_PTR(pairs)[2 * i + 1], limit);
    }
}

static void put_array(struct dump_state *st, VALUE ary, long limit)
{
    put_user_class(st, ary, vm.c.Array);
    put_byte(st, MT_ARRAY);
    long len = RARRAY_LEN(ary);
    put_long(st, len);
    for (long i = 0; i < len; i++) dump_object(st, ary_entry(ary, i), limit);  /* it may shrink */
}

static enum hash_iter collect_pair(VALUE key, VALUE val, void *arg)
{
    ary_push((VALUE)arg, key);
    ary_push((VALUE)arg, val);
    return HASH_CONTINUE;
}

static void put_hash(struct dump_state *st, VALUE hash, long limit)
{
    put_user_class(st, hash, vm.c.Hash);
    VALUE ifnone = RHASH(hash)->ifnone;
    if (FL_TEST(hash, HASH_PROC_DEFAULT))
        exc_raise(vm.c.TypeError, "can't dump hash with default proc");
    put_byte(st, NIL_P(ifnone) ? MT_HASH : MT_HASH_DEF);
    VALUE pairs = ary_new_capa(2 * hash_size(hash));
    hash_foreach(hash, collect_pair, (void *)pairs);
    long n = RARRAY_LEN(pairs) / 2;
    put_long(st, n);
    for (long i = 0; i < 2 * n; i++) dump_object(st, RARRAY_PTR(pairs)[i], limit);
    if (!NIL_P(ifnone)) dump_object(st, ifnone, limit);
}

static void put_struct(struct dump_state *st, VALUE s, long limit)
{
    put_class_of(st, MT_STRUCT, s, true);
    VALUE members = struct_class_members(obj_class(s));
    long len = RSTRUCT_LEN(s);
    put_long(st, len);
    for (long i = 0; i < len; i++) {
        put_symbol(st, SYM2ID(ary_entry(members, i)));
        dump_object(st, RSTRUCT_PTR(s)[i], limit);
    }
}

/* 1.8.7's Range is a plain object with ivars excl, begin and end. */
static void put_range(struct dump_state *st, VALUE r, long limit)
{
    VALUE pairs = ary_new_of(6, sym_to_value("excl"), BOOL2V(FL_TEST(r, RANGE_EXCL)),
                             sym_to_value("begin"), RRANGE(r)->beg,
                             sym_to_value("end"), RRANGE(r)->end);
    ary_concat(pairs, ivar_pairs(r));
    put_class_of(st, MT_OBJECT, r, true);
    put_ivar_list(st, pairs, limit);
}

/* ------------------------------------------------------------ objects */
static void put_data(struct dump_state *st, VALUE obj, long limit)
{
    if (obj_is_kind_of(obj, vm.c.IO)) exc_raise(vm.c.TypeError, "can't dump %s", obj_classname(obj));
    if (!vm_respond_to(obj, ID__dump_data, false))
        exc_raise(vm.c.TypeError, "no marshal_dump is defined for class %s", obj_classname(obj));
    VALUE v = vm_call0(obj, ID__dump_data);
    put_class_of(st, MT_DATA, obj, true);
    dump_object(st, v, limit);
}

static void put_class_or_module(struct dump_state *st, VALUE klass)
{
    if (FL_TEST(klass, FL_SINGLETON)) exc_raise(vm.c.TypeError, "singleton class can't be dumped");
    put_byte(st, BUILTIN_TYPE(klass) == T_CLASS ? MT_CLASS : MT_MODULE);
    put_string_bytes(st, referable_path(klass));
}

/* The object itself, after any 'I' and before its instance variables. */
static void put_body(struct dump_state *st, VALUE obj, long limit)
{
    switch (BUILTIN_TYPE(obj)) {
    case T_CLASS: case T_MODULE: put_class_or_module(st, obj); break;
    case T_FLOAT: put_float(st, RFLOAT_VALUE(obj)); break;
    case T_BIGNUM: put_bignum(st, RBIGNUM(obj)->mp); break;
    case T_STRING:
        put_user_class(st, obj, vm.c.String);
        put_byte(st, MT_STRING);
        put_string_bytes(st, obj);
        break;
    case T_REGEXP:
        put_user_class(st, obj, vm.c.Regexp);
        put_byte(st, MT_REGEXP);
        put_string_bytes(st, RREGEXP(obj)->src);
        put_byte(st, RREGEXP(obj)->options);
        break;
    case T_ARRAY: put_array(st, obj, limit); break;
    case T_HASH: put_hash(st, obj, limit); break;
    case T_STRUCT: put_struct(st, obj, limit); break;
    case T_RANGE: put_range(st, obj, limit); break;
    case T_OBJECT:
        put_class_of(st, MT_OBJECT, obj, true);
        if (obj_is_kind_of(obj, vm.c.Exception)) exc_backtrace_get(obj);   /* made when asked for */
        put_ivar_list(st, ivar_pairs(obj), limit);
        break;
    case T_DATA: put_data(st, obj, limit); break;
    case T_PROC:
        exc_raise(vm.c.TypeError, "no marshal_dump is defined for class %s", obj_classname(obj));
    default:
        exc_raise(vm.c.TypeError, "can't dump %s", obj_classname(obj));
    }
}

/* Generic instance variables (those of a String, Array ...) go in an 'I'
   wrapper; plain objects and Ranges write theirs in their body. */
static VALUE wrapped_ivars(VALUE obj)
{
    switch (BUILTIN_TYPE(obj)) {
    case T_OBJECT: case T_CLASS: case T_MODULE: case T_RANGE: return Qnil;
    default: break;
    }
    if (!FL_TEST(obj, FL_EXIVAR)) return Qnil;
    VALUE pairs = ivar_pairs(obj);
    return RARRAY_LEN(pairs) ? pairs : Qnil;
}

static void put_usr_marshal(struct dump_state *st, VALUE obj, VALUE ivars, long limit)
{
    VALUE data = vm_call0(obj, ID_marshal_dump);
    put_class_of(st, MT_USRMARSHAL, obj, false);
    dump_object(st, data, limit);
    if (!NIL_P(ivars)) put_long(st, 0);   /* 1.8.7 announces them, writes none */
}

static void put_user_def(struct dump_state *st, VALUE obj, VALUE ivars, long limit)
{
    VALUE data = vm_call1(obj, ID__dump, INT2FIX(limit));
    if (!STRING_P(data)) exc_raise(vm.c.TypeError, "_dump() must return string");
    if (NIL_P(ivars)) {
        ivars = wrapped_ivars(data);   /* the string's own, read back onto it */
        if (!NIL_P(ivars)) put_byte(st, MT_IVAR);
    }
    put_class_of(st, MT_USERDEF, obj, false);
    put_string_bytes(st, data);
    if (!NIL_P(ivars)) put_ivar_list(st, ivars, limit);
}

static void put_heap_object(struct dump_state *st, VALUE obj, long limit)
{
    if (FL_TEST(obj, FL_TAINT)) st->taint = true;
    number_object(st, obj);
    VALUE ivars = wrapped_ivars(obj);
    if (!NIL_P(ivars)) put_byte(st, MT_IVAR);
    if (vm_respond_to(obj, ID_marshal_dump, false)) {
        put_usr_marshal(st, obj, ivars, limit);
    } else if (vm_respond_to(obj, ID__dump, false)) {
        put_user_def(st, obj, ivars, limit);
    } else {
        put_body(st, obj, limit);
        if (!NIL_P(ivars)) put_ivar_list(st, ivars, limit);
    }
}

/* limit: levels still allowed below this one; negative for no limit. */
static void dump_object(struct dump_state *st, VALUE obj, long limit)
{
    if (limit == 0) exc_raise(vm.c.ArgumentError, "exceed depth limit");
    limit--;
    vm_check_stack();
    flush_if_full(st);
    st->depth++;   /* and -- after: no sibling call, so an endless chain of
                      marshal_dump results ends in SystemStackError */
    if (HEAP_P(obj)) {
        if (!put_link_if_seen(st, obj)) put_heap_object(st, obj, limit);
    } else if (FIXNUM_P(obj)) {
        put_fixnum(st, obj, limit);
    } else if (SYMBOL_P(obj)) {
        put_symbol(st, SYM2ID(obj));
    } else if (FLONUM_P(obj)) {
        /* a flonum is the same object as any equal one: linked as such */
        if (!put_link_if_seen(st, obj)) {
            number_object(st, obj);
            put_float(st, RFLOAT_VALUE(obj));
        }
    } else {
        put_byte(st, obj == Qnil ? MT_NIL : obj == Qtrue ? MT_TRUE : MT_FALSE);
    }
    st->depth--;
}

/* ------------------------------------------------------------ Marshal.dump */
static NORETURN void io_needed(void) { exc_raise(vm.c.TypeError, "instance of IO needed"); }

/* dump(obj [, io] [, limit]): port is nil without an IO. */
static void dump_args(int argc, const VALUE *argv, VALUE *port, long *limit)
{
    arity_check(argc, 1, 3);
    *port = Qnil;
    *limit = -1;
    if (argc == 3) {
        if (!NIL_P(argv[2])) *limit = num_to_int(argv[2]);
        if (NIL_P(argv[1])) io_needed();
        *port = argv[1];
    } else if (argc == 2) {
        if (FIXNUM_P(argv[1])) *limit = FIX2LONG(argv[1]);
        else if (NIL_P(argv[1])) io_needed();
        else *port = argv[1];
    }
    if (!NIL_P(*port) && !vm_respond_to(*port, ID_write, false)) io_needed();
}

VALUE marshal_dump_m(VALUE self, int argc, const VALUE *argv)
{
    VALUE port;
    long limit;
    dump_args(argc, argv, &port, &limit);
    struct dump_state st = {
        .out = str_new_capa(NIL_P(port) ? 0 : DUMP_CHUNK), .dest = port,
        .links = hash_new(), .keep = ary_new(), .syms = hash_new(), .taint = false, .depth = 0,
    };
    if (!NIL_P(port) && vm_respond_to(port, ID_binmode, false)) vm_call0(port, ID_binmode);
    put_byte(&st, MARSHAL_MAJOR);
    put_byte(&st, MARSHAL_MINOR);
    dump_object(&st, argv[0], limit);
    if (NIL_P(port)) {
        if (st.taint) FL_SET(st.out, FL_TAINT);
        return st.out;
    }
    flush_to_dest(&st);
    GC_GUARD(st.links);
    GC_GUARD(st.keep);
    GC_GUARD(st.syms);
    return port;
}
