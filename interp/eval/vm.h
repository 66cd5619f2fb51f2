/* vm.h: interpreter state: the VM, threads, frames, blocks, environments
 * and the tag chain used for every non-local exit.
 *
 * There is one VM per process (`vm`).  Everything that belongs to a Ruby
 * thread hangs off its struct thread: the frame chain, the tag chain, $!,
 * the stack bounds.  Switching threads therefore means changing vm.th and
 * the machine context; nothing is copied.
 *
 * Frames live on the C stack of their thread.  A frame's locals live in a
 * struct env, on the C stack too unless the scope is SCOPE_CAPTURED (a
 * block literal, binding or eval in it could outlive the frame), in which
 * case the env is a heap object (T_ENV).
 */
#ifndef MR_VM_H
#define MR_VM_H

#include <signal.h>
#include "ruby.h"
#include "parse/node.h"

/* ------------------------------------------------------------ environments */
#define ENV_HEAP 0x01
#define ENV_OWN_SCOPE 0x02        /* scope was grown by eval: a copy owned by the env */
#define ENV_BOXED 0x04            /* on the stack, its vars moved into the heap env vars[-1] (env_box) */
#define ENV_IN_BOX 0x08           /* a heap env whose vars are a box: vars[-1] is the env itself */
struct env {
    VALUE *vars;
    struct env *outer;              /* enclosing scope (blocks), or NULL */
    const struct scope_info *scope; /* slot names, for eval/binding/local_variables */
    uint32_t nvars;
    uint32_t flags;
};
struct REnv {
    struct RBasic basic;
    struct env env;
};
#define ENV_OBJ(e) ((VALUE)((char *)(e) - offsetof(struct REnv, env)))

/* ------------------------------------------------------------ blocks */
struct block;
#define BLOCK_LAMBDA   0x01   /* lambda/proc: strict arity, return leaves it */
#define BLOCK_FROM_PROC 0x02  /* a copy owned by a Proc object */
struct block {
    const struct node_block *node;  /* literal block; NULL for C blocks */
    block_cfunc cfunc;
    VALUE cdata;
    VALUE self;
    struct env *env;                /* environment the block was written in */
    VALUE cref;                     /* lexical class nesting */
    VALUE script;                   /* owner of node (keeps the AST alive) */
    const struct block *outer_block;/* what `yield` inside this block calls */
    struct frame *home;             /* method/lambda frame `return` leaves */
    const struct thread *home_th;   /* the thread home is on: frames of threads that share
                                       a stack slot lie at the same addresses (thread/stack.h) */
    uint64_t home_serial;           /* home's identity, checked before returning */
    uint64_t break_id;              /* identity of the call site `break` leaves */
    VALUE proc;                     /* the Proc object, if one was made */
    VALUE method_me;                /* define_method body: the method entry */
    VALUE def_class;                /* where `def` in it defines (class_eval), or 0 */
    ID mid;                         /* method name the block was written in */
    uint16_t flags;                 /* BLOCK_: with visi, in mid's word (a Proc's
                                       copy is 128 bytes, a slab class smaller) */
    uint8_t visi;                   /* default visibility where it was written */
};

/* ------------------------------------------------------------ frames */
#define FRAME_CFUNC  0x01   /* a method written in C */
#define FRAME_BLOCK  0x02   /* a block body */
#define FRAME_LAMBDA 0x04   /* a lambda body: catches return */
#define FRAME_CLASS  0x08   /* a class/module body */
#define FRAME_TOP    0x10   /* the program or a required file */
#define FRAME_EVAL   0x20   /* code given to eval */
#define FRAME_RETURN_TAG 0x40 /* has a tag catching TAG_RETURN */
#define FRAME_YIELDER 0x80  /* the reused frame of a struct yielder (cont.c turns it off) */

struct frame {
    struct frame *prev;
    VALUE self;
    VALUE me;                   /* method entry, or 0 outside methods */
    ID mid;                     /* name called by (backtraces, super) */
    const struct block *block;  /* block given to this method */
    struct env *env;            /* locals; NULL for C frames */
    VALUE cref;                 /* lexical class nesting (T_CREF) */
    VALUE def_class;            /* class_eval/instance_eval blocks: where `def` defines, or 0 */
    const struct node *node;    /* what runs now: the line of backtraces */
    VALUE script;               /* T_SCRIPT of the code, for the file name */
    const struct block *running;/* block frames: the block being run */
    struct frame *home;         /* frame `return` leaves (itself for methods) */
    uint64_t serial;            /* identity while alive (frames with tags) */
    VALUE svar[2];              /* $~ and $_ of method-level frames */
    int argc;
    const VALUE *argv;          /* C frames and zsuper */
    uint16_t flags;
    uint8_t visi;               /* default visibility of `def` in class bodies */
    VALUE bt_tail;              /* FRAME_EVAL only: what follows it in backtraces (eval_origin) */
};

struct tag;                 /* tag.h */

/* ------------------------------------------------------------ threads */
struct thread {
    /* execution state, used by the evaluator */
    struct frame *frame;
    struct tag *tag;
    VALUE errinfo;          /* $! */
    char *stack_base;       /* highest address of the C stack */
    char *stack_limit;      /* lowest address Ruby code may reach */
    char *stack_tripwire;   /* the stack checks' bound: the highest of the thread's
                               marks no check has passed yet, else the limit */
    char *stack_lo;         /* lowest address of the C stack */
    VALUE self;             /* the Thread object */
    VALUE locals;           /* Thread#[] hash (lazily created) */
    VALUE born_bt;          /* where the thread was made (a lazy backtrace): its backtraces end so; */
    struct thread *born_of; /* Qundef there: not recorded yet, the frames of this suspended creator */
    uint32_t pending;       /* PENDING_ bits: interrupts for this thread */
    int safe_level;         /* $SAFE of this thread (eval/safe.c) */
    VALUE pending_exc;      /* exception Thread#raise delivers */
    VALUE jump_val;         /* the jump vm_protect caught, for vm_jump_state */
    uintptr_t jump_dst;
    /* what the last GC found on this stack, reused while the thread has
       not run since (a suspended stack does not change): 32-bit slot
       numbers, or VALUEs if stack_roots_wide (gc.c, keep_roots) */
    void *stack_roots;
    uint32_t nstack_roots, stack_roots_capa;
    bool stack_dirty;
    /* the small fields last, together: no padding between */
    bool stack_roots_wide;
    uint8_t stack_reach;    /* marks the checks passed (STACK_MARKS: all) */
    uint8_t missing_kind;   /* MISSING_ kind for Kernel#method_missing (ev_call.c) */
    uint32_t stack_mark;    /* the mark below the tripwire, as bytes below
                               stack_base; 0: none */
};
/* A thread's stack may have marks (its layer sets them: a pool stack's are
   the ends of its top and shallow parts): the checks count those they
   pass, so that the thread's death gives back only the pages it reached. */
#define STACK_MARKS 2
#define PENDING_RAISE 0x1
#define PENDING_KILL  0x2

/* ------------------------------------------------------------ the VM */
struct vm {
    struct thread *th;                 /* the running thread */
    struct thread *main_th;
    volatile sig_atomic_t interrupt;   /* a safe point must call vm_check_interrupts */
    uint64_t method_state;             /* bumped on any method table change */
    uint64_t const_state;              /* bumped on any constant change */
    uint64_t serial;                   /* source of class/frame/break identities */
    VALUE top_self;                    /* main */
    VALUE top_cref;
    struct core_classes c;
    int verbose;                       /* -w: 2, default 1, -W0: 0 */
    bool booted;                       /* core classes defined: later definitions are redefinitions */
    bool debug;                        /* -d */
    const char *script_name;           /* $0 */
};

extern struct vm vm;

static inline struct thread *TH(void) { return vm.th; }

#endif
