/* kernel_uscore.c: Kernel's functions that work on $_ (the last line read):
 * sub gsub chop chomp and their ! forms, and split, as 1.8.7 had them.
 * The plain forms work on a copy and store it in $_ when something
 * changed; the ! forms change $_ itself. */
#include "eval.h"

/* $_ of the calling Ruby frame; TypeError unless it is a String */
static VALUE uscore_get(void)
{
    VALUE line = vm_svar_get(1);
    if (!STRING_P(line))
        exc_raise(vm.c.TypeError, "$_ value need to be String (%s given)",
                  NIL_P(line) ? "nil" : obj_classname(line));
    return line;
}

static VALUE call_on(VALUE str, const char *meth, int argc, const VALUE *argv)
{
    return vm_call_with_block(str, sym_intern_cstr(meth), argc, argv, vm_current_block());
}

/* sub, gsub, chop, chomp: a changed copy becomes $_ */
static VALUE on_copy(const char *bang, int argc, const VALUE *argv)
{
    VALUE str = str_dup(uscore_get());
    if (!NIL_P(call_on(str, bang, argc, argv))) vm_svar_set(1, str);
    return str;
}

static VALUE k_sub(VALUE self, int argc, const VALUE *argv) { return on_copy("sub!", argc, argv); }
static VALUE k_gsub(VALUE self, int argc, const VALUE *argv) { return on_copy("gsub!", argc, argv); }
static VALUE k_chop(VALUE self, int argc, const VALUE *argv) { return on_copy("chop!", argc, argv); }
static VALUE k_chomp(VALUE self, int argc, const VALUE *argv) { return on_copy("chomp!", argc, argv); }

static VALUE k_sub_bang(VALUE self, int argc, const VALUE *argv)
{
    return call_on(uscore_get(), "sub!", argc, argv);
}

static VALUE k_gsub_bang(VALUE self, int argc, const VALUE *argv)
{
    return call_on(uscore_get(), "gsub!", argc, argv);
}

static VALUE k_chop_bang(VALUE self, int argc, const VALUE *argv)
{
    return call_on(uscore_get(), "chop!", argc, argv);
}

static VALUE k_chomp_bang(VALUE self, int argc, const VALUE *argv)
{
    return call_on(uscore_get(), "chomp!", argc, argv);
}

static VALUE k_split(VALUE self, int argc, const VALUE *argv)
{
    return call_on(uscore_get(), "split", argc, argv);
}

void kernel_uscore_init(void)
{
    define_global_function("sub", k_sub, -1);
    define_global_function("gsub", k_gsub, -1);
    define_global_function("sub!", k_sub_bang, -1);
    define_global_function("gsub!", k_gsub_bang, -1);
    define_global_function("chop", k_chop, 0);
    define_global_function("chop!", k_chop_bang, 0);
    define_global_function("chomp", k_chomp, -1);
    define_global_function("chomp!", k_chomp_bang, -1);
    define_global_function("split", k_split, -1);
}
