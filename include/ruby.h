/* ruby.h: the C API that core classes and extensions are written against.
 *
 * The public header: extensions (ext/) compile with include/ and their
 * own folder alone on the include path, so this and include/ruby/ (the value
 * layouts, symbols, green-thread waits, the REPL session) are all they
 * see.  None of them includes an interpreter header; what the interpreter
 * adds for itself (frames, threads, method entries, the inline class_of)
 * is in interp/runtime/internal.h and interp/eval/vm.h.
 *
 * Conventions
 *  - A method written in C has the type cfunc: self, argc, argv.  Its arity
 *    is given when it is defined: n >= 0 exactly n arguments (checked by the
 *    caller), -1 any number (the function checks with arity_check()).
 *  - Functions that raise never return: they long-jump to the innermost
 *    tag.  Do not hold malloc'd memory across a call that may raise; keep
 *    such buffers in GC objects (a String) or use vm_ensure.
 *  - The GC scans C stacks conservatively: a VALUE in a local variable is
 *    safe.  A raw pointer into an object (RSTRING_PTR) is not a reference:
 *    keep the VALUE alive while the pointer is used (GC_GUARD).
 *  - Prefixes name the module: str_ String, ary_ Array, hash_ Hash, num_/
 *    int_/flo_/big_ numbers, class_/mod_ classes and modules, obj_ Object,
 *    conv_ implicit conversions, exc_ exceptions, vm_ calls and blocks,
 *    io_ IO, re_ Regexp, proc_ Proc, range_ Range, gc_ the collector.
 */
#ifndef MR_RUBY_H
#define MR_RUBY_H

#include <stdarg.h>
#include "ruby/value.h"
#include "ruby/symbol.h"
#include "ruby/util.h"

typedef VALUE (*cfunc)(VALUE self, int argc, const VALUE *argv);
/* A block implemented in C (Enumerable on top of #each, for instance). */
typedef VALUE (*block_cfunc)(VALUE data, int argc, const VALUE *argv);

struct block;                   /* a block given to a call: opaque */
enum visibility { VIS_PUBLIC = 0, VIS_PRIVATE = 1, VIS_PROTECTED = 2, VIS_MODFUNC = 3 };

/* The core classes and modules, filled in at start-up.  Extensions reach
   them through core_classes (core_classes->String); the interpreter reads
   the same struct as vm.c (eval/vm.h). */
struct core_classes {
    VALUE Object, Module, Class, Kernel, Comparable, Enumerable;
    VALUE NilClass, TrueClass, FalseClass, Symbol, Numeric, Integer, Fixnum,
          Bignum, Float, String, Array, Hash, Range, Proc, Method,
          UnboundMethod, Binding, Struct, Time, Regexp, MatchData, IO, File,
          Dir, Thread, ThreadGroup, Enumerator, Data, Math, GC, ObjectSpace,
          Process, Signal, Marshal, Errno, Precision, FileTest, Stat;
    /* exceptions */
    VALUE Exception, StandardError, RuntimeError, ArgumentError, NameError,
          NoMethodError, TypeError, ZeroDivisionError, IndexError, KeyError,
          RangeError, FloatDomainError, LocalJumpError, StopIteration,
          ThreadError, SystemStackError, NotImplementedError, ScriptError,
          LoadError, SyntaxError, SystemExit, Interrupt, SignalException,
          Fatal, IOError, EOFError, SystemCallError, NoMemoryError,
          SecurityError, RegexpError;
};

#define GC_GUARD(v) __asm__ volatile("" : : "g"(v) : "memory")

/* ------------------------------------------------------------ gc.c */
VALUE gc_new_obj(enum vtype type, VALUE klass);  /* zeroed payload */
void gc_mark(VALUE v);
void gc_mark_values(const VALUE *p, size_t n);
void gc_register_root(VALUE *addr);              /* a C global holding a VALUE */
void gc_register_marker(void (*mark)(void));     /* extra roots (thread list ...) */
/* Marks after the roots, again while it returns true, then once with final
   set (parked generator producers: see thread/generator.c). */
void gc_register_late_marker(bool (*mark)(bool final));
bool gc_marked(VALUE v);                         /* marked in the collection under way */
void gc_start(void);
bool gc_enable(bool on);                         /* returns the previous state */
void gc_malloc_increase(size_t n);               /* count malloc'd bytes toward the next GC */
bool gc_is_object(VALUE v);                      /* v points at a live slot */
void gc_each_object(void (*fn)(VALUE obj, void *arg), void *arg);
size_t gc_count(void);
void gc_set_limit(size_t bytes);                 /* memory budget: NoMemoryError past it; 0 none */
void gc_init(void *stack_base, bool stress);      /* stress: collect at every allocation */

/* ------------------------------------------------------------ class.c */
VALUE class_new(VALUE super);                    /* anonymous class */
VALUE module_new(void);
VALUE class_define(const char *name, VALUE super);
VALUE class_define_under(VALUE outer, const char *name, VALUE super);
VALUE module_define(const char *name);
VALUE module_define_under(VALUE outer, const char *name);
VALUE class_of(VALUE obj);          /* including singleton classes */
VALUE obj_class(VALUE obj);         /* the real class: no singleton, no iclass */
VALUE singleton_class(VALUE obj);
VALUE class_real(VALUE klass);
VALUE class_superclass(VALUE klass);   /* real superclass or nil */
VALUE class_path(VALUE klass);      /* "A::B", or "#<Class:0x...>" */
const char *class_name(VALUE klass);/* class_path as a C string */
const char *obj_classname(VALUE obj);
void class_set_allocator(VALUE klass, VALUE (*alloc)(VALUE klass));
VALUE class_allocate(VALUE klass);
VALUE class_new_instance(VALUE klass, int argc, const VALUE *argv);
bool obj_is_kind_of(VALUE obj, VALUE klass);
bool obj_is_instance_of(VALUE obj, VALUE klass);
bool class_inherits(VALUE klass, VALUE ancestor);  /* klass <= ancestor */
void module_include(VALUE klass, VALUE module);
void obj_extend(VALUE obj, VALUE module);
VALUE class_ancestors(VALUE klass);

void define_method(VALUE klass, const char *name, cfunc fn, int arity);
void define_private_method(VALUE klass, const char *name, cfunc fn, int arity);
void define_singleton_method(VALUE obj, const char *name, cfunc fn, int arity);
void define_module_function(VALUE module, const char *name, cfunc fn, int arity);
void define_global_function(const char *name, cfunc fn, int arity); /* private Kernel method */
void undef_method(VALUE klass, const char *name);
void define_attr(VALUE klass, ID name, bool reader, bool writer);

/* A method entry (a T_MENTRY, opaque here) and a call of it, as found now:
   what a method redefined later will not change. */
VALUE class_lookup_method(VALUE klass, ID mid);      /* the entry or 0; stops at an undef */
void class_set_visibility(VALUE klass, ID mid, enum visibility visi);
void class_alias_method(VALUE klass, ID new_name, ID old_name);
void class_undef_method(VALUE klass, ID mid);
void class_remove_method(VALUE klass, ID mid);
bool class_method_defined(VALUE klass, ID mid, int visi_mask);
VALUE class_instance_methods(VALUE klass, bool inherited, int visi_mask);

/* constants, instance and class variables */
VALUE const_get(VALUE klass, ID id);          /* with ancestors and Object; const_missing */
VALUE const_get_at(VALUE klass, ID id);       /* Qundef if not set directly here */
VALUE const_peek_at(VALUE klass, ID id);      /* the same without autoloading */
VALUE const_lookup(VALUE klass, ID id, bool inherit); /* Qundef if absent, no const_missing */
void const_set(VALUE klass, ID id, VALUE val);
bool const_defined(VALUE klass, ID id, bool inherit);
VALUE const_lookup_from(VALUE klass, ID id, bool warn); /* Scope::X; Qundef if absent */
bool const_defined_from(VALUE klass, ID id);            /* defined?(Scope::X) */
VALUE const_remove(VALUE klass, ID id);
VALUE class_constants(VALUE klass, bool inherit);
void define_const(VALUE klass, const char *name, VALUE val);
void define_global_const(const char *name, VALUE val);
VALUE ivar_get(VALUE obj, ID id);             /* nil if unset */
VALUE ivar_lookup(VALUE obj, ID id);          /* Qundef if unset */
VALUE ivar_set(VALUE obj, ID id, VALUE val);
VALUE ivar_remove(VALUE obj, ID id);          /* Qundef if unset */
VALUE obj_instance_variables(VALUE obj);
VALUE ivar_pairs(VALUE obj);                  /* [:name, value, ...], hidden ones too */
void ivar_copy(VALUE dst, VALUE src);
VALUE gvar_get(ID id);                        /* $name: nil if never set */
VALUE gvar_set(ID id, VALUE val);
VALUE gvar_list(void);                        /* global_variables: Array of Strings */
VALUE cvar_get(VALUE klass, ID id);
void cvar_set(VALUE klass, ID id, VALUE val, bool declare);
bool cvar_defined(VALUE klass, ID id);
VALUE cvar_remove(VALUE klass, ID id);        /* from klass itself; Qundef if not there */
VALUE class_cvars(VALUE klass);

/* ------------------------------------------------------------ calls and blocks (ev_call.c) */
VALUE vm_call(VALUE recv, ID mid, int argc, const VALUE *argv);  /* private ok */
VALUE vm_call0(VALUE recv, ID mid);
VALUE vm_call1(VALUE recv, ID mid, VALUE a);
VALUE vm_call_public(VALUE recv, ID mid, int argc, const VALUE *argv);
VALUE vm_call_with_block(VALUE recv, ID mid, int argc, const VALUE *argv, const struct block *blk);
VALUE vm_call_with_proc(VALUE recv, ID mid, int argc, const VALUE *argv, VALUE proc);
VALUE vm_call_cblock(VALUE recv, ID mid, int argc, const VALUE *argv, block_cfunc fn, VALUE data);
VALUE vm_call_super(int argc, const VALUE *argv);  /* from a C method */
VALUE vm_call_me(VALUE recv, VALUE me, ID mid, int argc, const VALUE *argv, const struct block *blk);
bool vm_respond_to(VALUE obj, ID mid, bool include_private);
VALUE vm_yield(int argc, const VALUE *argv);
VALUE vm_yield1(VALUE v);
VALUE vm_yield_values(int argc, ...);
VALUE vm_yield_block(const struct block *blk, int argc, const VALUE *argv);
bool vm_block_given(void);
const struct block *vm_current_block(void);   /* block of the running C method */
VALUE vm_block_proc(void);                    /* current block as a Proc; nil if none */
NORETURN void vm_need_block(void);            /* LocalJumpError "no block given" */
VALUE vm_svar_get(int idx);                   /* 0: $~, 1: $_ of the calling Ruby frame */
void vm_svar_set(int idx, VALUE v);
void vm_check_interrupts(void);
NORETURN void vm_stack_overflow(void);
void vm_stack_low(void);                     /* a stack check's slow path */
void vm_check_stack(void);                    /* SystemStackError past the thread's limit */
size_t vm_stack_free(void);                   /* C stack bytes left above that limit */
VALUE vm_self(void);
ID vm_current_mid(void);
VALUE vm_caller_cref_class(void);

/* ------------------------------------------------------------ the VM, for extensions (vm.c) */
extern const struct core_classes *const core_classes;   /* the same as vm.c */
VALUE vm_top_self(void);                      /* main */
VALUE vm_errinfo(void);                       /* $! of the running thread */
void vm_set_errinfo(VALUE exc);               /* nil once an exception is dealt with */
VALUE vm_jump_tag(void);                      /* the catch tag of the TAG_THROW vm_protect last reported */
bool vm_interrupt_pending(void);              /* vm_check_interrupts has something to deliver */

/* protection from C.  The state of a jump (what vm_protect reports): */
enum tag_state {
    TAG_NONE = 0,
    TAG_RETURN,    /* val: value; dst: frame serial */
    TAG_BREAK,     /* val: value; dst: block break_id, 0 for loops */
    TAG_NEXT,      /* val: value */
    TAG_RETRY,
    TAG_REDO,
    TAG_RAISE,     /* val: exception (also th->errinfo) */
    TAG_THROW,     /* val: value; dst: the catch tag object */
    TAG_FATAL,     /* kill: unwinds the thread, only ensure runs */
};
VALUE vm_protect(VALUE (*fn)(VALUE), VALUE arg, int *state);
NORETURN void vm_jump_state(int state);       /* resume a jump caught by vm_protect */
VALUE vm_ensure(VALUE (*body)(VALUE), VALUE barg, VALUE (*ensure)(VALUE), VALUE earg);
VALUE vm_rescue(VALUE (*body)(VALUE), VALUE barg, VALUE (*rescue)(VALUE arg, VALUE exc), VALUE rarg,
                VALUE exc_class);             /* exc_class 0: StandardError */
VALUE vm_catch(VALUE tag, VALUE (*fn)(VALUE), VALUE arg);
NORETURN void vm_throw(VALUE tag, VALUE val);

/* ------------------------------------------------------------ $SAFE (eval/safe.c) */
int vm_safe_level(void);                  /* the running thread's */
void vm_set_safe_level(int level);        /* -T: raise the program's level */
void vm_secure(int level);                /* SecurityError from level on: "Insecure operation `m' at level n" */
void vm_check_safe_obj(VALUE obj);        /* tainted from level 1, anything at 4: "Insecure operation - m" */
void vm_check_safe_name(VALUE obj, const char *name);   /* the same, naming method name */
void vm_check_modify(VALUE obj, const char *what);  /* level 4, untainted: "Insecure: can't modify what" */
bool vm_taint_new(void);                  /* level 3: new objects are tainted */
extern int vm_safe_max;                   /* the highest level any thread reached */
/* the level-4 check of a mutator: one predictable branch below level 4 */
#define SAFE_CHECK_MODIFY(obj, what) \
    do { if (UNLIKELY(vm_safe_max >= 4)) vm_check_modify((obj), (what)); } while (0)

/* ------------------------------------------------------------ eval_string.c / load.c */
VALUE vm_eval_string(VALUE self, VALUE src, VALUE binding, const char *file, int line);
VALUE vm_run_file(const char *path);                     /* load */
bool vm_require(const char *feature);                    /* false if already loaded */
bool vm_require_optional(const char *file);              /* an extension's Ruby half, if the library has it */
void vm_register_extension(const char *name, void (*init)(void));

/* ------------------------------------------------------------ error.c */
NORETURN void exc_raise(VALUE klass, const char *fmt, ...) PRINTF(2, 3);
NORETURN void exc_raise_obj(VALUE exc);
NORETURN void exc_raise_str(VALUE klass, VALUE msg);
VALUE exc_new(VALUE klass, const char *msg, long len);
VALUE exc_new_str(VALUE klass, VALUE msg);
VALUE exc_new_fmt(VALUE klass, const char *fmt, ...) PRINTF(2, 3);
NORETURN void exc_sys_fail(const char *what);            /* Errno::X from errno */
VALUE exc_errno_class(int err);
NORETURN void exc_type_error_conv(VALUE obj, const char *to); /* can't convert X into Y */
NORETURN void exc_wrong_type(VALUE obj, const char *expected);/* wrong argument type X (expected Y) */
NORETURN void exc_arity(int argc, int min, int max);
NORETURN void exc_frozen(VALUE obj);
NORETURN void exc_name_error(ID name, const char *fmt, ...) PRINTF(2, 3);
NORETURN void exc_no_method(VALUE recv, ID mid, int argc, const VALUE *argv, int kind);
NORETURN void exc_local_jump(const char *reason, VALUE val, const char *msg);
VALUE exc_message(VALUE exc);
VALUE exc_backtrace_here(int skip);      /* Array of "file:line:in `m'" */
VALUE exc_backtrace_lazy(int skip);      /* the same, formatted when first read (a Data object) */
VALUE exc_backtrace_get(VALUE exc);      /* its backtrace (nil or an Array) */
void exc_fill_backtrace(VALUE exc, int skip);   /* raise: unless it has one */
void exc_set_backtrace(VALUE exc, VALUE bt);
void exc_print(VALUE exc);               /* as MRI prints an uncaught exception */
void exc_warn(const char *fmt, ...) PRINTF(1, 2);   /* "file:line: warning: ..." */
const char *vm_source_file(void);
int vm_source_line(void);

static inline void arity_check(int argc, int min, int max)
{
    if (argc < min || (max >= 0 && argc > max)) exc_arity(argc, min, max);
}

/* ------------------------------------------------------------ object.c, conversions */
VALUE obj_alloc(VALUE klass);            /* a T_OBJECT */
VALUE obj_inspect(VALUE obj);            /* String */
VALUE obj_to_s(VALUE obj);               /* String: #to_s, or the default if it is not one */
VALUE obj_any_to_s(VALUE obj);           /* #<Foo> */
VALUE obj_default_inspect(VALUE obj);    /* #<Foo:0x... @a=1> */
bool obj_equal(VALUE a, VALUE b);        /* == */
bool obj_eql(VALUE a, VALUE b);          /* eql? */
long obj_hash(VALUE obj);                /* #hash as a C long */
VALUE obj_id(VALUE obj);
VALUE obj_freeze(VALUE obj);
void obj_check_frozen(VALUE obj);
VALUE obj_dup(VALUE obj);
VALUE obj_clone(VALUE obj);
void obj_init_copy(VALUE dst, VALUE src);
bool obj_respond_to(VALUE obj, ID mid);

VALUE conv_to_str(VALUE obj);            /* String or TypeError (to_str) */
VALUE conv_check_str(VALUE obj);         /* String or nil (to_str if it responds) */
VALUE conv_to_ary(VALUE obj);            /* Array or TypeError (to_ary) */
VALUE conv_check_ary(VALUE obj);         /* Array or nil */
VALUE conv_to_hash(VALUE obj);
VALUE conv_to_a(VALUE obj);              /* Array(obj): to_ary, to_a, or [obj] */
VALUE conv_to_integer(VALUE obj);        /* Fixnum/Bignum via to_int */
VALUE conv_to_sym(VALUE obj);            /* Symbol or String -> ID as Symbol; TypeError */
ID conv_to_id(VALUE obj);
long num_to_long(VALUE v);               /* Integer/Float -> long, RangeError/TypeError */
int num_to_int(VALUE v);
double num_to_dbl(VALUE v);              /* Numeric -> double, TypeError */

/* ------------------------------------------------------------ numbers */
VALUE int_new(long n);                   /* Fixnum or Bignum */
VALUE int_new_ull(unsigned long long n);
VALUE float_new_heap(double d);           /* a Float in a slot: use float_new */
/* a Float: a flonum when d fits one (value.h) */
static inline VALUE float_new(double d)
{
    VALUE v = flonum_from_dbl(d);
    return LIKELY(v != Qundef) ? v : float_new_heap(d);
}
VALUE big_new_mpz(const mpz_t z);        /* copies; normalises to Fixnum when it fits */
VALUE big_from_cstr(const char *digits, int base);  /* may return a Fixnum */
/* SystemStackError unless the C stack holds what GMP takes for that work
   on numbers of that many limbs */
enum big_work { BIG_MUL, BIG_DIV, BIG_POW, BIG_STR, BIG_BITS };
void big_check_stack(enum big_work work, size_t limbs);
VALUE big_normalize(VALUE big);
double big_to_dbl(VALUE big);
VALUE big_from_dbl(double d);
VALUE int_to_s(VALUE num, int base);
VALUE flo_to_s(double d);                /* "1.0e+20" etc. as 1.8 prints */
VALUE num_coerce_bin(VALUE x, VALUE y, ID op);
VALUE num_coerce_cmp(VALUE x, VALUE y, ID op);
/* Integer / and % on longs (y != 0): they floor toward minus infinity */
static inline long fix_floor_div(long x, long y)
{
    long q = x / y;
    if (x % y != 0 && ((x < 0) != (y < 0))) q--;
    return q;
}
static inline long fix_floor_mod(long x, long y)
{
    long m = x % y;
    if (m != 0 && ((m < 0) != (y < 0))) m += y;
    return m;
}
VALUE int_plus(VALUE a, VALUE b);
VALUE int_minus(VALUE a, VALUE b);
VALUE int_mul(VALUE a, VALUE b);
/* numeric.c: Float() rules and comparison through coerce (cmp_failed: compar.c) */
VALUE num_to_float(VALUE v);             /* Float(v): Strings parse strictly, nil is a TypeError */
VALUE num_coerce_relop(VALUE x, VALUE y, ID op);  /* < <= > >= via coerce, else ArgumentError */

/* ------------------------------------------------------------ string.c */
VALUE str_new(const char *ptr, long len);
VALUE str_new_cstr(const char *s);
VALUE str_new_capa(long capa);           /* empty, room for capa bytes */
VALUE str_new_shared(VALUE str);         /* shares str's bytes, copy on write */
VALUE str_new_frozen(VALUE str);
VALUE str_new_fmt(const char *fmt, ...) PRINTF(1, 2);
VALUE str_vnew_fmt(const char *fmt, va_list ap);
VALUE str_dup(VALUE str);                /* same class, copy of the bytes */
VALUE str_cat(VALUE str, const char *ptr, long len);
VALUE str_cat_cstr(VALUE str, const char *s);
VALUE str_append(VALUE str, VALUE other);/* str << other (String) */
VALUE str_cat_fmt(VALUE str, const char *fmt, ...) PRINTF(2, 3);
void str_modify(VALUE str);              /* frozen check and unshare before writing */
void str_resize(VALUE str, long len);
void str_reserve(VALUE str, long capa);
char *str_cstr(VALUE str);               /* NUL-terminated bytes */
long str_hash(VALUE str);
bool str_equal(VALUE a, VALUE b);
int str_cmp(VALUE a, VALUE b);
ID str_to_id(VALUE str);
VALUE str_inspect(VALUE str);
VALUE str_dump(VALUE str);                       /* String#dump: bytes >= 0x80 escaped */
VALUE str_to_inum(VALUE str, int base, bool badcheck);
double str_to_dbl(VALUE str, bool badcheck);
VALUE str_plus(VALUE a, VALUE b);
VALUE str_times(VALUE str, long n);
VALUE str_substr(VALUE str, long beg, long len);  /* nil if out of range */
VALUE str_split_cstr(VALUE str, const char *sep);
VALUE str_format(int argc, const VALUE *argv, VALUE fmt);   /* sprintf */
VALUE str_sym_inspect(ID id);            /* :foo, :"foo bar" */

/* ------------------------------------------------------------ array.c */
VALUE ary_new(void);
VALUE ary_new_capa(long capa);
VALUE ary_new_from(long n, const VALUE *elts);
VALUE ary_new_of(long n, ...);
VALUE ary_push(VALUE ary, VALUE v);
VALUE ary_pop(VALUE ary);
VALUE ary_shift(VALUE ary);
VALUE ary_unshift(VALUE ary, VALUE v);
VALUE ary_entry(VALUE ary, long i);      /* nil if out of range; negative from the end */
void ary_store(VALUE ary, long i, VALUE v);
VALUE ary_concat(VALUE ary, VALUE other);
VALUE ary_dup(VALUE ary);
VALUE ary_join(VALUE ary, VALUE sep);
VALUE ary_inspect(VALUE ary);
VALUE ary_to_s(VALUE ary);
bool ary_includes(VALUE ary, VALUE v);
void ary_clear(VALUE ary);
void ary_modify(VALUE ary);
void ary_resize(VALUE ary, long len);
VALUE ary_subseq(VALUE ary, long beg, long len);
VALUE ary_sort_bang(VALUE ary);
VALUE ary_reverse_bang(VALUE ary);
VALUE ary_delete(VALUE ary, VALUE v);
bool ary_equal(VALUE a, VALUE b);

/* ------------------------------------------------------------ hash.c */
VALUE hash_new(void);
VALUE hash_aref(VALUE hash, VALUE key);  /* with the default */
VALUE hash_lookup(VALUE hash, VALUE key);/* Qundef if missing */
VALUE hash_aset(VALUE hash, VALUE key, VALUE val);
VALUE hash_delete(VALUE hash, VALUE key);/* Qundef if missing */
long hash_size(VALUE hash);
void hash_clear(VALUE hash);
enum hash_iter { HASH_CONTINUE, HASH_STOP, HASH_DELETE };
void hash_foreach(VALUE hash, enum hash_iter (*fn)(VALUE key, VALUE val, void *arg), void *arg);
VALUE hash_keys(VALUE hash);
VALUE hash_values(VALUE hash);
/* Run fn(obj, arg, false), or fn(obj, arg, true) if this thread is already
   inside such a call for obj with the same op ("inspect", "==", ...):
   how inspect and == stop on recursive structures.  (hash.c) */
VALUE hash_exec_recursive(VALUE (*fn)(VALUE obj, VALUE arg, bool recursive), VALUE obj, VALUE arg,
                          const char *op);

/* ------------------------------------------------------------ enumerator.c */
VALUE enumerator_for(VALUE obj, const char *meth, int argc, const VALUE *argv); /* obj.enum_for(meth, *argv) */

/* ------------------------------------------------------------ compar.c */
int cmp_int(VALUE val, VALUE a, VALUE b);   /* a <=> b's result val as -1/0/1; nil: cmp_failed */
NORETURN void cmp_failed(VALUE a, VALUE b); /* ArgumentError "comparison of Fixnum with String failed" */

/* ------------------------------------------------------------ range.c */
VALUE range_new(VALUE beg, VALUE end, bool excl);
/* Resolve a Range against a sequence of length len.  Returns 1 and sets
   begp and lenp, 0 if the range is out of bounds (err 0: quietly), raises
   RangeError when err is 1 and the range does not fit. */
int range_beg_len(VALUE range, long *begp, long *lenp, long len, int err);

/* ------------------------------------------------------------ proc.c */
VALUE proc_new(const struct block *blk, bool lambda);
VALUE proc_call(VALUE proc, int argc, const VALUE *argv);
int proc_arity(VALUE proc);
const struct block *proc_block(VALUE proc);
VALUE method_new(VALUE recv, ID mid, VALUE me, bool bound);
VALUE binding_new(void);                 /* the calling Ruby frame's binding */

/* ------------------------------------------------------------ re.c */
VALUE re_new(VALUE src, int options);    /* RegexpError on a bad pattern */
VALUE re_new_options(VALUE src, int options);  /* options as Regexp#options: kcode bits too */
VALUE re_new_cstr(const char *src, long len, int options, char *errbuf, size_t errlen); /* 0 on error */
long re_search(VALUE re, VALUE str, long pos, bool reverse);  /* -1 if no match; sets $~ */
/* The MatchData or nil, also set as $~.  C code takes the match from here,
   not from $~, which is lost when no Ruby frame calls (Enumerator#next). */
VALUE re_search_match(VALUE re, VALUE str, long pos, bool reverse);
VALUE re_nth_match(int n, VALUE match);
VALUE re_last_match_special(int c);      /* $& $` $' $+ */
VALUE re_quote(VALUE str);
VALUE re_to_regexp(VALUE pattern);       /* Regexp or quoted String */
/* match offsets (string.c needs them; implemented in re_match.c) */
long match_begin(VALUE match, int n);    /* byte offset of group n, -1 if unmatched */
long match_end(VALUE match, int n);
int match_count(VALUE match);            /* number of groups including 0 */
void re_set_kcode(const char *code);     /* $KCODE = code (-K): "u", "e", "s", "n"; NULL: none */
const char *re_kcode_name(void);         /* $KCODE: "NONE", "EUC", "SJIS", "UTF8" */
long re_mbclen(const char *p, long n);   /* bytes of the char at p under $KCODE: 1..n */
long re_mbclen_pat(VALUE re, const char *p, long n);  /* the same under Regexp re's kcode */

/* ------------------------------------------------------------ io.c */
VALUE io_stdout(void);                   /* $stdout */
VALUE io_stderr_replaced(void);          /* $stderr when it is not STDERR, else 0 */
VALUE io_write(VALUE io, VALUE str);     /* io.write(str) */
void io_flush_all(void);
void io_unread(VALUE io, const char *p, long n);  /* read next, before the rest (ungetc) */
VALUE io_argf_gets(void);                /* Kernel#gets's work, no call: -n and -p's loop */
int io_readable_fd(VALUE io, long *buffered);
/* Called with what is written to fd 1 or 2 when it is a terminal, before
   it is written (ext/readline takes its prompt off the screen); NULL: none. */
extern void (*io_tty_write_hook)(int fd, const char *buf, long len);  /* fd of a readable IO and its read-ahead bytes; IOError if not */
/* sockets (ext/socket): an IO on a socket descriptor, read-write and sync
   as 1.8.7 made them; its descriptor; bytes read ahead; io_shut drops one
   direction (read or write) and says whether none is left. */
void io_setup_socket(VALUE io, int fd);
int io_fd(VALUE io);                     /* IOError "closed stream" */
long io_read_pending(VALUE io);
bool io_shut(VALUE io, bool read);

/* ------------------------------------------------------------ time, misc */
double time_interval(VALUE num);         /* sleep's and select's seconds: 1.8.7's checks and errors */

/* ------------------------------------------------------------ Data objects */
VALUE data_new(VALUE klass, const struct data_type *type, void *data);
/* A zeroed body of n bytes for a Data object, from the memory the
   collector's own bodies come from: blocks of a size packed together on
   huge pages, where malloc's heap grows a 4 KB page fault at a time and
   puts a header before each.  Its type's free gives it back with the
   same n. */
void *data_body_alloc(size_t n);
void data_body_free(void *p, size_t n);
void *data_get(VALUE obj, const struct data_type *type);  /* TypeError if another type */

/* ------------------------------------------------------------ small inline helpers */
static inline VALUE sym_to_value(const char *name) { return ID2SYM(sym_intern_cstr(name)); }
static inline bool INTEGER_P(VALUE v) { return FIXNUM_P(v) || BIGNUM_P(v); }
/* dst is tainted if src is (1.8.7's OBJ_INFECT); returns dst */
static inline VALUE obj_infect(VALUE dst, VALUE src)
{
    if (HEAP_P(src) && HEAP_P(dst) && FL_TEST(src, FL_TAINT)) FL_SET(dst, FL_TAINT);
    return dst;
}
/* taints a heap object made from outside data (1.8.7's OBJ_TAINT); returns it */
static inline VALUE obj_taint(VALUE obj)
{
    if (HEAP_P(obj)) FL_SET(obj, FL_TAINT);
    return obj;
}
static inline VALUE str_lit(const char *s) { return str_new_cstr(s); }

#endif
