/* vm.c: the VM struct, start-up, scripts (parsed programs owned by the GC),
 * running a program's top frame, interrupts, stack limits, $~/$_ and the
 * frame queries C methods use. */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "eval.h"

struct vm vm;
static struct thread main_thread;
void (*vm_thread_interrupt_hook)(void);     /* set by thread/ */
void (*vm_signal_interrupt_hook)(void);     /* set by signal.c */
/* An embedder's budget check (the fuzzing harness): it may jump, e.g. with
   TAG_FATAL once a program has run too long.  Also called when a blocked
   thread resumes (sched_check_pending), so that waits end too. */
void (*vm_budget_hook)(void);

#define STACK_MARGIN (256 * 1024)

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

/* Parse and bind; a T_SCRIPT, or 0 with err filled. */
VALUE vm_parse(const char *src, size_t len, const char *file, int line,
               const struct parse_outer *outer, struct parse_error *err)
{
    VALUE script = script_new(file);
    struct script *s = script_get(script);
    s->prog = parse_program(s->arena, src, len, s->file, line, outer, err);
    /* parsing deep in a recursion (eval calling itself) ran out of stack:
       SystemStackError, as the evaluator would have raised */
    if (!s->prog && err->out_of_stack && vm.th->tag) vm_stack_overflow();
    if (!s->prog) return 0;
    if (!ev_bind_program(script, s->prog, err)) return 0;
    return script;
}

/* ------------------------------------------------------------ running programs */
VALUE vm_run_script(VALUE script, VALUE self, VALUE cref, struct env *outer_env,
                    const struct block *outer_block, int frame_flags)
{
    struct node_program *prog = script_get(script)->prog;
    if ((prog->scope.flags & SCOPE_CAPTURED) || outer_env)
        return vm_run_script_in(script, self, cref, env_new_heap(&prog->scope, outer_env), outer_block,
                                frame_flags);
    int n = prog->scope.nlocals;
    VALUE vars[n > 0 ? n : 1];
    for (int i = 0; i < n; i++) vars[i] = Qnil;
    struct env stack_env = { vars, NULL, &prog->scope, (uint32_t)n, 0 };
    return vm_run_script_in(script, self, cref, &stack_env, outer_block, frame_flags);
}

/* The same in env, made by the caller for prog's scope: the REPL looks
   at it afterwards for the locals an eval added. */
VALUE vm_run_script_in(VALUE script, VALUE self, VALUE cref, struct env *env,
                       const struct block *outer_block, int frame_flags)
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
    };
    if (own_home) fr.home = &fr;     /* $~ of blocks at the top level */
    vm.th->frame = &fr;
    for (int i = 0; i < prog->nbegin; i++) EVAL(prog->begin_blocks[i], &fr);
    VALUE v = prog->body ? EVAL(prog->body, &fr) : Qnil;
    vm.th->frame = caller;
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
    if (vm_signal_interrupt_hook) vm_signal_interrupt_hook();
    if (vm_thread_interrupt_hook) vm_thread_interrupt_hook();
    if (UNLIKELY(vm_budget_hook != NULL)) vm_budget_hook();
}

void vm_stack_overflow(void)
{
    struct thread *th = vm.th;
    /* build the exception in the margin below the limit, then jump */
    char *limit = th->stack_limit;
    th->stack_limit = th->stack_lo + (limit - th->stack_lo) / 4;
    VALUE exc = exc_new(vm.c.SystemStackError, "stack level too deep", 20);
    exc_set_backtrace(exc, exc_backtrace_here(0));
    th->stack_limit = limit;
    th->errinfo = exc;
    tag_jump(TAG_RAISE, exc, 0);
}

void vm_check_stack(void) { ev_stack_check(); }

/* The parser stops at the same limit as the evaluator (parse_stack_floor). */
static const char *stack_floor(void) { return vm.th->stack_limit; }

static void init_main_thread(char *stack_base)
{
    struct rlimit rl;
    size_t size = 8 * 1024 * 1024;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur > STACK_MARGIN * 2)
        size = rl.rlim_cur;
    main_thread.stack_base = stack_base;
    main_thread.stack_lo = stack_base - size;
    main_thread.stack_limit = stack_base - size + STACK_MARGIN;
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
    while ((f->flags & FRAME_BLOCK) && f->running && f->running->home && f->running->home != f) {
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
    (void)self; (void)argc; (void)argv;
    return str_new_cstr("main");
}

void vm_init(void *stack_base)
{
    sym_init();
    init_main_thread(stack_base);
    parse_stack_floor = stack_floor;
    gc_init(stack_base);
    vm.verbose = 1;
    vm_init_all();
    vm.top_self = obj_alloc(vm.c.Object);
    define_singleton_method(vm.top_self, "to_s", main_to_s, 0);
    define_singleton_method(vm.top_self, "inspect", main_to_s, 0);
    vm.top_cref = cref_new(vm.c.Object, 0);
    vm.booted = true;
}
