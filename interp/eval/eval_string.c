/* eval_string.c: code given as a String: Kernel#eval (with a Binding or a
 * Proc), instance_eval, class_eval/module_eval, and their block and _exec
 * forms.  Evaluated code sees the local variables of the place it runs in:
 * the parser is told the enclosing scopes, and the new program's
 * environment hangs below the caller's (which is on the heap, because the
 * parser marks scopes that call eval or binding as captured).  Locals the
 * code makes are added to that environment, as MRI 1.8 kept them. */
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
    c->env = f && f->env && (f->env->flags & ENV_HEAP) ? f->env : NULL;
    c->cref = f ? f->cref : vm.top_cref;
    c->block = f ? f->block : NULL;
}

static NORETURN void raise_syntax_error(const struct parse_error *err)
{
    exc_raise_str(vm.c.SyntaxError, str_new_cstr(err->message));
}

static VALUE parse_in(struct eval_ctx *c, VALUE src, const char *file, int line)
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
    if (!script) raise_syntax_error(&err);
    return script;
}

static VALUE eval_in(struct eval_ctx *c, VALUE src, const char *file, int line)
{
    src = conv_to_str(src);
    VALUE script = parse_in(c, src, file, line);
    /* parsed again, the new names resolve to the scope's slots */
    if (c->env && env_adopt_locals(c->env, script)) script = parse_in(c, src, file, line);
    return vm_run_script(script, c->self, c->cref, c->env, c->block, FRAME_EVAL);
}

VALUE vm_eval_string(VALUE self, VALUE src, VALUE binding, const char *file, int line)
{
    struct eval_ctx c;
    caller_context(&c);
    if (!NIL_P(binding)) {
        if (!binding_context(binding, &c.self, &c.env, &c.cref, &c.block))
            exc_raise(vm.c.TypeError, "wrong argument type %s (expected Proc/Binding)", obj_classname(binding));
        if (c.env && !(c.env->flags & ENV_HEAP)) c.env = NULL;
    } else {
        c.self = self;
    }
    return eval_in(&c, src, file, line);
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
    caller_context(&c);
    if (argc > 1 && !NIL_P(argv[1])) {
        if (!binding_context(argv[1], &c.self, &c.env, &c.cref, &c.block))
            exc_raise(vm.c.TypeError, "wrong argument type %s (expected Proc/Binding)", obj_classname(argv[1]));
        if (c.env && !(c.env->flags & ENV_HEAP)) c.env = NULL;
    }
    return eval_in(&c, argv[0], file, line);
}

/* binding.eval(src [, file [, line]]): eval(src, binding, ...), new in 1.8.7 */
static VALUE binding_eval(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 3);
    VALUE args[4] = { argv[0], self, argc > 1 ? argv[1] : Qnil, argc > 2 ? argv[2] : Qnil };
    return k_eval(Qnil, argc + 1, args);
}

/* ------------------------------------------------------------ instance_eval, class_eval */
static VALUE eval_cref_class(VALUE obj)
{
    if (FIXNUM_P(obj) || SYMBOL_P(obj) || !HEAP_P(obj)) return class_of(obj);
    return singleton_class(obj);
}

static VALUE eval_under(VALUE self, VALUE under, int argc, const VALUE *argv, bool pass_self)
{
    const struct block *blk = vm_current_block();
    if (blk && argc == 0) {
        VALUE arg = self;
        return vm_invoke_block(blk, pass_self ? 1 : 0, &arg, self, under, 0);
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
    return eval_in(&c, argv[0], file, line);
}

static VALUE k_instance_eval(VALUE self, int argc, const VALUE *argv)
{
    return eval_under(self, eval_cref_class(self), argc, argv, true);
}

static VALUE mod_class_eval(VALUE self, int argc, const VALUE *argv)
{
    return eval_under(self, self, argc, argv, true);
}

static VALUE exec_under(VALUE self, VALUE under, int argc, const VALUE *argv)
{
    const struct block *blk = vm_current_block();
    if (!blk) exc_local_jump("noreason", Qnil, "no block given");
    return vm_invoke_block(blk, argc, argv, self, under, 0);
}

static VALUE k_instance_exec(VALUE self, int argc, const VALUE *argv)
{
    return exec_under(self, eval_cref_class(self), argc, argv);
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
