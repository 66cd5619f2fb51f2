/* kernel.c: Kernel's module functions that are about control and the
 * program: raise, loop, catch/throw, block_given?, caller, exit, abort,
 * at_exit, Integer()/Float()/String()/Array(), local_variables, warn. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "eval.h"
#include "ruby/green.h"

static VALUE at_exit_procs;   /* Array of Procs, run last-registered first */

/* ------------------------------------------------------------ raise */
static VALUE make_exception(int argc, const VALUE *argv)
{
    if (argc == 0) {
        VALUE err = vm.th->errinfo;
        if (!NIL_P(err)) return err;
        return exc_new(vm.c.RuntimeError, "", 0);   /* reported as "unhandled exception" */
    }
    if (argc == 1 && STRING_P(argv[0])) return vm_call1(vm.c.RuntimeError, ID_new, argv[0]);
    if (!vm_respond_to(argv[0], ID_exception, true))
        exc_raise(vm.c.TypeError, "exception class/object expected");
    VALUE exc = vm_call(argv[0], ID_exception, argc > 1 ? 1 : 0, argv + 1);
    if (!HEAP_P(exc) || !obj_is_kind_of(exc, vm.c.Exception))
        exc_raise(vm.c.TypeError, "exception object expected");
    if (argc > 2) vm_call1(exc, ID_set_backtrace, argv[2]);
    return exc;
}

static VALUE k_raise(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 3);
    VALUE exc = make_exception(argc, argv);
    /* as 1.8's rb_longjmp: an exception raised again keeps its backtrace;
       backtrace and set_backtrace are called, as 1.8.7 calls them */
    exc_fill_backtrace(exc, 1);
    exc_raise_obj(exc);
}

/* ------------------------------------------------------------ loop, catch */
static VALUE loop_body(VALUE arg)
{
    struct yielder y;
    vm_yield_prepare(&y);
    for (;;) vm_yield_next(&y, Qundef);
    return Qnil;
}

static VALUE loop_stop(VALUE arg, VALUE exc)
{
    return ivar_get(exc, sym_intern_cstr("@result"));
}

static VALUE k_loop(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) vm_need_block();
    return vm_rescue(loop_body, Qnil, loop_stop, Qnil, vm.c.StopIteration);
}

static VALUE catch_body(VALUE tag) { return vm_yield1(tag); }

static VALUE k_catch(VALUE self, int argc, const VALUE *argv)
{
    VALUE tag = conv_to_sym(argv[0]);   /* 1.8.7: tags are names */
    return vm_catch(tag, catch_body, tag);
}

static VALUE k_throw(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    VALUE tag = conv_to_sym(argv[0]);
    vm_throw(tag, argc > 1 ? argv[1] : Qnil);
}

/* block_given? asks about the block of the method that calls it */
static VALUE k_block_given(VALUE self, int argc, const VALUE *argv)
{
    struct frame *f = vm.th->frame->prev;
    return BOOL2V(f && f->block);
}

static VALUE k_caller(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    long level = argc ? num_to_long(argv[0]) : 1;
    if (level < 0) exc_raise(vm.c.ArgumentError, "negative level (%ld)", level);
    return exc_backtrace_here((int)level + 1);
}

static VALUE k_method_name(VALUE self, int argc, const VALUE *argv)
{
    struct frame *f = vm.th->frame->prev;
    return f && f->mid ? ID2SYM(f->mid) : Qnil;
}

/* ------------------------------------------------------------ exit */
static VALUE exit_status_arg(int argc, const VALUE *argv, int dflt)
{
    if (argc == 0) return INT2FIX(dflt);
    if (argv[0] == Qtrue) return INT2FIX(0);
    if (argv[0] == Qfalse) return INT2FIX(1);
    return INT2FIX(num_to_int(argv[0]));
}

static VALUE k_exit(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    vm_secure(4);
    VALUE args[2] = { exit_status_arg(argc, argv, 0), str_new_cstr("exit") };
    exc_raise_obj(class_new_instance(vm.c.SystemExit, 2, args));
}

/* exit! without a status fails (1), as in MRI 1.8.7 */
static VALUE k_exit_bang(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    green_before_exit();
    _exit((int)FIX2LONG(exit_status_arg(argc, argv, 1)));
}

static VALUE k_abort(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    vm_secure(4);
    VALUE msg = argc ? conv_to_str(argv[0]) : str_new_cstr("exit");
    if (argc) {
        /* 1.8.7 puts the message on $stderr, whatever it is now */
        io_flush_all();
        VALUE line = str_dup(msg);
        str_cat(line, "\n", 1);
        vm_call1(gvar_get(sym_intern_cstr("$stderr")), sym_intern_cstr("write"), line);
    } else if (!NIL_P(vm.th->errinfo)) {
        exc_print(vm.th->errinfo);
    }
    VALUE args[2] = { INT2FIX(1), msg };
    exc_raise_obj(class_new_instance(vm.c.SystemExit, 2, args));
}

static VALUE k_at_exit(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) exc_raise(vm.c.ArgumentError, "called without a block");
    VALUE proc = vm_block_proc();
    ary_push(at_exit_procs, proc);
    return proc;
}

static VALUE run_one_at_exit(VALUE proc) { return proc_call(proc, 0, NULL); }

/* Handlers run newest first; one that raises is reported and the rest run.
   SystemExit in a handler changes the exit status (returned via errinfo).
   As 1.8's rb_exec_end_proc, the handlers registered so far run as one
   batch; those registered meanwhile run as the next batch. */
/* Leaves in vm.th->jump_val how the last handler that did not return
   ended: a SystemExit, or the exception it raised (status 1 if the
   program ended by itself, interp/cli/main.c); nil if none. */
void vm_run_at_exit(void)
{
    volatile VALUE last = Qnil;
    while (RARRAY_LEN(at_exit_procs) > 0) {
        VALUE batch = at_exit_procs;
        at_exit_procs = ary_new();
        while (RARRAY_LEN(batch) > 0) {
            VALUE proc = ary_pop(batch);
            int state;
            vm_protect(run_one_at_exit, proc, &state);
            if (state == TAG_RAISE) {
                last = vm.th->errinfo;
                if (!obj_is_kind_of(last, vm.c.SystemExit)) exc_print(last);
            }
        }
        GC_GUARD(batch);
    }
    vm.th->jump_val = last;
}

/* ------------------------------------------------------------ conversions */
static VALUE k_integer(VALUE self, int argc, const VALUE *argv)
{
    VALUE v = argv[0];
    if (FIXNUM_P(v) || BIGNUM_P(v)) return v;
    if (FLOAT_P(v)) {
        double d = RFLOAT_VALUE(v);
        if (isnan(d)) exc_raise(vm.c.FloatDomainError, "NaN");
        if (isinf(d)) exc_raise(vm.c.FloatDomainError, d < 0 ? "-Infinity" : "Infinity");
        return big_from_dbl(d);
    }
    if (STRING_P(v)) return str_to_inum(v, 0, true);
    if (NIL_P(v)) exc_type_error_conv(v, "Integer");
    if (vm_respond_to(v, ID_to_int, true)) return vm_call0(v, ID_to_int);
    if (vm_respond_to(v, ID_to_i, true)) {
        VALUE r = vm_call0(v, ID_to_i);
        if (!INTEGER_P(r)) exc_raise(vm.c.TypeError, "%s#to_i should return Integer", obj_classname(v));
        return r;
    }
    exc_type_error_conv(v, "Integer");
}

static VALUE k_float(VALUE self, int argc, const VALUE *argv)
{
    VALUE v = argv[0];
    if (FLOAT_P(v)) return v;
    if (STRING_P(v)) return float_new(str_to_dbl(v, true));
    return float_new(num_to_dbl(v));
}

static VALUE k_string(VALUE self, int argc, const VALUE *argv) { return obj_to_s(argv[0]); }
static VALUE k_array(VALUE self, int argc, const VALUE *argv) { return conv_to_a(argv[0]); }

/* ------------------------------------------------------------ variables, warn */
static VALUE k_local_variables(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = ary_new();
    struct frame *f = vm_ruby_frame();
    for (struct env *e = f ? f->env : NULL; e; e = e->outer) {
        if (!e->scope) continue;
        for (int i = 0; i < e->scope->nlocals && i < (int)e->nvars; i++) {
            ID id = e->scope->names[i];
            if (id && sym_is_local(id)) ary_push(ary, str_new_cstr(sym_name(id)));
        }
    }
    return ary;
}

static VALUE k_global_variables(VALUE self, int argc, const VALUE *argv) { return gvar_list(); }

static VALUE k_warn(VALUE self, int argc, const VALUE *argv)
{
    if (NIL_P(gvar_get(sym_intern_cstr("$VERBOSE")))) return Qnil;
    VALUE err = gvar_get(sym_intern_cstr("$stderr"));
    VALUE s = str_dup(obj_to_s(argv[0]));
    str_cat(s, "\n", 1);
    vm_call1(err, sym_intern_cstr("write"), s);
    return Qnil;
}

void kernel_init(void)
{
    at_exit_procs = ary_new();
    gc_register_root(&at_exit_procs);
    define_global_function("raise", k_raise, -1);
    define_global_function("fail", k_raise, -1);
    define_global_function("loop", k_loop, 0);
    define_global_function("catch", k_catch, 1);
    define_global_function("throw", k_throw, -1);
    define_global_function("block_given?", k_block_given, 0);
    define_global_function("iterator?", k_block_given, 0);
    define_global_function("caller", k_caller, -1);
    define_global_function("__method__", k_method_name, 0);
    define_global_function("exit", k_exit, -1);
    define_global_function("exit!", k_exit_bang, -1);
    define_global_function("abort", k_abort, -1);
    define_global_function("at_exit", k_at_exit, 0);
    define_global_function("Integer", k_integer, 1);
    define_global_function("Float", k_float, 1);
    define_global_function("String", k_string, 1);
    define_global_function("Array", k_array, 1);
    define_global_function("local_variables", k_local_variables, 0);
    define_global_function("global_variables", k_global_variables, 0);
    define_global_function("warn", k_warn, 1);
    kernel_uscore_init();
    gvar_trace_init();
    trace_init();
    safe_init();
    cont_init();
}
