/* signal.c: signals seen from Ruby: Kernel#trap / Signal.trap, Signal.list,
 * and Interrupt on Ctrl-C.
 *
 * The C handler only records the signal and raises vm.interrupt.  Ruby
 * handlers run later, on the main thread, at a safe point: when another
 * thread notices the signal it wakes the main thread and lets it run; a
 * main thread blocked in sleep, join or Queue#pop is woken by the
 * scheduler.  Without a Ruby handler, SIGINT raises Interrupt and SIGHUP,
 * SIGQUIT, SIGTERM, SIGALRM, SIGUSR1 and SIGUSR2 raise SignalException in
 * the main thread, as in MRI 1.8.7; uncaught, they end the process by the
 * signal (interp/cli/main.c). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "runtime/internal.h"
#include "runtime/idtab.h"

static const struct { const char *name; int no; } signals[] = {
    { "EXIT", 0 }, { "HUP", SIGHUP }, { "INT", SIGINT }, { "QUIT", SIGQUIT }, { "ILL", SIGILL },
    { "TRAP", SIGTRAP }, { "ABRT", SIGABRT }, { "IOT", SIGIOT }, { "BUS", SIGBUS }, { "FPE", SIGFPE },
    { "KILL", SIGKILL }, { "USR1", SIGUSR1 }, { "SEGV", SIGSEGV }, { "USR2", SIGUSR2 },
    { "PIPE", SIGPIPE }, { "ALRM", SIGALRM }, { "TERM", SIGTERM }, { "CHLD", SIGCHLD },
    { "CLD", SIGCHLD }, { "CONT", SIGCONT }, { "STOP", SIGSTOP }, { "TSTP", SIGTSTP },
    { "TTIN", SIGTTIN }, { "TTOU", SIGTTOU }, { "URG", SIGURG }, { "XCPU", SIGXCPU },
    { "XFSZ", SIGXFSZ }, { "VTALRM", SIGVTALRM }, { "PROF", SIGPROF }, { "WINCH", SIGWINCH },
    { "IO", SIGIO }, { "POLL", SIGPOLL }, { "SYS", SIGSYS },
};

#define NSIG_MAX 65
static volatile sig_atomic_t pending[NSIG_MAX];
static volatile sig_atomic_t any_pending;
static VALUE handlers;      /* Array indexed by signal: Proc, or nil for the default */
extern void (*vm_signal_interrupt_hook)(void);
void (*signal_main_wakeup)(void);

/* A byte in this pipe wakes a scheduler that is waiting in poll: a signal
   that arrives just before the poll would otherwise be noticed only when
   the poll ends on its own (the self-pipe trick). */
static int wakeup_pipe[2] = { -1, -1 };

static void on_signal(int sig)
{
    if (sig > 0 && sig < NSIG_MAX) pending[sig] = 1;
    signal_interrupt_main();
}

/* Wake the main thread to a safe point, even out of a wait: what a signal
   does, without one to handle there.  Async-signal-safe, for an embedder's
   own handler (the fuzzing harness's time budget). */
void signal_interrupt_main(void)
{
    any_pending = 1;
    vm.interrupt = 1;
    if (wakeup_pipe[1] >= 0) {
        int saved = errno;
        ssize_t r = write(wakeup_pipe[1], "s", 1);
        (void)r;
        errno = saved;
    }
}

int signal_wakeup_fd(void) { return wakeup_pipe[0]; }

void signal_drain_wakeup(void)
{
    char buf[64];
    while (read(wakeup_pipe[0], buf, sizeof buf) > 0)
        ;
}

static void open_wakeup_pipe(void)
{
    if (pipe(wakeup_pipe) < 0) return;
    for (int i = 0; i < 2; i++) {
        fcntl(wakeup_pipe[i], F_SETFL, fcntl(wakeup_pipe[i], F_GETFL) | O_NONBLOCK);
        fcntl(wakeup_pipe[i], F_SETFD, FD_CLOEXEC);
    }
}

bool signal_any_pending(void) { return any_pending != 0; }
bool signal_is_pending(int sig) { return sig > 0 && sig < NSIG_MAX && pending[sig]; }

const char *signal_name(int no)
{
    for (size_t i = 0; i < countof(signals); i++)
        if (signals[i].no == no) return signals[i].name;
    return NULL;
}

static int signal_number(VALUE sig)
{
    if (FIXNUM_P(sig)) return (int)FIX2LONG(sig);
    VALUE s = SYMBOL_P(sig) ? str_new_cstr(sym_name(SYM2ID(sig))) : conv_to_str(sig);
    const char *name = RSTRING_PTR(s);
    if (strncmp(name, "SIG", 3) == 0) name += 3;
    for (size_t i = 0; i < countof(signals); i++)
        if (strcmp(signals[i].name, name) == 0) return signals[i].no;
    exc_raise(vm.c.ArgumentError, "unsupported signal `SIG%s'", name);
}

/* ------------------------------------------------------------ delivery */
static void raise_for_signal(int sig)
{
    if (sig == SIGINT) exc_raise_obj(exc_new(vm.c.Interrupt, "", 0));
    VALUE exc = exc_new_fmt(vm.c.SignalException, "SIG%s", signal_name(sig) ? signal_name(sig) : "?");
    ivar_set(exc, sym_intern_cstr("signo"), INT2FIX(sig));
    exc_raise_obj(exc);
}

static void run_handler(int sig)
{
    VALUE h = ary_entry(handlers, sig);
    if (NIL_P(h)) { raise_for_signal(sig); return; }
    if (STRING_P(h) && strcmp(RSTRING_PTR(h), "EXIT") == 0) {
        VALUE args[1] = { INT2FIX(0) };
        exc_raise_obj(class_new_instance(vm.c.SystemExit, 1, args));
    }
    if (TYPE_P(h, T_PROC)) {
        VALUE arg = INT2FIX(sig);
        proc_call(h, 1, &arg);
    }
}

/* The hook at every safe point: signals are handled by the main thread. */
static void check_signals(void)
{
    if (!any_pending) return;
    if (vm.th != vm.main_th) {
        if (signal_main_wakeup) signal_main_wakeup();
        return;
    }
    any_pending = 0;
    for (int sig = 1; sig < NSIG_MAX; sig++) {
        if (!pending[sig]) continue;
        pending[sig] = 0;
        run_handler(sig);
    }
}

void signal_deliver(void) { check_signals(); }

/* The signal an uncaught SignalException stands for (0: none): its
   signo, or the name in its message ("SIGTERM", "TERM"); SIGINT for an
   Interrupt. */
int signal_of_exception(VALUE exc)
{
    if (!obj_is_kind_of(exc, vm.c.SignalException)) return 0;
    if (obj_is_kind_of(exc, vm.c.Interrupt)) return SIGINT;
    VALUE no = ivar_get(exc, sym_intern_cstr("signo"));
    if (FIXNUM_P(no)) return (int)FIX2LONG(no);
    VALUE msg = vm_call0(exc, sym_intern_cstr("message"));
    const char *name = STRING_P(msg) ? RSTRING_PTR(msg) : "";
    if (strncmp(name, "SIG", 3) == 0) name += 3;
    for (size_t i = 1; i < countof(signals); i++)
        if (strcmp(signals[i].name, name) == 0) return signals[i].no;
    return 0;
}

/* MRI's ending for an uncaught signal: its default action, so that the
   parent sees the process killed by it.  Returns if that does not kill. */
void signal_die(int sig)
{
    io_flush_all();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    kill(getpid(), sig);
}

/* ------------------------------------------------------------ trap */
static void install(int sig, void (*fn)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = fn;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

/* The signals MRI 1.8.7 turns into exceptions when the program has no
   handler: Interrupt for SIGINT, SignalException for these. */
static bool raised_by_default(int sig)
{
    return sig == SIGINT || sig == SIGHUP || sig == SIGQUIT || sig == SIGTERM ||
           sig == SIGALRM || sig == SIGUSR1 || sig == SIGUSR2;
}

static VALUE old_handler(int sig)
{
    VALUE h = ary_entry(handlers, sig);
    return NIL_P(h) ? str_new_cstr("DEFAULT") : h;
}

static VALUE k_trap(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    vm_secure(2);
    int sig = signal_number(argv[0]);
    if (sig < 0 || sig >= NSIG_MAX) exc_raise(vm.c.ArgumentError, "invalid signal number (%d)", sig);
    if (sig == SIGKILL || sig == SIGSTOP || sig == SIGVTALRM || sig == SIGSEGV || sig == SIGBUS)
        exc_raise(vm.c.ArgumentError, "can't trap reserved signal: SIG%s", signal_name(sig));
    VALUE cmd = argc > 1 ? argv[1] : vm_block_proc();
    VALUE prev = old_handler(sig);
    if (sig == 0) {   /* EXIT: run at exit */
        if (TYPE_P(cmd, T_PROC)) vm_call_with_proc(vm.top_self, sym_intern_cstr("at_exit"), 0, NULL, cmd);
        ary_store(handlers, 0, cmd);
        return prev;
    }
    VALUE s = STRING_P(cmd) || SYMBOL_P(cmd) ? (SYMBOL_P(cmd) ? str_new_cstr(sym_name(SYM2ID(cmd))) : cmd) : Qnil;
    const char *word = NIL_P(s) ? NULL : RSTRING_PTR(s);
    if (NIL_P(cmd) || (word && (!*word || !strcmp(word, "IGNORE") || !strcmp(word, "SIG_IGN")))) {
        install(sig, SIG_IGN);
        ary_store(handlers, sig, str_new_cstr("IGNORE"));
    } else if (word && (!strcmp(word, "DEFAULT") || !strcmp(word, "SIG_DFL") || !strcmp(word, "SYSTEM_DEFAULT"))) {
        install(sig, raised_by_default(sig) ? on_signal : SIG_DFL);
        ary_store(handlers, sig, Qnil);
    } else if (word && !strcmp(word, "EXIT")) {
        install(sig, on_signal);
        ary_store(handlers, sig, str_new_cstr("EXIT"));
    } else if (TYPE_P(cmd, T_PROC)) {
        install(sig, on_signal);
        ary_store(handlers, sig, cmd);
    } else {
        exc_raise(vm.c.ArgumentError, "wrong trap command");
    }
    return prev;
}

/* A signal ignored when the process started (nohup, a shell's background
   job) stays ignored until the program traps it, as in 1.8.7. */
static void install_unless_ignored(int sig)
{
    struct sigaction old;
    if (sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN) {
        ary_store(handlers, sig, str_new_cstr("IGNORE"));
        return;
    }
    install(sig, on_signal);
}

static VALUE sig_list(VALUE self, int argc, const VALUE *argv)
{
    VALUE h = hash_new();
    for (size_t i = 0; i < countof(signals); i++) hash_aset(h, str_new_cstr(signals[i].name), INT2FIX(signals[i].no));
    return h;
}

static VALUE sigexc_signo(VALUE self, int argc, const VALUE *argv) { return ivar_get(self, sym_intern_cstr("signo")); }

void signal_init(void)
{
    handlers = ary_new();
    gc_register_root(&handlers);
    vm.c.Signal = module_define("Signal");
    define_module_function(vm.c.Signal, "trap", k_trap, -1);
    define_module_function(vm.c.Signal, "list", sig_list, 0);
    define_global_function("trap", k_trap, -1);
    define_method(vm.c.SignalException, "signo", sigexc_signo, 0);
    open_wakeup_pipe();
    for (int sig = 1; sig < NSIG_MAX; sig++)
        if (raised_by_default(sig)) install_unless_ignored(sig);
    vm_signal_interrupt_hook = check_signals;
}
