/* vm.c: the VM struct, start-up, scripts (parsed programs owned by the GC),
 * running a program's top frame, interrupts, stack limits, $~/$_ and the
 * frame queries C methods use. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/resource.h>
#include "eval.h"

struct vm vm;
static struct thread main_thread;
void (*vm_thread_interrupt_hook)(void);     /* set by thread/ */
void (*vm_signal_interrupt_hook)(void);     /* set by signal.c */
/* An embedder's budget check (the fuzzing harness): it may jump, e.g. with
   TAG_FATAL once a program has run too long.  Also called when a blocked
   thread resumes (green_check_pending), so that waits end too. */
void (*vm_budget_hook)(void);

#define STACK_MARGIN (256 * 1024)
#ifdef MR_SANITIZE
/* AddressSanitizer cannot unpoison a stack that large after a longjmp */
#define MAIN_STACK_MAX ((size_t)1 << 26)
#else
#define MAIN_STACK_MAX ((size_t)1 << 30)
#endif

/* ------------------------------------------------------------ scripts */
static void script_free_data(void *p)
{
    struct script *s = p;
    trace_script_free(s);       /* before the nodes go */
    arena_free(s->arena);
    free(s->lits);
    free((char *)s->file);
    free(s);
}

VALUE script_new(const char *file)
{
    struct script *s = xcalloc(1, sizeof *s);
    s->arena = arena_new();
    s->file = xstrndup(file, strlen(file));
    VALUE obj = gc_new_obj(T_SCRIPT, 0);
    RDATA(obj)->data = s;
    return obj;
}

struct script *script_get(VALUE script) { return RDATA(script)->data; }
const char *script_file(VALUE script) { return script ? script_get(script)->file : "-"; }

void script_add_literal(VALUE script, VALUE lit)
{
    if (!HEAP_P(lit)) return;
    struct script *s = script_get(script);
    if (s->nlits == s->capa) {
        s->capa = s->capa ? s->capa * 2 : 32;
        s->lits = xrealloc(s->lits, s->capa * sizeof(VALUE));
    }
    s->lits[s->nlits++] = lit;
}

void script_gc_mark(VALUE script)
{
    struct script *s = script_get(script);
    if (s) gc_mark_values(s->lits, s->nlits);
}

void script_gc_free(VALUE script)
{
    if (RDATA(script)->data) script_free_data(RDATA(script)->data);
}

/* Parse and bind; a T_SCRIPT, or 0 with err filled.  loop_flags: the
   command line's -n -p -l -a (PARSE_LOOP ...), for the main program. */
static VALUE parse_and_bind(const char *src, size_t len, const char *file, int line,
                            const struct parse_outer *outer, int loop_flags, struct parse_error *err)
{
    VALUE script = script_new(file);
    struct script *s = script_get(script);
    s->prog = loop_flags ? parse_program_loop(s->arena, src, len, s->file, line, loop_flags, err)
                         : parse_program(s->arena, src, len, s->file, line, outer, err);
    /* parsing deep in a recursion (eval calling itself) ran out of stack:
       SystemStackError, as the evaluator would have raised */
    if (!s->prog && err->out_of_stack && vm.th->tag) vm_stack_overflow();
    if (!s->prog) return 0;
    if (!ev_bind_program(script, s->prog, err)) return 0;
    return script;
}

VALUE vm_parse(const char *src, size_t len, const char *file, int line,
               const struct parse_outer *outer, struct parse_error *err)
{
    return parse_and_bind(src, len, file, line, outer, 0, err);
}

VALUE vm_parse_main(const char *src, size_t len, const char *file, int line,
                    int loop_flags, struct parse_error *err)
{
    return parse_and_bind(src, len, file, line, NULL, loop_flags, err);
}

/* Parse-time warnings, printed as the running code's are. */
static void parse_warning_out(const char *file, int line, bool verbose_only, const char *msg)
{
    if (vm.verbose < (verbose_only ? 2 : 1)) return;
    io_flush_all();
    fprintf(stderr, "%s:%d: warning: %s\n", file, line, msg);
}

/* ------------------------------------------------------------ running programs */
static VALUE run_in(VALUE script, VALUE self, VALUE cref, struct env *env,
                    const struct block *outer_block, int frame_flags, const struct eval_origin *o);

/* prog's environment: on the heap if a closure or eval may keep it, or
   if it hangs below another one */
static VALUE run_with_env(VALUE script, VALUE self, VALUE cref, struct env *outer_env,
                          const struct block *outer_block, int frame_flags, const struct eval_origin *o)
{
    struct node_program *prog = script_get(script)->prog;
    if ((prog->scope.flags & SCOPE_CAPTURED) || outer_env)
        return run_in(script, self, cref, env_new_heap(&prog->scope, outer_env), outer_block, frame_flags, o);
    int n = prog->scope.nlocals;
    VALUE vars[n > 0 ? n : 1];
    for (int i = 0; i < n; i++) vars[i] = Qnil;
    struct env stack_env = { vars, NULL, &prog->scope, (uint32_t)n, 0 };
    return run_in(script, self, cref, &stack_env, outer_block, frame_flags, o);
}

VALUE vm_run_script(VALUE script, VALUE self, VALUE cref, struct env *outer_env,
                    const struct block *outer_block, int frame_flags)
{
    return run_with_env(script, self, cref, outer_env, outer_block, frame_flags, NULL);
}

/* Code given to eval, from o (a Binding, instance_eval...) */
VALUE vm_run_eval(VALUE script, VALUE self, VALUE cref, struct env *outer_env,
                  const struct block *outer_block, const struct eval_origin *o)
{
    return run_with_env(script, self, cref, outer_env, outer_block, FRAME_EVAL, o);
}

static VALUE toplevel_binding;

/* The main program: its locals live on the heap, where TOPLEVEL_BINDING
   (1.8.7's binding of the top level, with no file of its own) sees them. */
VALUE vm_run_main(VALUE script)
{
    struct node_program *prog = script_get(script)->prog;
    struct env *env = env_new_heap(&prog->scope, NULL);
    binding_set_env(toplevel_binding, env);
    return run_in(script, vm.top_self, vm.top_cref, env, NULL, FRAME_TOP, NULL);
}

/* A BEGIN block, in the program's frame with locals of its own. */
static void run_begin_block(const struct node_program *bp, struct frame *fr)
{
    struct env *saved = fr->env;
    int n = bp->scope.nlocals;
    VALUE vars[n > 0 ? n : 1];
    for (int i = 0; i < n; i++) vars[i] = Qnil;
    struct env stack_env = { vars, NULL, &bp->scope, (uint32_t)n, 0 };
    fr->env = (bp->scope.flags & SCOPE_CAPTURED) ? env_new_heap(&bp->scope, NULL) : &stack_env;
    if (bp->body) EVAL(bp->body, fr);
    fr->env = saved;
}

/* The same in env, made by the caller for prog's scope: the REPL looks
   at it afterwards for the locals an eval added. */
VALUE vm_run_script_in(VALUE script, VALUE self, VALUE cref, struct env *env,
                       const struct block *outer_block, int frame_flags)
{
    return run_in(script, self, cref, env, outer_block, frame_flags, NULL);
}

static VALUE run_in(VALUE script, VALUE self, VALUE cref, struct env *env,
                    const struct block *outer_block, int frame_flags, const struct eval_origin *o)
{
    struct node_program *prog = script_get(script)->prog;
    struct frame *caller = vm.th->frame;
    struct frame *ctx = (frame_flags & FRAME_EVAL) ? frame_ruby(caller) : NULL;   /* eval: the code calling it */
    struct frame *home = ctx ? ctx->home : NULL;
    bool own_home = !(frame_flags & FRAME_EVAL);
    struct frame fr = {
        .prev = caller, .self = self, .me = ctx ? ctx->me : 0, .mid = ctx ? ctx->mid : 0,
        .block = outer_block, .env = env, .cref = cref, .node = &prog->h, .script = script,
        .running = NULL, .home = home, .serial = 0, .svar = { Qnil, Qnil }, .argc = 0, .argv = NULL,
        .flags = (uint16_t)frame_flags, .visi = (frame_flags & FRAME_TOP) ? VIS_PRIVATE : VIS_PUBLIC,
        .bt_tail = Qnil,
    };
    if (o) {                         /* a Binding's method, as 1.8.7 runs the code in its frame */
        fr.bt_tail = o->bt_tail;
        if (o->bt_tail != EVAL_SKIP_CALLER) fr.mid = o->mid;
        if (o->me) fr.me = o->me;
        if (o->def_class) fr.def_class = o->def_class;
    }
    if (own_home) fr.home = &fr;     /* $~ of blocks at the top level */
    /* eval in the same class body shares its default visibility both ways */
    bool share_visi = ctx && ctx->cref == cref;
    if (share_visi) fr.visi = ctx->visi;
    vm.th->frame = &fr;
    for (int i = 0; i < prog->nbegin; i++) run_begin_block((struct node_program *)prog->begin_blocks[i], &fr);
    VALUE v = prog->body ? EVAL(prog->body, &fr) : Qnil;
    if (frame_flags & FRAME_TOP) ev_safe_point();   /* a signal the last statement sent itself, as 1.8.7 */
    vm.th->frame = caller;
    if (share_visi) ctx->visi = fr.visi;
    GC_GUARD(script);
    return v;
}

/* Run fn under a tag; the jump state that ended it (0 if none). */
int vm_exec_top(VALUE (*fn)(VALUE), VALUE arg)
{
    int state;
    vm_protect(fn, arg, &state);
    return state;
}

/* ------------------------------------------------------------ interrupts, stack */
void vm_check_interrupts(void)
{
    vm.interrupt = 0;
    if (UNLIKELY(finalizer_pending)) finalizer_run_pending();   /* queued by the last GC */
    if (vm_signal_interrupt_hook) vm_signal_interrupt_hook();
    if (vm_thread_interrupt_hook) vm_thread_interrupt_hook();
    if (UNLIKELY(vm_budget_hook != NULL)) vm_budget_hook();
}

void vm_stack_overflow(void)
{
    struct thread *th = vm.th;
    /* build the exception in the margin below the limit, then jump */
    char *limit = th->stack_limit;
    th->stack_reach = STACK_MARKS;
    th->stack_mark = 0;
    th->stack_limit = th->stack_tripwire = th->stack_lo + (limit - th->stack_lo) / 4;
    VALUE exc = exc_new(vm.c.SystemStackError, "stack level too deep", 20);
    exc_set_backtrace(exc, exc_backtrace_here(0));
    th->stack_limit = th->stack_tripwire = limit;
    th->errinfo = exc;
    tag_jump(TAG_RAISE, exc, 0);
}

void vm_stack_low(void)
{
    char here;                   /* a frame below the check's: no less strict */
    struct thread *th = vm.th;
    if (&here < th->stack_limit) vm_stack_overflow();
    /* past a mark: the next one is the bound, unless this frame is past
       it too, or it is past the limit */
    char *next = th->stack_mark ? th->stack_base - th->stack_mark : NULL;
    th->stack_mark = 0;
    th->stack_reach++;
    if (next && next > th->stack_limit && &here >= next) {
        th->stack_tripwire = next;
        return;
    }
    th->stack_reach = STACK_MARKS;
    th->stack_tripwire = th->stack_limit;
}

/* Every C path that recurses without calling a method calls this at each
   level: the threads' stacks sit side by side, so running past the limit
   writes into a neighbour's. */
void vm_check_stack(void) { ev_stack_check(); }

/* For C code whose stack use grows with its input (Oniguruma's parser,
   GMP's temporaries): how much it may take, the margin below the limit
   kept for raising SystemStackError. */
size_t vm_stack_free(void)
{
    char here;
    const char *limit = vm.th->stack_limit;
    return &here > limit ? (size_t)(&here - limit) : 0;
}

/* The parser stops at the same limit as the evaluator (parse_stack_floor). */
static const char *stack_floor(void) { return vm.th->stack_limit; }

/* The main thread's stack: what the kernel lets it grow to, RLIMIT_STACK
   whatever its value (MAIN_STACK_MAX when unlimited), measured from the
   top of the stack.  Above stack_base lie the environment, the arguments
   and a random gap: a fixed allowance for them, plus the environment's
   size, keeps the depth Ruby code reaches the same from run to run.  A
   limit too small for that allowance takes glibc's figure. */
static char *main_stack_lo(char *stack_base)
{
    extern char **environ;
    size_t env = 0;
    for (char **e = environ; e && *e; e++) env += strlen(*e) + 1 + sizeof *e;
    size_t reserve = ((env + 0xffff) & ~(size_t)0xffff) + 64 * 1024;
    /* glibc's figure: the limit, or the room left below the stack (when
       unlimited, the stack grows until it meets another mapping) */
    char *glibc_lo = NULL;
    pthread_attr_t attr;
    void *addr;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        if (pthread_attr_getstack(&attr, &addr, &size) == 0) glibc_lo = (char *)addr + 4096;
        pthread_attr_destroy(&attr);
    }
    struct rlimit rl;
    size_t limit = 8 * 1024 * 1024;
    if (getrlimit(RLIMIT_STACK, &rl) == 0) limit = rl.rlim_cur == RLIM_INFINITY ? MAIN_STACK_MAX : rl.rlim_cur;
    if (limit > MAIN_STACK_MAX) limit = MAIN_STACK_MAX;
    char *lo = limit > 2 * reserve ? stack_base - (limit - reserve) : stack_base - limit / 2;
    if (glibc_lo && (lo < glibc_lo || limit <= 2 * reserve)) lo = glibc_lo;
    return lo;
}

static void init_main_thread(char *stack_base)
{
    char *lo = main_stack_lo(stack_base);
    size_t size = (size_t)(stack_base - lo);
    size_t margin = size / 4 < STACK_MARGIN ? size / 4 : STACK_MARGIN;
    main_thread.stack_base = stack_base;
    main_thread.stack_lo = lo;
    main_thread.stack_limit = main_thread.stack_tripwire = lo + margin;
    main_thread.errinfo = Qnil;
    main_thread.self = Qnil;
    main_thread.locals = Qnil;
    main_thread.pending_exc = Qnil;
    main_thread.jump_val = Qnil;
    vm.th = vm.main_th = &main_thread;
}

/* ------------------------------------------------------------ frame queries */
/* C frames hold no position of their own: they stand at their caller's. */
struct frame *frame_ruby(struct frame *f)
{
    while (f && (f->flags & FRAME_CFUNC)) f = f->prev;
    return f;
}

struct frame *vm_ruby_frame(void) { return frame_ruby(vm.th->frame); }

VALUE vm_self(void)
{
    struct frame *f = vm.th->frame;
    return f ? f->self : vm.top_self;
}

/* ------------------------------------------------------------ what extensions see of the VM */
const struct core_classes *const core_classes = &vm.c;

VALUE vm_top_self(void) { return vm.top_self; }
VALUE vm_errinfo(void) { return vm.th->errinfo; }
void vm_set_errinfo(VALUE exc) { vm.th->errinfo = exc; }
VALUE vm_jump_tag(void) { return (VALUE)vm.th->jump_dst; }
bool vm_interrupt_pending(void) { return vm.interrupt != 0; }

ID vm_current_mid(void)
{
    struct frame *f = vm.th->frame;
    return f ? f->mid : 0;
}

VALUE vm_cref(void)
{
    struct frame *f = vm_ruby_frame();
    return f ? f->cref : vm.top_cref;
}

VALUE vm_caller_cref_class(void) { return cref_class(vm_cref()); }

/* $~ and $_ belong to the method-level frame; blocks and procs share
   their home's while it is still running on this thread. */
static VALUE *svar_slot(int idx)
{
    struct frame *f = vm_ruby_frame();
    if (!f) return NULL;
    while ((f->flags & FRAME_BLOCK) && f->running && f->running->home && f->running->home != f &&
           f->running->home_th == vm.th) {
        struct frame *h = f->running->home;
        struct frame *p = f->prev;
        while (p && p != h) p = p->prev;   /* home must still be on this thread's chain */
        if (!p) break;
        f = h;
    }
    return &f->svar[idx];
}

VALUE vm_svar_get(int idx)
{
    VALUE *slot = svar_slot(idx);
    return slot && *slot ? *slot : Qnil;
}

void vm_svar_set(int idx, VALUE v)
{
    VALUE *slot = svar_slot(idx);
    if (slot) *slot = v;
}

const char *vm_source_file(void)
{
    struct frame *f = vm_ruby_frame();
    return f ? script_file(f->script) : "-";
}

int vm_source_line(void)
{
    struct frame *f = vm_ruby_frame();
    return f && f->node ? f->node->line : 0;
}

/* ------------------------------------------------------------ start-up */
static VALUE main_to_s(VALUE self, int argc, const VALUE *argv)
{
    return str_new_cstr("main");
}

/* 1.8.7's main.include: `include Mod` at the top level includes into Object */
static VALUE main_include(VALUE self, int argc, const VALUE *argv)
{
    if (argc == 0) return vm.c.Object;      /* 1.8.7 allows a bare `include` */
    return vm_call(vm.c.Object, sym_intern_cstr("include"), argc, argv);
}

/* main.public and main.private act on Object; with no argument they set the
   default visibility of the top-level frame, as Module#public does */
static VALUE main_public(VALUE self, int argc, const VALUE *argv)
{
    vm_call(vm.c.Object, sym_intern_cstr("public"), argc, argv);
    return vm.c.Object;
}

static VALUE main_private(VALUE self, int argc, const VALUE *argv)
{
    vm_call(vm.c.Object, sym_intern_cstr("private"), argc, argv);
    return vm.c.Object;
}

/* MINIRUBY_GC_STRESS=1 runs the whole process, boot included, under GC.stress */
static bool gc_stress_wanted(void)
{
    const char *stress = getenv("MINIRUBY_GC_STRESS");
    return stress && *stress && *stress != '0';
}

void vm_init(void *stack_base)
{
    xalloc_init();
    io_reserve_std_fds();
    sym_init();
    init_main_thread(stack_base);
    parse_stack_floor = stack_floor;
    parse_warn_hook = parse_warning_out;
    gc_init(stack_base, gc_stress_wanted());
    vm.verbose = 1;
    vm_init_all();
    vm.top_self = obj_alloc(vm.c.Object);
    define_singleton_method(vm.top_self, "to_s", main_to_s, 0);
    define_singleton_method(vm.top_self, "include", main_include, -1);
    define_singleton_method(vm.top_self, "public", main_public, -1);
    define_singleton_method(vm.top_self, "private", main_private, -1);
    vm.top_cref = cref_new(vm.c.Object, 0);
    toplevel_binding = binding_of(vm.top_self, NULL, vm.top_cref);   /* -r libraries see it too */
    gc_register_root(&toplevel_binding);
    const_set(vm.c.Object, sym_intern_cstr("TOPLEVEL_BINDING"), toplevel_binding);
    vm.booted = true;
}
