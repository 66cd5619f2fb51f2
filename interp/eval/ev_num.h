/* ev_num.h: the Fixnum and Float operator fast paths, private to the
 * evaluator: the operator nodes (ev_call.c) and flattened arithmetic
 * (ev_arith.c) compute with these while the operators are not redefined.
 */
#ifndef MR_EV_NUM_H
#define MR_EV_NUM_H

#include <stdlib.h>
#include "eval.h"

/* Nonzero: the fast paths that skip dispatch are off.  Bit 0: the methods
   were redefined (for good); bit 1: set_trace_func is on (every call must
   be reported). */
#define OPS_REDEFINED 1
#define OPS_TRACED 2
#define OPS_SAFE4 4     /* $SAFE 4 reached: a << x and a.pop are checked calls */
extern uint8_t ev_fix_ops_redefined, ev_flo_ops_redefined;

/* Floats cannot be subclassed or given singleton methods: the class is Float. */
static inline __attribute__((always_inline)) bool flo_value(VALUE v, double *d)
{
    if (((VALUE)v & 7) == 2) {          /* a flonum, or Qtrue: the two below 0x0a share one test */
        if (LIKELY(v > FLONUM_ZERO)) *d = flonum_to_dbl_nonzero(v);
        else if (v == FLONUM_ZERO) *d = 0.0;
        else return false;
        return true;
    }
    if (!TYPE_P(v, T_FLOAT)) return false;
    *d = RFLOAT(v)->value;
    return true;
}

/* a Fixnum that a double holds exactly */
static inline bool fix_dbl_exact(VALUE v)
{
    return FIXNUM_P(v) && labs(FIX2LONG(v)) <= (1L << 53);
}

/* Both operands as doubles when one is a Float and the other a Float or a
   Fixnum of at most 53 bits (exactly a double: Float's and Fixnum's
   operators and comparisons give what the C operators give), while
   neither class redefines its operators. */
static inline __attribute__((always_inline)) bool flo_operands(VALUE a, VALUE b, double *x, double *y)
{
    if (flo_value(a, x)) {
        if (flo_value(b, y)) return !ev_flo_ops_redefined;
        if (!fix_dbl_exact(b)) return false;
        *y = (double)FIX2LONG(b);
        return !ev_flo_ops_redefined;
    }
    if (!fix_dbl_exact(a) || !flo_value(b, y)) return false;
    *x = (double)FIX2LONG(a);
    return !ev_flo_ops_redefined && !ev_fix_ops_redefined;
}

/* a op b on two Fixnums for + - * / %, or Qundef: the call is made
   (overflow, division by 0, redefined) */
static inline __attribute__((always_inline)) VALUE fix_arith(ID op, VALUE a, VALUE b)
{
    if (ev_fix_ops_redefined) return Qundef;
    long x = FIX2LONG(a), y = FIX2LONG(b), r;
    switch (op) {
    case ID_plus: if (__builtin_add_overflow(x, y, &r)) return Qundef; break;
    case ID_minus: if (__builtin_sub_overflow(x, y, &r)) return Qundef; break;
    case ID_mul: if (__builtin_mul_overflow(x, y, &r)) return Qundef; break;
    case ID_div: if (y == 0) return Qundef; r = fix_floor_div(x, y); break;
    case ID_mod: if (y == 0) return Qundef; r = fix_floor_mod(x, y); break;
    default: return Qundef;
    }
    return FIXABLE(r) ? INT2FIX(r) : Qundef;
}

#endif
