/* compar.c: the Comparable module (== < <= > >= between? on top of <=>)
 * and the two helpers everything that sorts or compares shares:
 * cmp_int (a <=> result as -1/0/1) and cmp_failed (1.8's error). */
#include "runtime/internal.h"

/* 1.8 names an immediate right operand by inspect: "comparison of String
   with 1 failed", otherwise by class: "comparison of Fixnum with String". */
void cmp_failed(VALUE a, VALUE b)
{
    volatile VALUE desc = SPECIAL_P(b) && !FLONUM_P(b) ? obj_inspect(b) : Qnil;   /* keeps bname alive */
    const char *bname = NIL_P(desc) ? obj_classname(b) : str_cstr(desc);
    exc_raise(vm.c.ArgumentError, "comparison of %s with %s failed", obj_classname(a), bname);
}

int cmp_int(VALUE val, VALUE a, VALUE b)
{
    if (NIL_P(val)) cmp_failed(a, b);
    if (FIXNUM_P(val)) {
        long l = FIX2LONG(val);
        return l > 0 ? 1 : l < 0 ? -1 : 0;
    }
    if (BIGNUM_P(val)) return mpz_sgn(RBIGNUM(val)->mp) > 0 ? 1 : -1;
    VALUE zero = INT2FIX(0);
    if (RTEST(vm_call1(val, ID_gt, zero))) return 1;
    if (RTEST(vm_call1(val, ID_lt, zero))) return -1;
    return 0;
}

static int compare(VALUE x, VALUE y)
{
    return cmp_int(vm_call1(x, ID_cmp, y), x, y);
}

/* == rescues StandardError (a failing <=> means "not equal") */
static VALUE eq_body(VALUE arg)
{
    const VALUE *xy = (const VALUE *)arg;
    VALUE c = vm_call1(xy[0], ID_cmp, xy[1]);
    if (NIL_P(c)) return Qfalse;
    return BOOL2V(cmp_int(c, xy[0], xy[1]) == 0);
}

static VALUE eq_rescue(VALUE arg, VALUE exc) { return Qfalse; }

static VALUE cmp_eq_m(VALUE self, int argc, const VALUE *argv)
{
    if (self == argv[0]) return Qtrue;
    VALUE xy[2] = { self, argv[0] };
    return vm_rescue(eq_body, (VALUE)xy, eq_rescue, Qnil, 0);
}

static VALUE cmp_gt_m(VALUE self, int argc, const VALUE *argv) { return BOOL2V(compare(self, argv[0]) > 0); }
static VALUE cmp_ge_m(VALUE self, int argc, const VALUE *argv) { return BOOL2V(compare(self, argv[0]) >= 0); }
static VALUE cmp_lt_m(VALUE self, int argc, const VALUE *argv) { return BOOL2V(compare(self, argv[0]) < 0); }
static VALUE cmp_le_m(VALUE self, int argc, const VALUE *argv) { return BOOL2V(compare(self, argv[0]) <= 0); }

static VALUE cmp_between_m(VALUE self, int argc, const VALUE *argv)
{
    if (compare(self, argv[0]) < 0) return Qfalse;
    if (compare(self, argv[1]) > 0) return Qfalse;
    return Qtrue;
}

void compar_init(void)
{
    VALUE m = vm.c.Comparable = module_define("Comparable");
    define_method(m, "==", cmp_eq_m, 1);
    define_method(m, ">", cmp_gt_m, 1);
    define_method(m, ">=", cmp_ge_m, 1);
    define_method(m, "<", cmp_lt_m, 1);
    define_method(m, "<=", cmp_le_m, 1);
    define_method(m, "between?", cmp_between_m, 2);
}
