/* symbol_class.c: the Symbol class (the symbol table itself is symbol.c):
 * to_s, to_i, inspect with 1.8's rules for when a name needs quotes
 * (:foo, :"foo bar", :+, :[]=, :a?, :@iv, :$g), to_proc, all_symbols. */
#include <string.h>
#include "string_int.h"

/* ------------------------------------------------------------ names that need no quotes */
static bool ident_char(int c) { return STR_ISALNUM(c) || c == '_'; }

/* $~ $* ... $0, $-w, $1 ... : whole name after the '$' */
static bool special_gvar(const char *m, const char *end)
{
    if (m >= end) return false;
    if (*m && strchr("~*$?!@/\\;,.=:<>\"&`'+0", *m)) return m + 1 == end;
    if (*m == '-') {
        m++;
        if (m < end && ident_char((unsigned char)*m)) m++;
        return m == end;
    }
    if (!STR_ISDIGIT(*m)) return false;
    while (m < end && STR_ISDIGIT(*m)) m++;
    return m == end;
}

/* an operator method name: where it ends, or NULL */
static const char *operator_end(const char *m, const char *end)
{
    char c1 = m + 1 < end ? m[1] : '\0', c2 = m + 2 < end ? m[2] : '\0';
    switch (*m) {
    case '<':
        if (c1 == '<') return m + 2;
        if (c1 == '=') return c2 == '>' ? m + 3 : m + 2;
        return m + 1;
    case '>': return c1 == '>' || c1 == '=' ? m + 2 : m + 1;
    case '=':
        if (c1 == '~') return m + 2;
        if (c1 == '=') return c2 == '=' ? m + 3 : m + 2;
        return NULL;
    case '*': return c1 == '*' ? m + 2 : m + 1;
    case '+': case '-': return c1 == '@' ? m + 2 : m + 1;
    case '|': case '^': case '&': case '/': case '%': case '~': case '`':
        return m + 1;
    case '[':
        if (c1 != ']') return NULL;
        return c2 == '=' ? m + 3 : m + 2;
    default: return NULL;
    }
}

/* under a multibyte $KCODE, 1.8.7 takes multibyte characters as letters
   (a lead byte: re_mbclen looks at the first byte only) */
static bool mb_start(const char *m)
{
    return (unsigned char)*m >= 0x80 && str_kcode_mb() && re_mbclen(m, 8) > 1;
}

/* an identifier from m, with ? ! = allowed at the end of local names */
static const char *ident_end(const char *m, const char *end, bool localid)
{
    if (m >= end || (*m != '_' && !STR_ISALPHA(*m) && !mb_start(m))) return NULL;
    while (m < end && (ident_char((unsigned char)*m) || mb_start(m)))
        m += mb_start(m) ? re_mbclen(m, end - m) : 1;
    if (localid && m < end && (*m == '!' || *m == '?' || *m == '=')) m++;
    return m;
}

static bool symname_p(const char *m, long len)
{
    const char *end = m + len, *e;
    if (len == 0) return false;
    switch (*m) {
    case '$':
        if (special_gvar(m + 1, end)) return true;
        e = ident_end(m + 1, end, false);
        break;
    case '@':
        m++;
        if (m < end && *m == '@') m++;
        e = ident_end(m, end, false);
        break;
    case '<': case '>': case '=': case '*': case '+': case '-': case '|':
    case '^': case '&': case '/': case '%': case '~': case '`': case '[':
        e = operator_end(m, end);
        break;
    default:
        e = ident_end(m, end, !STR_ISUPPER(*m));
        break;
    }
    return e == end;
}

VALUE str_sym_inspect(ID id)
{
    const char *name = sym_name(id);
    long len = (long)sym_len(id);
    VALUE s = str_new(":", 1);
    if (symname_p(name, len)) return str_cat(s, name, len);
    return str_append(s, str_dump(str_new(name, len)));    /* 1.8.7: dump, not inspect */
}

/* ------------------------------------------------------------ methods */
static VALUE y_to_s(VALUE self, int argc, const VALUE *argv)
{
    ID id = SYM2ID(self);
    return str_new(sym_name(id), (long)sym_len(id));
}

static VALUE y_to_i(VALUE self, int argc, const VALUE *argv) { return INT2FIX(sym_to_i(SYM2ID(self))); }
/* 1.8.7: a Symbol converts to an Integer, with a warning under -w */
static VALUE y_to_int(VALUE self, int argc, const VALUE *argv)
{
    if (vm.verbose > 1) exc_warn("treating Symbol as an integer");
    return y_to_i(self, argc, argv);
}

static VALUE y_to_sym(VALUE self, int argc, const VALUE *argv) { return self; }
static VALUE y_inspect(VALUE self, int argc, const VALUE *argv) { return str_sym_inspect(SYM2ID(self)); }
static VALUE y_eq(VALUE self, int argc, const VALUE *argv) { return BOOL2V(self == argv[0]); }

/* the block of :name.to_proc: calls name on the first value with the rest */
static VALUE sym_call(VALUE sym, int argc, const VALUE *argv)
{
    if (argc < 1) exc_raise(vm.c.ArgumentError, "no receiver given");
    return vm_call(argv[0], SYM2ID(sym), argc - 1, argv + 1);
}

static VALUE y_to_proc(VALUE self, int argc, const VALUE *argv)
{
    struct block blk;
    memset(&blk, 0, sizeof blk);
    blk.cfunc = sym_call;
    blk.cdata = self;
    return proc_new(&blk, false);
}

static VALUE y_s_all_symbols(VALUE self, int argc, const VALUE *argv)
{
    size_t n = sym_count();
    VALUE ary = ary_new_capa((long)n);
    for (size_t id = 1; id <= n; id++) ary_push(ary, ID2SYM((ID)id));
    return ary;
}

void symbol_class_init(void)
{
    VALUE c = vm.c.Symbol = class_define("Symbol", vm.c.Object);
    class_set_allocator(c, NULL);
    undef_method(singleton_class(c), "new");
    define_singleton_method(c, "all_symbols", y_s_all_symbols, 0);
    define_method(c, "to_s", y_to_s, 0);
    define_method(c, "id2name", y_to_s, 0);
    define_method(c, "to_i", y_to_i, 0);
    define_method(c, "to_int", y_to_int, 0);
    define_method(c, "to_sym", y_to_sym, 0);
    define_method(c, "inspect", y_inspect, 0);
    define_method(c, "to_proc", y_to_proc, 0);
    define_method(c, "==", y_eq, 1);
    define_method(c, "===", y_eq, 1);
}
