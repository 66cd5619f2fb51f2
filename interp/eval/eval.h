/* eval.h: private to the evaluator (ev_*.c).
 *
 * Node evaluation functions are static to the file that owns their node
 * kinds; each file exports one selector that the binder calls to pick the
 * function for a node.  Invariant while a node of frame f runs:
 * vm.th->frame == f.
 */
#ifndef MR_EVAL_H
#define MR_EVAL_H

#include "runtime/internal.h"
#include "tag.h"

VALUE ev_lvar0(struct node *n, struct frame *f);

/* A local of the running scope, the commonest node, is read without the
   indirect call (3 to 11% of the speed set's time). */
static inline VALUE eval_node(struct node *n, struct frame *f)
{
    if (n->eval == ev_lvar0) return f->env->vars[((struct node_lvar *)n)->idx];
    return n->eval(n, f);
}
#define EVAL(n, f) eval_node((struct node *)(n), (f))
/* A statement or a body is seldom a bare local: the test would cost
   pushpop.rb's block 5% more instructions for nothing. */
#define EVAL_BODY(n, f) (((struct node *)(n))->eval((struct node *)(n), (f)))

/* An argument's stack slot is written once its value is computed; until
   then it holds what an earlier call at the same depth left there, which
   the conservative stack scan keeps alive (binary-trees' check(tree) kept
   a dead tree of 131,000 Arrays so).  ev_call1 clears it first; the asm
   keeps the store.  Calls of 2 or 3 arguments do not: there other dead
   words in the frames between kept the tree all the same, and clearing
   cost pmap.rb's tak 1.1% more instructions. */
#define EV_CLEAR_SLOT(v) do { (v) = 0; __asm__ volatile("" : : "m"(v)); } while (0)

/* binder flags, above the parser's NF_ bits */
#define NF_TAG         0x0100  /* loop/def/block: needs a tag (break/next/redo/return inside, or eval) */
#define NF_TO_BLOCK    0x0200  /* break/next/redo: the target is a block, not a loop */
#define NF_BLOCK_BREAK 0x0400  /* node_block: contains a break aimed at its call site */
#define NF_TAIL        0x0800  /* return in tail position: just a value */
#define NF_BLOCK_RETRY 0x2000  /* node_block: a retry restarts the call it was given to */
#define NF_NO_TARGET   0x4000  /* break/next/redo/retry: no loop, block or rescue around it */
#define NF_EVAL_LOOP   0x4000  /* a call of eval...: in a loop or block (for jumps in the code) */
#define NF_EVAL_RESCUE 0x8000  /* a call of eval...: in a rescue clause (for retry) */

/* vm_invoke_block's extra_flags: frame flags, and how the values came */
#define FRAME_FLAG_MASK  0xffff
#define INVOKE_CALL      0x10000  /* Proc#call and the C API: a lambda checks its arity */
#define INVOKE_NO_SPREAD 0x20000  /* yield *a: one Array value is not spread over |a, b| */
#define INVOKE_STRICT    0x40000  /* (assign_params) the arity is checked */

/* selectors: the eval function for a node, or NULL if not this file's */
eval_fn ev_expr_select(struct node *n);
eval_fn ev_var_select(struct node *n);
eval_fn ev_call_select(struct node *n);
eval_fn ev_ctrl_select(struct node *n);
eval_fn ev_def_select(struct node *n);
eval_fn ev_arith_select(struct node *n);     /* before ev_call_select */
/* ev_call.c: an if, or a loop needing no tag, that compares in its own
   evaluator; NULL if its condition does not qualify */
eval_fn ev_branch_select(struct node *n, bool loop);
/* the binder, on a call or x op= before selecting its evaluation */
void ev_arith_flatten(struct arena *arena, struct node *n);

/* set_trace_func hooks (trace.c); each site tests vm_tracing first */
void vm_trace_line(struct node *n, struct frame *f);
void vm_trace_c(const char *event, VALUE me, ID mid);
void vm_trace_method(const char *event, struct frame *f);
void vm_trace_bmethod(const char *event, VALUE me, ID mid, const struct block *blk);
void vm_trace_class(const char *event, const struct node *n, struct frame *f);
int vm_trace_last_line(void);
void vm_trace_set_last_line(int line);
void ev_trace_fast_paths(bool tracing);   /* ev_call.c: calls that skip dispatch are made */
extern bool vm_trace_installed;           /* a trace proc is set: call caches are not filled */
void ev_safe4_fast_paths(void);           /* $SAFE 4: container fast paths off */

/* shared helpers */
static inline struct env *env_at(struct frame *f, int depth)
{
    struct env *e = f->env;
    while (depth-- > 0) e = e->outer;
    return e;
}

VALUE ev_assign(struct node *target, VALUE val, struct frame *f);   /* masgn/for/rescue targets */
VALUE ev_masgn_values(const struct node_mlhs *lhs, VALUE ary, struct frame *f);
VALUE ev_splat_value(VALUE v);                 /* *v as an Array (1.8 rules) */
VALUE ev_svalue(VALUE ary);                    /* a = *b: nil, the element or the array */
bool ev_case_eqq(VALUE pattern, VALUE v, struct frame *f);
VALUE ev_defined(struct node *n, struct frame *f);  /* String or nil */
VALUE ev_const_lookup(struct frame *f, ID id);
VALUE ev_cvar_base(struct frame *f);
VALUE ev_const_base(struct frame *f);          /* class where X = v defines */
VALUE ev_eval_args(int n, struct node *const *args, struct frame *f, VALUE *buf, int bufn, int *argcp,
                   VALUE **argvp);
VALUE ev_block_arg(struct node *block_arg, struct frame *f, struct block *tmp, const struct block **out);
void ev_setup_block(struct block *b, const struct node_block *node, struct frame *f);
VALUE ev_dispatch(struct frame *f, VALUE recv, ID mid, int argc, const VALUE *argv,
                  const struct block *blk, struct call_cache *cc, int nflags);
VALUE ev_call_with_block(struct frame *f, VALUE recv, ID mid, int argc, const VALUE *argv,
                         struct block *blk, struct call_cache *cc, int nflags);
VALUE ev_binop(struct frame *f, VALUE a, ID op, VALUE b, struct call_cache *cc);
VALUE ev_call_super(struct frame *f, int argc, const VALUE *argv, const struct block *blk);
VALUE ev_zsuper_args(struct frame *f);         /* Array of the current method's arguments */
VALUE ev_lambda_return_value(VALUE v);
NORETURN void ev_raise_at(struct frame *f, struct node *n, VALUE klass, const char *fmt, ...) PRINTF(4, 5);
void ev_note_redefinition(VALUE klass, ID mid);
VALUE ev_opt_aref(VALUE recv, VALUE key);             /* a[i], h[k] without the call, or Qundef */
bool ev_opt_aset(VALUE recv, VALUE key, VALUE val);   /* a[i] = v, h[k] = v without the call */
extern uint8_t ev_to_s_redefined;   /* nonzero: interpolation calls to_s of Fixnum, Symbol... */

/* stack and interrupt checks at method and block entry, loop back-edges */
static inline void ev_safe_point(void)
{
    if (UNLIKELY(vm.interrupt)) vm_check_interrupts();
}

/* The bound checked is the tripwire: the limit, or, on a thread's stack,
   the next of its marks (vm_stack_low), so that a dead thread gives back
   only the part of its stack it reached (stack_retire). */
static inline void ev_stack_check(void)
{
    char here;
    if (UNLIKELY(&here < vm.th->stack_tripwire)) vm_stack_low();
}

#endif
