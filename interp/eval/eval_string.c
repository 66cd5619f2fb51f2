/* eval_string.c: code given as a String: Kernel#eval (with a Binding or a
 * Proc), instance_eval, class_eval/module_eval, and their block and _exec
 * forms.  Evaluated code sees the local variables of the place it runs in:
 * the parser is told the enclosing scopes, and the new program's
 * environment hangs below the caller's (which is on the heap, because the
 * parser marks scopes that call eval or binding as captured).  Locals the
 * code makes are added to that environment, as MRI 1.8 kept them.
 *
 * Where the code says it is, as 1.8.7: with a Binding and no file, at the
 * file and line where the binding was made, its backtraces going on with
 * the binding's frames; code of "(eval)" that raises reports the place of
 * the eval call first; a SyntaxError says "compile error". */
#include <string.h>
#include "eval.h"

#define MAX_OUTER 256

struct eval_ctx {
    VALUE self;
    struct env *env;
    VALUE cref;
    const struct block *block;
};

static void caller_context(struct eval_ctx *c)
{
    struct frame *f = vm_ruby_frame();
    c->self = f ? f->self : vm.top_self;
    c->env = f ? env_escape(f->env) : NULL;
    c->cref = f ? f->cref : vm.top_cref;
    c->block = f ? f->block : NULL;
}

/* "file:line:in `m'" of the eval'd code at line, in the method o says
   (a Binding's) or the caller's */
static VALUE code_position(const struct eval_origin *o, const char *file, int line)
{
    struct frame *f = vm_ruby_frame();
    ID mid = o && o->bt_tail != EVAL_SKIP_CALLER ? o->mid : f ? f->mid : 0;
    if (mid) return str_new_fmt("%s:%d:in `%s'", file, line, sym_name(mid));
    return str_new_fmt("%s:%d", file, line);
}

/* The frames that follow eval'd code in a backtrace (as exc_backtrace_here
   shows them from inside it) */
static VALUE frames_after_code(const struct eval_origin *o)
{
    if (o && ARRAY_P(o->bt_tail)) return ary_dup(o->bt_tail);
    VALUE bt = exc_backtrace_here(0);
    if (o && o->bt_tail == EVAL_SKIP_CALLER) {
        /* the method called (instance_eval...) and its caller are left out */
        int n = 0;
        struct frame *caller = vm_ruby_frame();
        for (struct frame *g = vm.th->frame; g && g != caller; g = g->prev) n++;
        return ary_subseq(bt, n + 1 < RARRAY_LEN(bt) ? n + 1 : RARRAY_LEN(bt), RARRAY_LEN(bt));
    }
    return bt;
}

/* 1.8.7: code eval'd as "(eval)" that raises reports where eval was called
   in place of its own first line, and a String message starts with that
   line: "(eval):1:in `m': x" (a method_missing message is not a String). */
static void patch_eval_error(VALUE exc, const struct eval_origin *o)
{
    VALUE bt = exc_backtrace_get(exc);
    if (!ARRAY_P(bt) || RARRAY_LEN(bt) == 0) return;
    struct frame *here = vm.th->frame;          /* the C frame of eval, instance_eval... */
    struct frame *at = o && ARRAY_P(o->bt_tail) ? here : here->prev;
    if (!at) return;
    VALUE first = RARRAY_PTR(bt)[0];
    VALUE mesg = ivar_get(exc, ID_mesg);
    if (STRING_P(mesg) && STRING_P(first) && NIL_P(ivar_get(exc, ID_mesg_made)))
        ivar_set(exc, ID_mesg, str_new_fmt("%s: %s", RSTRING_PTR(first), RSTRING_PTR(mesg)));
    bt = ary_dup(bt);
    ary_store(bt, 0, exc_frame_position(at));
    exc_set_backtrace(exc, bt);
}

/* 1.8.7's SyntaxError of eval: "compile error" and the parser's message,
   raised from the line of the error in the eval'd code */
static NORETURN void raise_syntax_error(const struct eval_origin *o, const struct parse_error *err,
                                        const char *file)
{
    VALUE pos = code_position(o, file, err->line);
    VALUE msg = str_new_fmt("compile error\n%s", err->message);
    VALUE exc = exc_new_str(vm.c.SyntaxError, msg);
    VALUE bt = frames_after_code(o);
    ary_unshift(bt, pos);
    exc_set_backtrace(exc, bt);
    if (strcmp(file, "(eval)") == 0) patch_eval_error(exc, o);
    exc_raise_obj(exc);
}

static VALUE parse_in(struct eval_ctx *c, const struct eval_origin *o, VALUE src, const char *file, int line)
{
    struct parse_outer outer[MAX_OUTER];
    int n = 0;
    for (struct env *e = c->env; e && n < MAX_OUTER; e = e->outer, n++) {
        static const struct scope_info empty = { 0, NULL, 0 };
        outer[n].scope = e->scope ? e->scope : &empty;
        outer[n].next = NULL;
        if (n > 0) outer[n - 1].next = &outer[n];
    }
    struct parse_error err;
    VALUE script = vm_parse(RSTRING_PTR(src), (size_t)RSTRING_LEN(src), file, line, n ? outer : NULL, &err);
    GC_GUARD(src);
    if (!script) raise_syntax_error(o, &err, file);
    return script;
}

struct run_args {
    struct eval_ctx *c;
    const struct eval_origin *o;
    VALUE script;
};

static VALUE run_protected(VALUE arg)
{
    struct run_args *a = (struct run_args *)arg;
    return vm_run_eval(a->script, a->c->self, a->c->cref, a->c->env, a->c->block, a->o);
}

static VALUE eval_in(struct eval_ctx *c, const struct eval_origin *o, VALUE src, const char *file, int line)
{
    src = conv_to_str(src);
    VALUE script = parse_in(c, o, src, file, line);
    /* parsed again, the new names resolve to the scope's slots */
    if (c->env && env_adopt_locals(c->env, script)) script = parse_in(c, o, src, file, line);
    struct run_args a = { c, o, script };
    if (strcmp(file, "(eval)") != 0) return run_protected((VALUE)&a);
    int state;
    VALUE v = vm_protect(run_protected, (VALUE)&a, &state);
    GC_GUARD(script);
    if (state == TAG_RAISE) patch_eval_error(vm.th->errinfo, o);
    if (state) vm_jump_state(state);
    return v;
}

/* eval's context from a Binding (or a Proc, as 1.8 allows); with no file
   given, the code is at the file and line where the binding was made */
static void from_binding(struct eval_ctx *c, struct eval_origin *o, VALUE binding, const char **file,
                         int *line, bool file_given)
{
    if (!binding_context(binding, &c->self, &c->env, &c->cref, &c->block) || !binding_origin(binding, o))
        exc_raise(vm.c.TypeError, "wrong argument type %s (expected Proc/Binding)", obj_classname(binding));
    if (c->env && !(c->env->flags & ENV_HEAP)) c->env = NULL;
    if (!file_given && o->file) {
        *file = o->file;
        *line = o->line;
    }
}

VALUE vm_eval_string(VALUE self, VALUE src, VALUE binding, const char *file, int line)
{
    struct eval_ctx c;
    struct eval_origin o;
    caller_context(&c);
    if (!NIL_P(binding)) {
        from_binding(&c, &o, binding, &file, &line, true);
        return eval_in(&c, &o, src, file, line);
    }
    c.self = self;
    return eval_in(&c, NULL, src, file, line);
}

static void file_line_args(int argc, const VALUE *argv, int first, const char **file, int *line)
{
    *file = "(eval)";
    *line = 1;
    if (argc > first && !NIL_P(argv[first])) *file = RSTRING_PTR(conv_to_str(argv[first]));
    if (argc > first + 1) *line = num_to_int(argv[first + 1]);
}

/* $SAFE: below level 4 no tainted code; at level 4 (where all is
   tainted) not in a binding made outside, as 1.8.7 */
static void eval_safe_check(VALUE src, VALUE binding)
{
    if (vm_safe_level() < 4) {
        vm_check_safe_obj(src);
        return;
    }
    if (!NIL_P(binding) && HEAP_P(binding) && !FL_TEST(binding, FL_TAINT))
        exc_raise(vm.c.SecurityError, "Insecure: can't modify trusted binding");
}

static VALUE k_eval(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 4);
    const char *file;
    int line;
    file_line_args(argc, argv, 2, &file, &line);
    eval_safe_check(argv[0], argc > 1 ? argv[1] : Qnil);
    struct eval_ctx c;
    struct eval_origin o;
    caller_context(&c);
    if (argc > 1 && !NIL_P(argv[1])) {
        from_binding(&c, &o, argv[1], &file, &line, argc > 2 && !NIL_P(argv[2]));
        return eval_in(&c, &o, argv[0], file, line);
    }
    return eval_in(&c, NULL, argv[0], file, line);
}

/* binding.eval(src [, file [, line]]): eval(src, binding, ...), new in 1.8.7 */
static VALUE binding_eval(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 3);
    VALUE args[4] = { argv[0], self, argc > 1 ? argv[1] : Qnil, argc > 2 ? argv[2] : Qnil };
    return k_eval(Qnil, argc + 1, args);
}

/* ------------------------------------------------------------ instance_eval, class_eval */
/* instance_eval's class: the singleton class, where `def` defines.  As in
   1.8.7, an object that has none (a Fixnum, a Symbol, nil, true, false)
   takes no def, and a Float or Bignum no singleton method: def_class is
   then DEF_CLASS_NONE or DEF_CLASS_NO_SINGLETON (constants are still
   looked up in its class). */
static VALUE eval_cref_class(VALUE obj, VALUE *def_class)
{
    *def_class = 0;
    if (FLOAT_P(obj) || BIGNUM_P(obj)) {
        *def_class = DEF_CLASS_NO_SINGLETON;
        return class_of(obj);
    }
    if (FIXNUM_P(obj) || SYMBOL_P(obj) || !HEAP_P(obj)) {
        *def_class = DEF_CLASS_NONE;
        return class_of(obj);
    }
    return singleton_class(obj);
}

static VALUE eval_under(VALUE self, VALUE under, VALUE def_class, int argc, const VALUE *argv, bool pass_self)
{
    const struct block *blk = vm_current_block();
    if (blk && argc == 0) {
        VALUE arg = self;
        return vm_invoke_block(blk, pass_self ? 1 : 0, &arg, self, def_class ? def_class : under, 0);
    }
    if (blk) exc_arity(argc, 0, 0);
    arity_check(argc, 1, 3);
    eval_safe_check(argv[0], Qnil);
    const char *file;
    int line;
    file_line_args(argc, argv, 1, &file, &line);
    struct eval_ctx c;
    caller_context(&c);
    c.self = self;
    c.cref = cref_new(under, c.cref);
    struct eval_origin o = { NULL, line, 0, 0, EVAL_SKIP_CALLER, def_class };
    return eval_in(&c, &o, argv[0], file, line);
}

static VALUE k_instance_eval(VALUE self, int argc, const VALUE *argv)
{
    VALUE def_class;
    VALUE under = eval_cref_class(self, &def_class);
    return eval_under(self, under, def_class, argc, argv, true);
}

static VALUE mod_class_eval(VALUE self, int argc, const VALUE *argv)
{
    return eval_under(self, self, 0, argc, argv, true);
}

static VALUE exec_under(VALUE self, VALUE under, int argc, const VALUE *argv)
{
    const struct block *blk = vm_current_block();
    if (!blk) exc_local_jump("noreason", Qnil, "no block given");
    return vm_invoke_block(blk, argc, argv, self, under, 0);
}

static VALUE k_instance_exec(VALUE self, int argc, const VALUE *argv)
{
    VALUE def_class;
    VALUE under = eval_cref_class(self, &def_class);
    return exec_under(self, def_class ? def_class : under, argc, argv);
}

static VALUE mod_class_exec(VALUE self, int argc, const VALUE *argv)
{
    return exec_under(self, self, argc, argv);
}

void eval_init(void)
{
    define_global_function("eval", k_eval, -1);
    define_method(vm.c.Binding, "eval", binding_eval, -1);
    define_method(vm.c.Kernel, "instance_eval", k_instance_eval, -1);
    define_method(vm.c.Kernel, "instance_exec", k_instance_exec, -1);
    define_method(vm.c.Module, "class_eval", mod_class_eval, -1);
    define_method(vm.c.Module, "module_eval", mod_class_eval, -1);
    define_method(vm.c.Module, "class_exec", mod_class_exec, -1);
    define_method(vm.c.Module, "module_exec", mod_class_exec, -1);
}
