/* ev_expr.c: literals and constructors: numbers, strings (with
 * interpolation), symbols, regexps, arrays, hashes, ranges, flip-flops,
 * splats, backquotes, and defined?. */
#include <stdio.h>
#include <string.h>
#include "eval.h"

/* ------------------------------------------------------------ simple literals */
static VALUE ev_nil(struct node *n, struct frame *f) { return Qnil; }
static VALUE ev_true(struct node *n, struct frame *f) { return Qtrue; }
static VALUE ev_false(struct node *n, struct frame *f) { return Qfalse; }
static VALUE ev_self(struct node *n, struct frame *f) { return f->self; }

static VALUE ev_int(struct node *n, struct frame *f)
{
    return int_new(((struct node_int *)n)->val);
}

static VALUE ev_fixnum(struct node *n, struct frame *f)
{
    return INT2FIX(((struct node_int *)n)->val);
}

static VALUE ev_bigint(struct node *n, struct frame *f) { return ((struct node_bigint *)n)->lit; }
static VALUE ev_float(struct node *n, struct frame *f) { return ((struct node_float *)n)->lit; }
static VALUE ev_sym(struct node *n, struct frame *f) { return ID2SYM(((struct node_sym *)n)->id); }
static VALUE ev_regex(struct node *n, struct frame *f) { return ((struct node_str *)n)->lit; }

/* A string literal makes a new String each time; long ones share the
   literal's bytes until written. */
static VALUE ev_str(struct node *n, struct frame *f)
{
    VALUE lit = ((struct node_str *)n)->lit;
    if (FL_TEST(lit, STR_EMBED)) {      /* short: copy the whole slot payload */
        VALUE s = gc_new_obj(T_STRING, vm.c.String);
        RBASIC(s)->flags |= STR_EMBED;
        RSTRING(s)->len = RSTRING(lit)->len;
        RSTRING(s)->as = RSTRING(lit)->as;
        return s;
    }
    return str_new_shared(lit);
}

static VALUE ev_xstr(struct node *n, struct frame *f)
{
    VALUE cmd = str_new_shared(((struct node_str *)n)->lit);
    f->node = n;
    return vm_call(f->self, ID_backquote, 1, &cmd);
}

/* ------------------------------------------------------------ interpolation */
/* The bytes gather in a buffer on the stack and become one String of
   their size at the end (a String from the start once they outgrow it). */
struct dstr_buf {
    long len;
    VALUE spill;
    bool tainted;       /* a part was: the result is (1.8.7 appends them) */
    char buf[208];
};

static void dstr_spill(struct dstr_buf *b, const char *p, long n)
{
    if (!b->spill) {
        b->spill = str_new_capa(2 * (b->len + n));
        str_cat(b->spill, b->buf, b->len);
    }
    str_cat(b->spill, p, n);
}

static inline void dstr_cat(struct dstr_buf *b, const char *p, long n)
{
    if (UNLIKELY(b->spill || b->len + n > (long)sizeof b->buf)) {
        dstr_spill(b, p, n);
        return;
    }
    char *d = b->buf + b->len;
    b->len += n;
    if (n <= 16) while (n-- > 0) *d++ = *p++;   /* most parts are short: no call */
    else memcpy(d, p, (size_t)n);
}

static void dstr_append(struct dstr_buf *b, VALUE str)
{
    dstr_cat(b, RSTRING_PTR(str), RSTRING_LEN(str));
    if (FL_TEST(str, FL_TAINT)) b->tainted = true;
}

/* the decimal digits of v, written backwards from end */
static char *fix_digits(long v, char *end)
{
    unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;
    do *--end = (char)('0' + u % 10); while (u /= 10);
    if (v < 0) *--end = '-';
    return end;
}

/* "#{v}": what v.to_s gives, written without the call while the to_s of
   Fixnum, Symbol, nil, true, false and Float is the builtin one (1.8.7
   calls to_s, so a redefined one is called; a String is taken as is). */
static void dstr_value(struct dstr_buf *b, VALUE v)
{
    if (STRING_P(v)) { dstr_append(b, v); return; }
    if (LIKELY(!ev_to_s_redefined)) {
        char num[24], *end = num + sizeof num, *start;
        const char *name;
        switch (v) {
        case Qnil: return;
        case Qtrue: dstr_cat(b, "true", 4); return;
        case Qfalse: dstr_cat(b, "false", 5); return;
        default: break;
        }
        if (FIXNUM_P(v)) {
            start = fix_digits(FIX2LONG(v), end);
            dstr_cat(b, start, end - start);
            return;
        }
        if (SYMBOL_P(v)) {
            name = sym_name(SYM2ID(v));
            dstr_cat(b, name, (long)strlen(name));
            return;
        }
        if (FLOAT_P(v)) { dstr_append(b, flo_to_s(RFLOAT_VALUE(v))); return; }
    }
    dstr_append(b, obj_to_s(v));
}

static VALUE build_dstr(struct node_list *l, struct frame *f)
{
    struct dstr_buf b;
    b.len = 0;
    b.spill = 0;
    b.tainted = false;
    for (int i = 0; i < l->n; i++) {
        struct node *part = l->items[i];
        if (part->type == NODE_STR) {
            struct node_str *ps = (struct node_str *)part;
            dstr_cat(&b, ps->ptr, (long)ps->len);
        } else if (part->type == NODE_EVSTR) {
            dstr_value(&b, EVAL(((struct node_unary *)part)->value, f));
        } else {
            VALUE v = EVAL(part, f);
            dstr_append(&b, STRING_P(v) ? v : conv_to_str(v));
        }
    }
    VALUE s = b.spill ? b.spill : str_new(b.buf, b.len);
    if (b.tainted) FL_SET(s, FL_TAINT);
    return s;
}

static VALUE ev_evstr(struct node *n, struct frame *f)
{
    VALUE v = EVAL(((struct node_unary *)n)->value, f);
    return STRING_P(v) ? v : obj_to_s(v);
}

static VALUE ev_dstr(struct node *n, struct frame *f) { return build_dstr((struct node_list *)n, f); }

static VALUE ev_dxstr(struct node *n, struct frame *f)
{
    VALUE cmd = build_dstr((struct node_list *)n, f);
    f->node = n;
    return vm_call(f->self, ID_backquote, 1, &cmd);
}

static VALUE ev_dsym(struct node *n, struct frame *f)
{
    VALUE s = build_dstr((struct node_list *)n, f);
    if (RSTRING_LEN(s) == 0) exc_raise(vm.c.ArgumentError, "interning empty string");
    return ID2SYM(str_to_id(s));
}

static VALUE ev_dregx(struct node *n, struct frame *f)
{
    struct node_list *l = (struct node_list *)n;
    if (l->lit) return l->lit;
    VALUE src = build_dstr(l, f);
    f->node = n;
    VALUE re = re_new(src, l->re_options & ~RE_ONCE);
    if (l->re_options & RE_ONCE) {
        l->lit = re;
        script_add_literal(f->script, re);
    }
    return re;
}

/* ------------------------------------------------------------ collections */
VALUE ev_splat_value(VALUE v)
{
    if (ARRAY_P(v)) return v;
    if (NIL_P(v)) return ary_new_of(1, Qnil);      /* 1.8.7: *nil is one nil */
    return conv_to_a(v);
}

VALUE ev_svalue(VALUE ary)
{
    long len = RARRAY_LEN(ary);
    return len == 0 ? Qnil : len == 1 ? RARRAY_PTR(ary)[0] : ary;
}

static VALUE ev_array(struct node *n, struct frame *f)
{
    struct node_list *l = (struct node_list *)n;
    VALUE ary = ary_new_capa(l->n);
    for (int i = 0; i < l->n; i++) {
        struct node *item = l->items[i];
        if (item->type == NODE_SPLAT) ary_concat(ary, ev_splat_value(EVAL(((struct node_unary *)item)->value, f)));
        else ary_push(ary, EVAL(item, f));
    }
    return ary;
}

/* [a, b]: up to ARY_EMBED_MAX plain items stored straight into the new
   embedded Array, not pushed.  The Array is made first, as ev_array
   does: evaluating the items into a buffer first and copying them made
   binary-trees peak at 52.5 MB against 39.9 (its heap grew further in
   the deepest phase, 4 collections there against 6; dead whole trees
   were not kept, a probe found). */
static VALUE ev_array_small(struct node *n, struct frame *f)
{
    struct node_list *l = (struct node_list *)n;
    VALUE ary = ary_new_capa(l->n);
    for (int i = 0; i < l->n; i++) {
        VALUE v = EVAL(l->items[i], f);
        RARRAY(ary)->as.ary[i] = v;
        RARRAY(ary)->len = i + 1;
    }
    return ary;
}

static bool array_is_small(const struct node_list *l)
{
    if (l->n > ARY_EMBED_MAX) return false;
    for (int i = 0; i < l->n; i++)
        if (l->items[i]->type == NODE_SPLAT) return false;
    return true;
}

static VALUE ev_hash(struct node *n, struct frame *f)
{
    struct node_list *l = (struct node_list *)n;
    VALUE h = hash_new();
    for (int i = 0; i + 1 < l->n; i += 2) {
        VALUE k = EVAL(l->items[i], f);
        VALUE v = EVAL(l->items[i + 1], f);
        hash_aset(h, k, v);
    }
    return h;
}

static VALUE ev_splat(struct node *n, struct frame *f)
{
    return ev_svalue(ev_splat_value(EVAL(((struct node_unary *)n)->value, f)));
}

static VALUE ev_dot(struct node *n, struct frame *f)
{
    struct node_binary *b = (struct node_binary *)n;
    VALUE lo = EVAL(b->left, f);
    VALUE hi = EVAL(b->right, f);
    f->node = n;
    return range_new(lo, hi, n->type == NODE_DOT3);
}

/* a..b in a condition: true from when a holds until b holds (.. tests b
   at once, ... on the next evaluation); the state is a hidden local of
   the enclosing method, so that it lasts across runs of a block. */
static VALUE ev_flip(struct node *n, struct frame *f)
{
    struct node_flip *fl = (struct node_flip *)n;
    /* the slot is found again after each evaluation: eval may move it */
#define STATE (env_at(f, fl->depth)->vars[fl->slot])
    if (RTEST(STATE)) {
        if (RTEST(EVAL(fl->end, f))) STATE = Qfalse;
        return Qtrue;
    }
    if (!RTEST(EVAL(fl->beg, f))) return Qfalse;
    if (n->type == NODE_FLIP2 && RTEST(EVAL(fl->end, f))) return Qtrue;
    STATE = Qtrue;
    return Qtrue;
#undef STATE
}

static VALUE ev_match(struct node *n, struct frame *f)
{
    VALUE re = EVAL(((struct node_unary *)n)->value, f);
    VALUE line = vm_svar_get(1);
    if (!STRING_P(line)) { vm_svar_set(0, Qnil); return Qnil; }
    long pos = re_search(re, line, 0, false);
    return pos < 0 ? Qnil : INT2FIX(pos);
}

/* ------------------------------------------------------------ defined? */
static VALUE defined_protected(VALUE arg)
{
    struct node *n = (struct node *)arg;
    struct frame *f = vm.th->frame;
    return EVAL(n, f);
}

/* Evaluate a part of a defined? expression: an exception or a jump (break,
   next, return...) out of it means "not defined", and is dropped.  As in
   1.8.7, $! is left nil after a failure; a kill still unwinds. */
static bool eval_quietly(struct node *n, VALUE *out)
{
    int state;
    VALUE saved = vm.th->errinfo;
    *out = vm_protect(defined_protected, (VALUE)n, &state);
    if (state == TAG_FATAL) vm_jump_state(state);
    vm.th->errinfo = state ? Qnil : saved;
    return state == 0;
}

static const char *defined_kind(struct node *n, struct frame *f);

static bool args_defined(struct node_call *c, struct frame *f)
{
    for (int i = 0; i < c->argc; i++)              /* as 1.8's arg_defined */
        if (!defined_kind(c->args[i], f)) return false;
    return true;
}

static bool is_regex_literal(const struct node *n)
{
    return n && (n->type == NODE_REGEX || n->type == NODE_DREGX);
}

static const char *defined_call(struct node_call *c, struct frame *f)
{
    VALUE recv = f->self, v;
    /* a call with a block, or a &block argument, is run (1.8.7's NODE_ITER
       and NODE_BLOCK_PASS are not looked into) */
    if (c->block || c->block_arg) return eval_quietly(&c->h, &v) ? "expression" : NULL;
    /* `re =~ x` and `x =~ re` with a literal regexp are 1.8.7's MATCH2 and
       MATCH3 nodes: "method" without looking at the operands */
    if (c->mid == ID_match && c->argc == 1 && (is_regex_literal(c->recv) || is_regex_literal(c->args[0])))
        return "method";
    bool priv = c->recv == NULL;
    if (c->recv && !eval_quietly(c->recv, &recv)) return NULL;
    VALUE me = class_lookup_method(class_of(recv), c->mid);
    if (!me) return NULL;
    if (!priv && ME_VISI(me) == VIS_PRIVATE) return NULL;
    if (!priv && ME_VISI(me) == VIS_PROTECTED && !obj_is_kind_of(f->self, class_real(RMENTRY(me)->owner)))
        return NULL;
    return args_defined(c, f) ? "method" : NULL;
}

/* recv.x = v, recv[i] = v: the receiver, a setter of any visibility, the
   arguments and the value */
static const char *defined_attrasgn(struct node_call *c, struct frame *f)
{
    VALUE recv = f->self;
    if (c->recv && !eval_quietly(c->recv, &recv)) return NULL;
    if (!class_lookup_method(class_of(recv), c->mid)) return NULL;
    if (!args_defined(c, f)) return NULL;
    if (c->value && !defined_kind(c->value, f)) return NULL;
    return "assignment";
}

static const char *defined_kind(struct node *n, struct frame *f)
{
    VALUE v;
    switch (n->type) {
    case NODE_NIL: return "nil";
    case NODE_TRUE: return "true";
    case NODE_FALSE: return "false";
    case NODE_SELF: return "self";
    case NODE_LVAR: {
        /* 1.8.7 tells a block's own locals from the method's */
        const struct scope_info *s = env_at(f, ((struct node_lvar *)n)->depth)->scope;
        return s && (s->flags & SCOPE_OF_BLOCK) ? "local-variable(in-block)" : "local-variable";
    }
    case NODE_IVAR: return ivar_lookup(f->self, ((struct node_var *)n)->name) != Qundef ? "instance-variable" : NULL;
    case NODE_GVAR: return gvar_defined(((struct node_var *)n)->name) ? "global-variable" : NULL;
    case NODE_CVAR: return cvar_defined(ev_cvar_base(f), ((struct node_var *)n)->name) ? "class variable" : NULL;
    case NODE_CONST: {
        ID id = ((struct node_var *)n)->name;
        for (VALUE c = f->cref; c && RCREF(c)->prev; c = RCREF(c)->prev)
            if (const_peek_at(RCREF(c)->klass, id) != Qundef) return "constant";
        return const_defined(ev_const_base(f), id, true) || const_defined(vm.c.Object, id, false)
                   ? "constant" : NULL;
    }
    case NODE_COLON2: {
        struct node_colon *c = (struct node_colon *)n;
        VALUE scope;
        if (!eval_quietly(c->scope, &scope)) return NULL;
        if (!TYPE_P(scope, T_CLASS) && !TYPE_P(scope, T_MODULE)) return NULL;
        return const_defined_from(scope, c->name) ? "constant" : NULL;
    }
    case NODE_COLON3: return const_defined(vm.c.Object, ((struct node_colon *)n)->name, false) ? "constant" : NULL;
    case NODE_CALL: return defined_call((struct node_call *)n, f);
    case NODE_ATTRASGN: return defined_attrasgn((struct node_call *)n, f);
    case NODE_YIELD: return f->block ? "yield" : NULL;
    case NODE_SUPER: case NODE_ZSUPER: {
        VALUE me = f->me;
        if (!me) return NULL;
        VALUE k = class_of(f->self), owner = RMENTRY(me)->owner;
        while (k && k != owner && !(BUILTIN_TYPE(k) == T_ICLASS && iclass_module(k) == owner))
            k = RCLASS(k)->super;
        if (!k || !class_lookup_method(RCLASS(k)->super, ME_NAME(me))) return NULL;
        return n->type == NODE_ZSUPER || args_defined((struct node_call *)n, f) ? "super" : NULL;
    }
    case NODE_LASGN: case NODE_IASGN: case NODE_GASGN: case NODE_CVASGN: case NODE_CDECL:
    case NODE_MASGN: case NODE_OP_ASGN: case NODE_OP_ASGN_INDEX: case NODE_OP_ASGN_ATTR:
        return "assignment";
    case NODE_NTH_REF: {
        VALUE m = vm_svar_get(0);
        return !NIL_P(m) && !NIL_P(re_nth_match((int)((struct node_int *)n)->val, m)) ? "$" : NULL;
    }
    case NODE_BACK_REF: return NIL_P(vm_svar_get(0)) ? NULL : "$";
    default:
        /* anything else (!x, a && b, "#{x}", [x], begin ... end...) is
           evaluated, as 1.8.7 does: defined if it runs to its end */
        return eval_quietly(n, &v) ? "expression" : NULL;
    }
}

VALUE ev_defined(struct node *n, struct frame *f)
{
    const char *k = defined_kind(n, f);
    if (!k) return Qnil;
    if (k[0] == '$' && !k[1]) {
        char buf[16];
        if (n->type == NODE_NTH_REF) snprintf(buf, sizeof buf, "$%ld", ((struct node_int *)n)->val);
        else snprintf(buf, sizeof buf, "$%c", (int)((struct node_int *)n)->val);
        return str_new_cstr(buf);
    }
    return str_new_cstr(k);
}

static VALUE ev_defined_node(struct node *n, struct frame *f)
{
    struct node *e = ((struct node_unary *)n)->value;
    VALUE v;
    if (n->flags & NF_DEFINED_RUN) return eval_quietly(e, &v) ? str_new_cstr("expression") : Qnil;
    return ev_defined(e, f);
}

/* ------------------------------------------------------------ selector */
eval_fn ev_expr_select(struct node *n)
{
    switch (n->type) {
    case NODE_NIL: return ev_nil;
    case NODE_TRUE: return ev_true;
    case NODE_FALSE: return ev_false;
    case NODE_SELF: return ev_self;
    case NODE_INT: return FIXABLE(((struct node_int *)n)->val) ? ev_fixnum : ev_int;
    case NODE_BIGINT: return ev_bigint;
    case NODE_FLOAT: return ev_float;
    case NODE_STR: return ev_str;
    case NODE_XSTR: return ev_xstr;
    case NODE_SYM: return ev_sym;
    case NODE_REGEX: return ev_regex;
    case NODE_DSTR: return ev_dstr;
    case NODE_DXSTR: return ev_dxstr;
    case NODE_DSYM: return ev_dsym;
    case NODE_DREGX: return ev_dregx;
    case NODE_EVSTR: return ev_evstr;
    case NODE_ARRAY: return array_is_small((struct node_list *)n) ? ev_array_small : ev_array;
    case NODE_HASH: return ev_hash;
    case NODE_SPLAT: return ev_splat;
    case NODE_DOT2: case NODE_DOT3: return ev_dot;
    case NODE_FLIP2: case NODE_FLIP3: return ev_flip;
    case NODE_MATCH: return ev_match;
    case NODE_DEFINED: return ev_defined_node;
    default: return NULL;
    }
}
