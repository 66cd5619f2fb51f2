/* internal.h: hooks between interpreter modules that extensions never use:
 * what the GC asks of each type, start-up order, and evaluator internals
 * shared by the ev_*.c files and the core classes that need them. */
#ifndef MR_INTERNAL_H
#define MR_INTERNAL_H

#include "ruby.h"
#include "eval/vm.h"

/* ---- the C API's parts that show the evaluator's structures (eval/vm.h),
   so kept out of the public ruby.h */
void gc_mark_env(struct env *e);
void gc_mark_pairs(const VALUE *p, size_t n, size_t stride);   /* words 0 and 1 of n records */
/* Bodies of objects made one per thread and by the million (a Proc's
   block, an environment's variables), whose size is known when they are
   freed: thread records' memory (thread/slab.h), huge pages and no
   header, where malloc's heap grows a 4 KB fault at a time. */
void *gc_body_alloc(size_t n);
void *gc_body_realloc(void *p, size_t old_n, size_t n);
void gc_body_free(void *p, size_t n);

/* method entries (T_MENTRY) */
enum me_type { ME_CFUNC, ME_AST, ME_IVAR_GET, ME_IVAR_SET, ME_BMETHOD, ME_UNDEF, ME_ZSUPER };
struct RMEntry {
    struct RBasic basic;       /* HI32: original name; FL_USER bits: type, visibility */
    VALUE owner;               /* class or module that defined it */
    union { cfunc fn; struct node_def *def; ID ivar; VALUE proc; } body;
    union { int arity; VALUE script; } aux;
    VALUE cref;
};
#define RMENTRY(v) ((struct RMEntry *)(v))
#define ME_TYPE(me) ((enum me_type)((RBASIC(me)->flags >> 11) & 7))
#define ME_VISI(me) ((enum visibility)((RBASIC(me)->flags >> 14) & 3))
#define ME_NAME(me) ((ID)HI32(me))
VALUE me_new(enum me_type type, ID name, VALUE owner, enum visibility visi);
void class_add_method(VALUE klass, ID mid, VALUE me);
VALUE class_lookup_method_cached(VALUE klass, ID mid);

/* Repeated yields to the current block from one C iterator: the frame and
   environment are prepared once (ev_block.c).  The context lives on the
   iterator's stack and must not outlive the call.
       struct yielder y;
       vm_yield_prepare(&y);
       for (...) vm_yield_next(&y, value); */
#define YIELDER_LOCALS 8
struct yielder {
    const struct block *blk;
    bool fast;                 /* a plain block: the prepared frame is reused */
    bool spreads;              /* fast, and |a, b| spreads one Array argument */
    struct frame bf;
    struct env env;
    VALUE vars[YIELDER_LOCALS];
};
void vm_yield_prepare(struct yielder *y);
void vm_yield_prepare_block(struct yielder *y, const struct block *blk);
VALUE vm_yield_next(struct yielder *y, VALUE v);
VALUE vm_yield_next2(struct yielder *y, VALUE a, VALUE b);
VALUE vm_yield_pair(struct yielder *y, VALUE a, VALUE b);  /* yields [a, b] */

/* re.c and re_match.c */
struct re_registers *match_region_new(int nregs);   /* room for nregs groups; free() */
VALUE match_new(VALUE str, VALUE re, struct re_registers *regs);  /* takes regs */
VALUE match_subject(VALUE str);          /* the frozen subject a MatchData keeps */
void match_init(void);

/* class_of for hot paths: inline, reading vm.c (extensions call class_of) */
static inline VALUE class_of_inline(VALUE obj)
{
    if (LIKELY(HEAP_P(obj))) return RBASIC(obj)->klass;
    if (FIXNUM_P(obj)) return vm.c.Fixnum;
    if (FLONUM_P(obj)) return vm.c.Float;
    if (SYMBOL_P(obj)) return vm.c.Symbol;
    return obj == Qnil ? vm.c.NilClass : obj == Qtrue ? vm.c.TrueClass : vm.c.FalseClass;
}

/* ---- per-type marking and freeing, called by gc.c */
void class_gc_mark(VALUE klass);
void class_gc_free(VALUE klass);
void ivar_gc_mark_generic(VALUE obj);
void ivar_gc_free_generic(VALUE obj);
void hash_gc_mark(VALUE hash);
void hash_gc_free(VALUE hash);
void proc_gc_mark(VALUE proc);
void proc_gc_free(VALUE proc);
void script_gc_mark(VALUE script);
void script_gc_free(VALUE script);
void re_gc_free(VALUE re);
void match_gc_free(VALUE match);
void gc_mark_block(const struct block *blk);
void gc_mark_frames(struct frame *f);
void gc_mark_thread_stack(struct thread *th, char *lo);
void gc_free_stack_roots(struct thread *th);  /* a dead thread's */
void gc_mark_thread_image(struct thread *th, const char *lo, const void *copy, const VALUE *words, size_t n);
bool gc_may_refer(uint64_t w);    /* for sched_stack_words */
uint64_t gc_scan_epoch(void);
void gc_mark_running_stack(void);
VALUE *gc_state_roots(struct frame *f, struct tag *t, uint32_t *n);  /* cont.c */
void gc_mark_maybe_values(const VALUE *p, size_t n);               /* conservatively */
void gc_prepare_nomem(void);      /* after the exception classes exist */
/* A weak reference: the collection that finds obj reachable from nothing
   else sets dead and obj to Qnil before it frees obj. */
struct gc_weak {
    VALUE obj;
    bool dead;
    struct gc_weak *prev, *next;
};
void gc_weak_link(struct gc_weak *w);
void gc_weak_unlink(struct gc_weak *w);
bool gc_stress(void);             /* GC.stress */
void gc_set_stress(bool on);
void gc_taint_new_objects(void);       /* $SAFE 3 reached: taint what is allocated */

/* ---- start-up: each module defines its classes and methods */
void class_init(void);       /* Object, Module, Class, Kernel: first */
void object_init(void);
void error_init(void);
void symbol_class_init(void);
void num_init(void);
void big_init(void);
void math_init(void);
void str_init(void);
void sprintf_init(void);
void ary_init(void);
void hash_init(void);
void range_init(void);
void struct_init(void);
VALUE struct_class_members(VALUE klass);   /* Array of Symbols; TypeError if not a Struct */
void env_hash_init(void);     /* ENV (env_hash.c) */
void compar_init(void);
void enum_init(void);
void enumerator_init(void);
void proc_init(void);
void re_init(void);
void io_init(void);
void io_reserve_std_fds(void);   /* before anything opens a descriptor */
void file_init(void);
void dir_init(void);
void time_init(void);
void process_init(void);
void signal_init(void);
void gc_class_init(void);
void finalizer_init(void);                /* after gc_class_init */
void finalizer_copy(VALUE dst, VALUE src);   /* dup/clone of an object with FL_FINALIZE */
void finalizer_collect_dead(void);       /* gc.c, after marking */
extern bool finalizer_pending;           /* vm_check_interrupts runs them */
void finalizer_run_pending(void);
void finalizer_run_at_exit(void);        /* after the at_exit handlers */
void ev_call_init(void);
void load_init(void);
void autoload_init(void);
bool autoload_marker_p(VALUE v);
void autoload_register(VALUE klass, ID id, VALUE path);
VALUE autoload_resolve(VALUE klass, ID id, VALUE marker);
void const_delete_marker(VALUE klass, ID id, VALUE marker);
void eval_init(void);
void kernel_init(void);
void kernel_uscore_init(void);   /* $_ functions: sub, gsub, chop, chomp, split */
void gvar_init(void);
void thread_init(void);      /* thread/ */
extern double (*time_clock_hook)(double real);   /* core/time.c: the schedule modes' clock */
extern void (*random_seed_hook)(uint32_t w[4]);  /* core/random.c: their rand seed */
bool thread_kill_others(int rounds);    /* embedders: end every other thread */
void thread_end_others(void);           /* the program's end: kill, wait for their ensure clauses */
bool thread_ending(void);               /* thread_end_others has begun */
void marshal_init(void);
void module_init(void);
void vm_init_all(void);
void vm_init(void *stack_base);
void load_add_path(const char *dir);
void load_path_defaults(const char *const *libdirs, int n, bool tainted);   /* RUBYLIB, libdirs, "." */
/* Extensions in shared objects (OBJECT.so in the folder given): the
   initialiser `symbol` runs at the first require of `name`. */
void load_set_extension_dir(const char *dir);
void vm_register_shared_extension(const char *name, const char *object, const char *symbol);
void *vm_extension_symbol(const char *object, const char *symbol, const char *feature);

/* ---- lexical class nesting: one link per class/module body */
struct RCref {
    struct RBasic basic;
    VALUE klass;
    VALUE prev;     /* enclosing cref, or 0 at the top */
};
#define RCREF(v) ((struct RCref *)(v))

/* ---- scripts: a parsed program and what keeps its AST alive */
struct trace_slots;
struct script {
    struct arena *arena;
    struct node_program *prog;
    const char *file;
    VALUE *lits;           /* literal VALUEs the binder made */
    size_t nlits, capa;
    struct trace_slots *trace;   /* its statements, for set_trace_func (trace.c) */
};
VALUE script_new(const char *file);
struct script *script_get(VALUE script);
void script_add_literal(VALUE script, VALUE lit);
const char *script_file(VALUE script);

/* ---- the evaluator (ev_*.c) */
/* why a call went to method_missing (chooses NoMethodError's wording) */
enum { MISSING_NONE, MISSING_PRIVATE, MISSING_PROTECTED, MISSING_VCALL, MISSING_SUPER };
VALUE ev_bind_program(VALUE script, struct node_program *prog, struct parse_error *err);
VALUE vm_parse(const char *src, size_t len, const char *file, int line,
               const struct parse_outer *outer, struct parse_error *err);   /* T_SCRIPT or 0 */
VALUE vm_parse_main(const char *src, size_t len, const char *file, int line,
                    int loop_flags, struct parse_error *err);   /* -n -p -l -a: PARSE_LOOP ... */
VALUE vm_run_script(VALUE script, VALUE self, VALUE cref, struct env *outer_env,
                    const struct block *outer_block, int frame_flags);
VALUE vm_run_script_in(VALUE script, VALUE self, VALUE cref, struct env *env,
                       const struct block *outer_block, int frame_flags);
VALUE vm_invoke_block(const struct block *blk, int argc, const VALUE *argv,
                      VALUE self, VALUE def_class, int extra_flags);
struct env *env_new_heap(const struct scope_info *scope, struct env *outer);
void env_add_locals(struct env *e, const ID *names, int n);   /* heap envs only */
struct env *env_box(struct env *e);      /* a stack env's vars into the heap: their owner */
struct env *env_escape(struct env *e);   /* e and its outer ones on the heap, for a Proc */
void yielder_stop_reusing(struct frame *bf);   /* its vars moved to the heap */
bool env_adopt_locals(struct env *e, VALUE script);            /* a script's locals into e */
void env_gc_free(struct env *e);
struct block *block_to_heap(const struct block *blk);   /* for procs */
VALUE cref_new(VALUE klass, VALUE prev);
VALUE cref_class(VALUE cref);
VALUE vm_cref(void);
struct frame *vm_ruby_frame(void);                      /* innermost non-C frame */
struct frame *frame_ruby(struct frame *f);              /* f, or the Ruby frame below a C frame */
int vm_exec_top(VALUE (*fn)(VALUE), VALUE arg);         /* returns the jump state */
extern void (*vm_budget_hook)(void);                    /* embedder's check at safe points */
void vm_run_at_exit(void);
bool binding_context(VALUE obj, VALUE *self, struct env **env, VALUE *cref, const struct block **blk);
/* Where code given to eval comes from, for its default file and line and
   its backtraces.  bt_tail: an Array (the frames of a Binding when it was
   made) that follows the eval'd code instead of the frames calling eval;
   EVAL_SKIP_CALLER (string instance_eval/class_eval) to leave out the
   method that was called and its caller's frame, as 1.8.7 does; or nil. */
struct eval_origin {
    const char *file;        /* NULL: none ("(eval)") */
    int line;
    ID mid;                  /* the method the code runs in, for backtraces and __method__ */
    VALUE me;                /* 0: the caller's */
    VALUE bt_tail;
    VALUE def_class;         /* where def defines (instance_eval), 0: the cref's */
};
/* frame def_class markers: instance_eval on an object with no singleton
   class (Fixnum, Symbol, nil...) or one that takes no methods (Float) */
#define DEF_CLASS_NONE Qnil
#define DEF_CLASS_NO_SINGLETON Qtrue
#define EVAL_SKIP_CALLER Qtrue
bool binding_origin(VALUE obj, struct eval_origin *o);
VALUE binding_of(VALUE self, struct env *env, VALUE cref);   /* one with no file and no frames */
void binding_set_env(VALUE binding, struct env *env);        /* TOPLEVEL_BINDING: the main program's */
void obj_copy_singleton(VALUE copy, VALUE obj);              /* clone: singleton methods, extends */
VALUE vm_run_eval(VALUE script, VALUE self, VALUE cref, struct env *outer_env,
                  const struct block *outer_block, const struct eval_origin *o);
VALUE vm_run_main(VALUE script);        /* the main program, with TOPLEVEL_BINDING */
VALUE exc_frame_position(struct frame *f);   /* "file:line:in `m'" of one frame */
VALUE vm_define_method_body(VALUE klass, ID mid, VALUE body, enum visibility visi);
VALUE proc_invoke(VALUE proc, const struct block *b, int argc, const VALUE *argv, VALUE self, int flags);
VALUE proc_call_to_end(VALUE proc, int argc, const VALUE *argv);
/* Where a thread was made (its backtraces end so): recorded from the
   suspended creator's frames when first needed, or when the creator
   runs again (exc_thread_born). */
void exc_thread_born_later(struct thread *th, struct thread *creator);
VALUE exc_thread_born(struct thread *th);
/* "FILE:LINE" where th was made (no method named), or 0 */
VALUE exc_thread_born_place(struct thread *th);
void vm_undef(VALUE klass, ID mid);

/* set_trace_func (eval/trace.c): the hooks run only while vm_tracing */
extern bool vm_tracing;
void vm_trace_raise(void);
void trace_init(void);
void safe_init(void);
void cont_init(void);                  /* eval/cont.c: callcc */
void trace_note_seq(struct script *s, struct node_list *seq);   /* the binder, for each NODE_SEQ */
void trace_note_slot(struct script *s, struct node **slot);      /* and each one-statement body */
void trace_script_free(struct script *s);

/* signals (signal.c) */
bool signal_any_pending(void);
bool signal_is_pending(int sig);
void signal_deliver(void);                  /* run pending handlers: main thread only */
extern void (*signal_main_wakeup)(void);    /* thread/: make the main thread run soon */
const char *signal_name(int no);
/* -T: the $SAFE level the program starts at.  interp/cli/options.c has a
   weak definition (it assigns $SAFE); the $SAFE implementation defines
   the real one. */
void vm_set_safe_level(int level);
int signal_of_exception(VALUE exc);   /* the signal of an uncaught SignalException, or 0 */
void signal_die(int sig);             /* end the process by sig's default action */
int signal_wakeup_fd(void);                 /* readable when a signal arrived */
void signal_drain_wakeup(void);
void signal_interrupt_main(void);           /* async-signal-safe: main to a safe point */

/* global variables */
typedef VALUE (*gvar_getter)(ID id, void *data);
typedef void (*gvar_setter)(VALUE val, ID id, void *data);
void gvar_define_hooked(const char *name, VALUE *var, gvar_getter get, gvar_setter set);
void gvar_define_readonly(const char *name, VALUE *var, gvar_getter get);
bool gvar_defined(ID id);
void gvar_alias(ID new_name, ID old_name);
void *gvar_entry(ID id);              /* stable handle for bound nodes */
VALUE gvar_entry_get(void *entry);
VALUE gvar_entry_set(void *entry, VALUE val);
void gvar_mark_all(void);
void gvar_trace_init(void);           /* Kernel#trace_var, #untrace_var */

/* class internals shared with the evaluator */
struct class_ext {
    struct idtab *iv_tbl;      /* the class object's own @ivars */
    struct idtab *cv_tbl;      /* @@vars */
    struct idtab *const_tbl;
    struct idtab *iv_index;    /* instances: @ivar name -> slot */
    uint32_t iv_count;
    VALUE path;                /* frozen String "A::B" once named, else 0 */
    VALUE attached;            /* singleton class: its object */
    VALUE module;              /* iclass: the module it stands for */
    VALUE (*allocator)(VALUE klass);
    bool is_meta_done;
};
#define RCLASS_EXT(c) (RCLASS(c)->ext)
/* a class made by dup/clone, until its initialize_copy ran: the only
   class initialize_copy may fill (1.8.7 "already initialized class") */
#define CLASS_COPY_PENDING FL_USER(0)
uint32_t class_ivar_index(VALUE klass, ID id, bool create);  /* UINT32_MAX if absent */
void obj_ivar_grow(VALUE obj, uint32_t idx);   /* room for slot idx */
/* slot idx of a T_OBJECT (Qundef: not set) */
static inline VALUE obj_ivar_at(VALUE obj, uint32_t idx)
{
    if (FL_TEST(obj, ROBJ_HEAP))
        return idx < ROBJECT(obj)->iv.heap.capa ? ROBJECT(obj)->iv.heap.ptr[idx] : Qundef;
    return idx < ROBJ_EMBED ? ROBJECT(obj)->iv.ary[idx] : Qundef;
}
static inline void obj_ivar_store(VALUE obj, uint32_t idx, VALUE val)
{
    if (FL_TEST(obj, ROBJ_HEAP) && idx < ROBJECT(obj)->iv.heap.capa) ROBJECT(obj)->iv.heap.ptr[idx] = val;
    else if (!FL_TEST(obj, ROBJ_HEAP) && idx < ROBJ_EMBED) ROBJECT(obj)->iv.ary[idx] = val;
    else { obj_ivar_grow(obj, idx); ROBJECT(obj)->iv.heap.ptr[idx] = val; }
}
VALUE class_new_raw(enum vtype type, VALUE klass_of, VALUE super);
void class_name_under(VALUE klass, VALUE outer, ID name);
VALUE class_make_metaclass(VALUE klass);
VALUE class_define_class_id(ID name, VALUE super, VALUE outer);
VALUE class_define_module_id(ID name, VALUE outer);
VALUE iclass_module(VALUE iclass);

/* ---- numbers: shared by numeric.c, fixnum.c, bignum.c, float.c, random.c */
void random_init(void);      /* Kernel#rand, #srand */
void fix_init(void);         /* Fixnum methods (num_init calls it) */
void flo_init(void);         /* Float methods and constants (num_init calls it) */
enum int_op { IOP_PLUS, IOP_MINUS, IOP_MUL, IOP_DIV, IOP_MOD, IOP_IDIV, IOP_DIVMOD, IOP_REM,
              IOP_QUO, IOP_FDIV };
VALUE big_op(VALUE x, VALUE y, enum int_op op);  /* x Integer, y anything: + - * / % div ... */
VALUE big_compare(VALUE x, VALUE y, ID op);      /* x Integer: == <=> < <= > >= */
VALUE big_pow(VALUE x, VALUE y);                 /* x Integer, y anything */
VALUE big_bitop(VALUE x, VALUE y, ID op);        /* x Integer: & | ^ */
VALUE big_shift(VALUE x, VALUE n, bool left);    /* x Integer: << >> */
VALUE num_bit_coerce(VALUE y);                   /* operand of a bit op: Integer, Float is a TypeError */
bool num_float_step(VALUE from, VALUE to, VALUE step, bool excl);  /* yields; false unless one is a Float */           /* -1/0/1, nil if either is NaN */
void flo_divmod_d(double x, double y, double *divp, double *modp);  /* floored, as Float#divmod */
const char *num_op_name(enum int_op op);

#endif
