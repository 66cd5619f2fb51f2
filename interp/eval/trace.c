/* trace.c: Kernel#set_trace_func, after 1.8.7.  The proc is called with
 * (event, file, line, id, binding, klass) for the events
 *   "line"      a statement starts
 *   "call"      a method written in Ruby is entered ("return": left, also
 *               by an exception)
 *   "c-call"    a method written in C is called ("c-return": it returned
 *               or an exception went through it)
 *   "class"     a class or module body starts ("end": it ended)
 *   "raise"     an exception is raised
 * id is the method (a Symbol) or nil, klass its class (a module for a
 * module's method, the object itself for a singleton method) or false.
 * While the proc runs no event is reported, as in 1.8.7.
 *
 * The evaluator tests vm_tracing (one predictable branch) where an event
 * can happen; only then does it take the paths below.  Methods entered
 * before set_trace_func was called report no "return".  The statements of
 * a NODE_SEQ cost nothing: while a trace proc is set, the slots of the
 * sequences hold wrappers that report the line, then run the statement
 * (the running loops read their slots afresh for each statement). */
#include <stdlib.h>
#include <string.h>
#include "eval.h"

bool vm_tracing;
bool vm_trace_installed;       /* trace_proc is set (vm_tracing is off while it runs) */
static VALUE trace_proc;       /* 0: none */

struct trace_call {
    VALUE proc;
    VALUE args[6];
};

static VALUE call_trace_proc(VALUE arg)
{
    struct trace_call *t = (struct trace_call *)arg;
    return proc_call(t->proc, 6, t->args);
}

/* the klass argument: the module behind an include, the object behind a
   singleton class, false outside methods */
static VALUE trace_klass(VALUE owner)
{
    if (!owner) return Qfalse;
    if (BUILTIN_TYPE(owner) == T_ICLASS) return iclass_module(owner);
    if (BUILTIN_TYPE(owner) == T_CLASS && FL_TEST(owner, FL_SINGLETON)) return RCLASS_EXT(owner)->attached;
    return owner;
}

static VALUE me_owner(VALUE me) { return me ? RMENTRY(me)->owner : 0; }

/* Report event at file:line for method id of owner; the binding is the
   innermost Ruby frame's. */
static void fire(const char *event, VALUE script, int line, ID id, VALUE owner)
{
    if (!vm_tracing) return;
    VALUE proc = trace_proc;
    vm_tracing = false;
    struct trace_call t = { proc, { str_new_cstr(event), str_new_cstr(script_file(script)), INT2FIX(line),
                                    id ? ID2SYM(id) : Qnil, binding_new(), trace_klass(owner) } };
    int state;
    VALUE errinfo = vm.th->errinfo;      /* $! of a raise or c-return being reported */
    vm_protect(call_trace_proc, (VALUE)&t, &state);
    if (!state) vm.th->errinfo = errinfo;
    vm_tracing = trace_proc != 0;    /* the proc may have set another one, or none */
    GC_GUARD(proc);
    if (state) vm_jump_state(state);
}

static int frame_line(struct frame *f) { return f && f->node ? f->node->line : 0; }
static VALUE frame_script(struct frame *f) { return f ? f->script : 0; }

/* The statement that ran last, as 1.8.7's current node: a method's
   "return" is reported there (the block that did `break`, say); leaving
   the method puts back its caller's. */
static int last_line;

int vm_trace_last_line(void) { return last_line; }
void vm_trace_set_last_line(int line) { last_line = line; }

/* a statement of frame f starts: the line event (f->node follows it, so
   that later events and backtraces see the line) */
void vm_trace_line(struct node *n, struct frame *f)
{
    f->node = n;
    last_line = n->line;
    fire("line", f->script, n->line, f->mid, me_owner(f->me));
}

/* c-call and c-return, from the caller's position */
void vm_trace_c(const char *event, VALUE me, ID mid)
{
    struct frame *rf = vm_ruby_frame();
    fire(event, frame_script(rf), frame_line(rf), mid, me_owner(me));
}

/* call and return of a Ruby method: f is its frame, the current one.
   "return-jump" is a return by a jump, reported where it started. */
void vm_trace_method(const char *event, struct frame *f)
{
    if (strcmp(event, "return-jump") == 0) {
        fire("return", f->script, last_line ? last_line : frame_line(f), f->mid, me_owner(f->me));
        return;
    }
    fire(event, f->script, frame_line(f), f->mid, me_owner(f->me));
}

/* call and return of a define_method body: the block's line for call,
   the caller's for return, as 1.8.7 reports them */
void vm_trace_bmethod(const char *event, VALUE me, ID mid, const struct block *blk)
{
    struct frame *rf = vm_ruby_frame();
    if (event[0] == 'c' && blk->node)
        fire(event, blk->script, blk->node->h.line, mid, me_owner(me));
    else
        fire(event, frame_script(rf), frame_line(rf), mid, me_owner(me));
}

/* class and end: at the class statement, outside the body */
void vm_trace_class(const char *event, const struct node *n, struct frame *f)
{
    fire(event, f->script, n->line, 0, 0);
}

/* raise: where the exception is raised; Kernel#raise reports its caller,
   as 1.8.7 pops raise's frame first */
void vm_trace_raise(void)
{
    struct frame *f = vm.th->frame;
    static ID id_raise, id_fail;
    if (!id_raise) {
        id_raise = sym_intern_cstr("raise");
        id_fail = sym_intern_cstr("fail");
    }
    if (f && (f->flags & FRAME_CFUNC) && (f->mid == id_raise || f->mid == id_fail)) f = f->prev;
    struct frame *rf = frame_ruby(f);
    fire("raise", frame_script(rf), frame_line(rf), f ? f->mid : 0, f ? me_owner(f->me) : 0);
}

/* ------------------------------------------------------------ statement wrappers */
struct trace_stmt {
    struct node h;          /* a copy of the statement's header, eval ours */
    struct node *stmt;
};

/* the statement slots of one script's sequences */
struct trace_slots {
    struct node **(*slots);
    size_t n, capa;
    struct trace_slots *prev, *next;   /* every script's, for install */
};

static struct trace_slots *all_slots;
static bool installed;

static VALUE ev_traced_stmt(struct node *n, struct frame *f)
{
    struct node *s = ((struct trace_stmt *)n)->stmt;
    if (vm_tracing) vm_trace_line(s, f);
    return EVAL(s, f);
}

static void wrap_slot(struct node **slot)
{
    if ((*slot)->eval == ev_traced_stmt) return;
    struct trace_stmt *w = xmalloc(sizeof *w);
    w->h = **slot;
    w->h.eval = ev_traced_stmt;
    w->stmt = *slot;
    *slot = &w->h;
}

static void unwrap_slot(struct node **slot)
{
    if ((*slot)->eval != ev_traced_stmt) return;
    struct trace_stmt *w = (struct trace_stmt *)*slot;
    *slot = w->stmt;
    free(w);
}

static void install(bool on)
{
    if (on == installed) return;
    installed = on;
    for (struct trace_slots *t = all_slots; t; t = t->next)
        for (size_t i = 0; i < t->n; i++) (on ? wrap_slot : unwrap_slot)(t->slots[i]);
}

void trace_note_slot(struct script *s, struct node **slot)
{
    struct trace_slots *t = s->trace;
    if (!t) {
        t = s->trace = xcalloc(1, sizeof *t);
        t->next = all_slots;
        if (all_slots) all_slots->prev = t;
        all_slots = t;
    }
    if (t->n == t->capa) {
        t->capa = t->capa ? t->capa * 2 : 16;
        t->slots = xrealloc(t->slots, t->capa * sizeof *t->slots);
    }
    t->slots[t->n++] = slot;
    if (installed) wrap_slot(slot);
}

void trace_note_seq(struct script *s, struct node_list *seq)
{
    for (int i = 0; i < seq->n; i++) trace_note_slot(s, &seq->items[i]);
}

void trace_script_free(struct script *s)
{
    struct trace_slots *t = s->trace;
    if (!t) return;
    for (size_t i = 0; i < t->n; i++) unwrap_slot(t->slots[i]);
    if (t->prev) t->prev->next = t->next;
    else all_slots = t->next;
    if (t->next) t->next->prev = t->prev;
    free(t->slots);
    free(t);
    s->trace = NULL;
}

/* set_trace_func(proc) or set_trace_func(nil); returns its argument */
static VALUE k_set_trace_func(VALUE self, int argc, const VALUE *argv)
{
    VALUE proc = argv[0];
    vm_secure(4);
    if (!NIL_P(proc) && !TYPE_P(proc, T_PROC)) exc_raise(vm.c.TypeError, "trace_func needs to be Proc");
    trace_proc = NIL_P(proc) ? 0 : proc;
    vm_tracing = vm_trace_installed = trace_proc != 0;
    ev_trace_fast_paths(vm_tracing);
    install(vm_tracing);
    vm.method_state++;          /* empty every call cache: calls come through vm_call_me */
    return proc;
}

void trace_init(void)
{
    gc_register_root(&trace_proc);
    define_global_function("set_trace_func", k_set_trace_func, 1);
}
