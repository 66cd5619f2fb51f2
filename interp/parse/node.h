/* node.h: the abstract syntax tree.
 *
 * The parser (parse_*.c) builds these nodes in an arena and knows nothing of
 * the runtime: literals are kept as C data (bytes, doubles, digit strings).
 * The binder (ev_bind.c) then walks the tree once, turns literals into
 * VALUEs, picks the evaluation function of every node (node->eval, with
 * specialised variants such as fixnum arithmetic or calls by argument count)
 * and may rewrite shapes (early `return` into `if`).  After binding, a node
 * is evaluated by calling n->eval(n, frame).
 *
 * Local variables are resolved by the parser to (depth, index): depth counts
 * the block scopes between the use and the scope that owns the variable,
 * index is the slot in that scope's environment.
 */
#ifndef MR_NODE_H
#define MR_NODE_H

#include "ruby/value.h"

struct node;
struct frame;
typedef VALUE (*eval_fn)(struct node *n, struct frame *f);

enum node_type {
    /* literals */
    NODE_NIL, NODE_TRUE, NODE_FALSE, NODE_SELF,
    NODE_INT,      /* node_int */
    NODE_BIGINT,   /* node_bigint */
    NODE_FLOAT,    /* node_float */
    NODE_STR,      /* node_str: a new String each evaluation */
    NODE_XSTR,     /* node_str: `command` */
    NODE_SYM,      /* node_sym */
    NODE_REGEX,    /* node_str with re_options */
    NODE_DSTR,     /* node_list of parts: NODE_STR or NODE_EVSTR */
    NODE_DXSTR,    /* node_list, `cmd #{x}` */
    NODE_DSYM,     /* node_list, :"a#{b}" */
    NODE_DREGX,    /* node_list with re_options (RE_ONCE for /o) */
    NODE_EVSTR,    /* node_unary: #{expr} inside a dstr */
    NODE_ARRAY,    /* node_list; items may be NODE_SPLAT */
    NODE_HASH,     /* node_list of 2n items: k1, v1, k2, v2 ... */
    NODE_DOT2, NODE_DOT3,     /* node_binary: a..b, a...b */
    NODE_FLIP2, NODE_FLIP3,   /* node_flip: a..b as a condition */
    NODE_MATCH,    /* node_unary (a NODE_REGEX): regexp literal as condition, matches $_ */

    /* variables */
    NODE_LVAR,     /* node_lvar */
    NODE_LASGN,    /* node_lvar with value */
    NODE_IVAR, NODE_IASGN,    /* node_var */
    NODE_GVAR, NODE_GASGN,    /* node_var ($~ $_ $! $0 ... are gvars too) */
    NODE_CVAR, NODE_CVASGN,   /* node_var: @@x, @@x = v */
    NODE_CONST,    /* node_var: X */
    NODE_COLON2,   /* node_colon: A::X (scope is the expression A) */
    NODE_COLON3,   /* node_colon: ::X (scope NULL) */
    NODE_CDECL,    /* node_cdecl: X = v, A::X = v, ::X = v */
    NODE_NTH_REF,  /* node_int: $1 .. $9 (val = n) */
    NODE_BACK_REF, /* node_int: $& $` $' $+ (val = the character) */
    NODE_MASGN,    /* node_masgn */
    NODE_OP_ASGN,  /* node_op_asgn: var op= v, var ||= v, var &&= v */
    NODE_OP_ASGN_INDEX, /* node_op_index: recv[args] op= v */
    NODE_OP_ASGN_ATTR,  /* node_op_attr: recv.attr op= v */
    NODE_ATTRASGN, /* node_call: recv.name = v, recv[args] = v (mid is name= / []=) */

    /* calls */
    NODE_CALL,     /* node_call: recv.m(args), m(args), m, recv::m */
    NODE_SUPER,    /* node_call: super(args) (recv and mid unused) */
    NODE_ZSUPER,   /* node_call: super (args, block_arg unused; block may be set) */
    NODE_YIELD,    /* node_call: yield args (recv, mid, blocks unused) */
    NODE_SPLAT,    /* node_unary: *v inside args, arrays, when, rescue, rhs */

    /* control */
    NODE_SEQ,      /* node_list: statements */
    NODE_IF,       /* node_if: if/unless/ternary/modifiers (unless swaps branches) */
    NODE_AND, NODE_OR,        /* node_binary: && and, || or */
    NODE_NOT,      /* node_unary: ! not */
    NODE_WHILE, NODE_UNTIL,   /* node_loop */
    NODE_FOR,      /* node_for */
    NODE_CASE,     /* node_case */
    NODE_WHEN,     /* node_when */
    NODE_BREAK, NODE_NEXT, NODE_RETURN, /* node_unary: value or NULL */
    NODE_REDO, NODE_RETRY,
    NODE_RESCUE,   /* node_rescue */
    NODE_RESBODY,  /* node_resbody */
    NODE_ENSURE,   /* node_ensure */
    NODE_DEFINED,  /* node_unary: defined?(expr) */

    /* definitions */
    NODE_DEFN,     /* node_def: def name; singleton NULL */
    NODE_DEFS,     /* node_def: def expr.name */
    NODE_CLASS,    /* node_class: class cpath < super */
    NODE_MODULE,   /* node_class: module cpath */
    NODE_SCLASS,   /* node_class: class << expr (cpath is the expression) */
    NODE_ALIAS,    /* node_alias: alias new old (methods) */
    NODE_VALIAS,   /* node_alias: alias $new $old */
    NODE_UNDEF,    /* node_undef */
    NODE_POSTEXE,  /* node_unary (a node_block): END { } */

    NODE_BLOCK,    /* node_block: a block literal attached to a call */
    NODE_PROGRAM,  /* node_program: the root, so that node_dump can print it */
    NODE_TYPE_COUNT
};

/* Every node starts with this header. */
struct node {
    eval_fn eval;      /* set by the binder */
    uint16_t type;     /* enum node_type */
    uint16_t flags;    /* NF_ bits, meaning depends on the type */
    int32_t line;
};

/* A local-variable table: one per program, def, class body and block. */
#define SCOPE_CAPTURED    0x01 /* contains binding, eval, a for loop ...:
                                  its environment must live on the heap */
#define SCOPE_RETURN_IN_BLOCK 0x02 /* a `return` inside a block of this def */
#define SCOPE_OF_BLOCK    0x04 /* a block's own: defined? calls its locals "(in-block)" */
#define SCOPE_HAS_BLOCK   0x08 /* contains a block literal: its environment starts on
                                  the stack, and moves to the heap when a Proc is made
                                  of a block that can see it (env_escape) */
struct scope_info {
    int nlocals;       /* slots used, including parameters */
    ID *names;         /* names[nlocals]; 0 for hidden slots (flip-flop state) */
    uint32_t flags;
};

struct node_int     { struct node h; long val; };
struct node_bigint  { struct node h; const char *digits; int base; VALUE lit; }; /* digits may start with '-' */
struct node_float   { struct node h; double val; VALUE lit; };
struct node_sym     { struct node h; ID id; };

/* regexp option bits (node_str.re_options) */
#define RE_IGNORECASE 0x01
#define RE_EXTENDED   0x02
#define RE_MULTILINE  0x04
#define RE_ONCE       0x08   /* /o */
#define RE_KCODE_NONE 0x10   /* n */
#define RE_KCODE_EUC  0x20   /* e */
#define RE_KCODE_SJIS 0x40   /* s */
#define RE_KCODE_UTF8 0x80   /* u */
struct node_str {
    struct node h;
    const char *ptr;   /* bytes, escapes already processed (regexps: source as written) */
    size_t len;
    int re_options;
    VALUE lit;         /* set by the binder */
};

struct node_list {     /* NODE_SEQ, NODE_ARRAY, NODE_HASH, NODE_D* */
    struct node h;
    int n;
    struct node **items;
    int re_options;    /* NODE_DREGX */
    VALUE lit;         /* NODE_DREGX with RE_ONCE: the regexp once built */
};

struct node_unary  { struct node h; struct node *value; };
struct node_binary { struct node h; struct node *left, *right; };
struct node_flip   { struct node h; struct node *beg, *end; int slot;
                     int depth; };  /* slot: hidden local in the nearest def/class/program scope,
                                       depth scopes out (blocks in between share it, as in MRI) */

struct node_lvar {
    struct node h;
    ID name;
    int depth, idx;
    struct node *value;   /* LASGN: the value; NULL when a masgn/for/rescue target */
};

/* the slot of @x for the class seen last (serial), and for the one seen
   before it: a superclass's method run for two subclasses hits both */
struct ivar_cache { uint64_t serial, other_serial; uint32_t index, other_index; };
struct node_var {         /* IVAR IASGN GVAR GASGN CVAR CVASGN CONST */
    struct node h;
    ID name;
    struct node *value;   /* *ASGN: the value; NULL when used as a target */
    union {
        struct ivar_cache iv;
        void *global;     /* GVAR/GASGN: the global entry, bound once */
        struct { uint64_t state; VALUE val; VALUE cref; } cst;
    } cache;              /* binder/evaluator use only */
};

struct node_colon { struct node h; struct node *scope; ID name; };

struct node_cdecl {
    struct node h;
    struct node *target;  /* NODE_CONST, NODE_COLON2 or NODE_COLON3 */
    struct node *value;   /* NULL when a masgn target */
};

/* Left-hand side of a multiple assignment or of block parameters.
   targets are assignment nodes with a NULL value (LASGN, IASGN, GASGN,
   CVASGN, CDECL, ATTRASGN) or nested node_mlhs (NODE_MASGN with rhs NULL). */
struct node_mlhs {
    int n;
    struct node **targets;
    struct node *splat;   /* target of *x; NULL if none */
    bool has_splat;       /* a, * = ... (splat without a name) */
    bool trailing_comma;  /* |a,| */
};

struct node_masgn {
    struct node h;
    struct node_mlhs lhs;
    struct node *rhs;     /* NODE_ARRAY for a, b = 1, 2; any expression otherwise;
                             NULL when nested inside another lhs */
};

/* op is the operator's method ID (e.g. '+'), or ID_oror / ID_andand */
/* A call site's inline cache: the method found for the receiver's class
   (serial) while no method changed (state); ivar: for an attribute reader
   or writer, its slot + 1 (0: not known yet).  `other` is the class seen
   before it: a site that sees two classes in turn swaps the two. */
struct call_way { uint64_t serial; uint64_t state; VALUE me; uint32_t ivar; };
struct ar_prog;   /* evaluator use only: ev_arith.c */
struct call_cache { uint64_t serial; uint64_t state; VALUE me; uint32_t ivar; struct call_way other; };
struct node_op_asgn  { struct node h; struct node *read, *write; ID op; struct node *value;
                       struct call_cache cache;      /* evaluator use only */
                       const struct ar_prog *flat; };
/* the caches are for the evaluator: reader, operator, writer call sites */
struct node_op_index { struct node h; struct node *recv; int argc; struct node **args; ID op; struct node *value;
                       struct call_cache cache[3]; };
struct node_op_attr  { struct node h; struct node *recv; ID attr; ID op; struct node *value;
                       ID setter;   /* attr=, interned by the binder */
                       struct call_cache cache[3]; };

struct node_block;

#define NF_FCALL   0x01   /* no explicit receiver: private methods allowed */
#define NF_VCALL   0x02   /* bare identifier: "undefined local variable or method" */
#define NF_SELFRECV 0x04  /* explicit `self.` receiver: private setters allowed */
#define NF_PAREN   0x08   /* arguments were parenthesised */
struct node_call {
    struct node h;
    struct node *recv;        /* NULL for fcall/vcall */
    ID mid;
    int argc;
    struct node **args;       /* may contain NODE_SPLAT; hash args are a NODE_HASH */
    struct node *block_arg;   /* &expr, or NULL */
    struct node_block *block; /* literal block, or NULL */
    struct node *value;       /* ATTRASGN: the assigned value (NULL as a target) */
    struct call_cache cache;  /* evaluator use only */
    const struct ar_prog *flat;   /* evaluator: an operator tree run flat (ev_arith.c) */
};

struct node_block {
    struct node h;
    struct scope_info scope;  /* the block's own locals (params first) */
    struct node_mlhs *params; /* NULL for no parameters (and for ||) */
    struct node *block_param; /* |&b| : an LASGN target, or NULL */
    struct node *body;        /* NULL for an empty body */
    bool is_for;              /* a for-loop body: no scope of its own, params set outer vars */
    int lone_param;           /* binder: |x| alone, a local of the block: its slot + 1; else 0 */
};
#define NF_EMPTY_PARAMS 0x01  /* node_block: written with || (Proc#arity 0, not -1) */

struct node_if   { struct node h; struct node *cond, *then_, *else_; };

#define NF_DO_WHILE 0x01      /* begin ... end while c: body runs first */
#define NF_DEFINED_RUN 0x01   /* node_unary NODE_DEFINED of `begin ... end`: run it */
struct node_loop { struct node h; struct node *cond, *body; };

struct node_for  { struct node h; struct node *iter; struct node_block *block; };

struct node_case { struct node h; struct node *subject; int n; struct node **whens; struct node *else_; };
struct node_when { struct node h; int n; struct node **values; struct node *body; };

struct node_rescue  { struct node h; struct node *body; int n; struct node **resbodies; struct node *else_; };
struct node_resbody {
    struct node h;
    int n;
    struct node **classes;   /* empty: StandardError; may contain NODE_SPLAT */
    struct node *var;        /* => target (assignment node with NULL value), or NULL */
    struct node *body;
};
struct node_ensure  { struct node h; struct node *body, *ensure; };

/* Method parameters occupy the first slots of the def's scope, in order:
   required, optional, *rest, &block. */
struct params {
    int nreq;
    int nopt;
    struct node **opt;      /* nopt LASGN nodes (slot nreq+i = default value) */
    int rest;               /* slot of *rest (hidden for a bare `*`), -1 if none */
    int block;              /* slot of &blk, -1 if none */
    int plain;              /* nreq when there are only required parameters, else -1 */
};

struct node_def {
    struct node h;
    ID name;
    struct node *singleton;  /* DEFS: the object; NULL for DEFN */
    struct scope_info scope;
    struct params params;
    struct node *body;       /* NULL for an empty body */
    const char *file;        /* for backtraces */
};

struct node_class {
    struct node h;
    struct node *cpath;      /* CLASS/MODULE: NODE_CONST/COLON2/COLON3; SCLASS: the object */
    struct node *super;      /* CLASS only, may be NULL */
    struct scope_info scope;
    struct node *body;
};

/* a name given as :"dyn#{x}" is a NODE_DSYM in new_dyn/old_dyn/dyn[i] (its ID 0) */
struct node_alias { struct node h; ID new_name, old_name; struct node *new_dyn, *old_dyn; };
struct node_undef { struct node h; int n; ID *names; struct node **dyn; /* dyn[i] NULL: names[i] */ };

/* The whole program (or the text given to eval). */
struct node_program {
    struct node h;
    struct scope_info scope;
    struct node *body;       /* NULL when empty */
    int nbegin;
    struct node **begin_blocks; /* BEGIN { }: node_programs of their own scope, run first */
    const char *file;
    long data_offset;        /* byte offset after __END__\n, or -1 */
};

/* ---- arena: nodes live until the owning script object is collected */
struct arena;
struct arena *arena_new(void);
void *arena_alloc(struct arena *a, size_t size);   /* zeroed, 16-aligned */
char *arena_strndup(struct arena *a, const char *s, size_t len);
void arena_free(struct arena *a);

/* ---- the parser */
struct parse_outer {             /* enclosing scopes of code given to eval */
    const struct scope_info *scope;
    const struct parse_outer *next;
};
struct parse_error {
    char message[512];           /* "file:7: syntax error, unexpected kEND" */
    int line;
    bool out_of_stack;           /* not the code's fault: the C stack ran out */
};
/* Parse src as a program; NULL on error (err filled).  outer is NULL for a
   file; for eval, the scopes visible from the eval, innermost first. */
struct node_program *parse_program(struct arena *a, const char *src, size_t len,
                                   const char *file, int line,
                                   const struct parse_outer *outer,
                                   struct parse_error *err);

/* A program file (PARSE_FILE), and the command line's -n -p -l -a: the
   program is the body of a `while gets` loop (MRI 1.8's parser wraps it
   the same way, so BEGIN blocks stay outside and locals persist from one
   line to the next). */
#define PARSE_LOOP  0x01   /* -n: while gets; ...; end */
#define PARSE_PRINT 0x02   /* -p: the same, printing $_ after each pass */
#define PARSE_CHOP  0x04   /* -l: $_.chop! first */
#define PARSE_SPLIT 0x08   /* -a: $F = $_.split */
#define PARSE_FILE  0x10   /* a whole file or -e (not eval): its last value is unused */
/* The loop's condition reads this global: its getter is Kernel#gets's code
   without a method call (1.8.7 calls rb_gets directly: no `gets' frame, and
   a gets the program defines is not the one the loop uses).  The name has
   no '$', so no program can name it and global_variables leaves it out. */
#define PARSE_LOOP_READER "-n gets"
struct node_program *parse_program_loop(struct arena *a, const char *src, size_t len,
                                        const char *file, int line, int flags,
                                        struct parse_error *err);

/* -y: every token the parser reads is printed on stderr. */
extern bool parse_trace_tokens;

/* Set by the VM: reports a parse-time warning; verbose_only ones are
   shown with -w only (MRI's rb_warning), the others unless -W0. */
extern void (*parse_warn_hook)(const char *file, int line, bool verbose_only, const char *msg);

/* Set by the VM: the lowest C stack address the running thread may reach.
   PARSE_MAX_DEPTH fits the main stack; a green thread's may be smaller. */
extern const char *(*parse_stack_floor)(void);

/* Debugging: print the tree as an S-expression (miniruby --dump-ast). */
struct dump_sink { void (*write)(void *ctx, const char *s, size_t n); void *ctx; };
void node_dump(const struct node *n, struct dump_sink *out);
const char *node_type_name(int type);

#endif
