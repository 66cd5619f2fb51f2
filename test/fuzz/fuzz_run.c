/* fuzz_run.c: libFuzzer harness for the whole interpreter.
 *
 * Each input is a program: parsed, bound and run in one VM that lives as
 * long as the fuzzer (vm_init once), so what a program leaves behind must
 * not leak into the next one's verdict:
 *  - a time budget: a POSIX timer ticks every TICK_MS; once the input has
 *    used CPU_BUDGET seconds of CPU or WALL_BUDGET of real time (or
 *    $FUZZ_CPU_BUDGET, $FUZZ_WALL_BUDGET), the tick
 *    wakes the main thread (signal_interrupt_main, even out of a sleep or
 *    a wait) and the budget hook (vm_budget_hook, called at every safe
 *    point) ends whichever thread runs with TAG_FATAL: not rescuable, only
 *    ensure clauses run, and the hook fires again at their next safe point
 *    until the main thread is back here.  An endless loop is a clean stop,
 *    not a hang;
 *  - a memory budget: gc_set_limit(MEM_BUDGET) makes allocation raise
 *    NoMemoryError past it;
 *  - afterwards every other green thread is killed and unwound
 *    (thread_kill_others), Thread.critical, GC.disable and $stdout/$stderr
 *    are reset;
 *  - the program's output goes to /dev/null (-close_fd_mask=3 is added to
 *    the flags unless one is given: libFuzzer then keeps its own reports on
 *    a copy of stderr); stdin is /dev/null;
 *  - test/fuzz/sandbox.rb is loaded first: no processes, no file writes.
 * Built by `make fuzz` (test/hardening.mk); see README "Hardening".
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "runtime/internal.h"
#include "eval/tag.h"

#ifndef FUZZ_SANDBOX
#define FUZZ_SANDBOX "test/fuzz/sandbox.rb"
#endif
#define CPU_BUDGET  0.3                   /* seconds of CPU per input (FUZZ_CPU_BUDGET) */
#define WALL_BUDGET 1.0                   /* seconds of real time per input (FUZZ_WALL_BUDGET) */
#define MEM_BUDGET  ((size_t)256 << 20)   /* bytes in use (ASan's count) */
#define TICK_MS     10

static volatile sig_atomic_t over_budget;
static volatile sig_atomic_t cleaning;    /* killing the other threads: spare main */
static double cpu_start, wall_start;
static double cpu_budget = CPU_BUDGET, wall_budget = WALL_BUDGET;
static timer_t budget_timer;

static double clock_s(clockid_t c)
{
    struct timespec ts;
    clock_gettime(c, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ------------------------------------------------------------ the time budget */
static void on_tick(int sig)
{
    int saved = errno;
    if (!over_budget && (clock_s(CLOCK_PROCESS_CPUTIME_ID) - cpu_start > cpu_budget ||
                         clock_s(CLOCK_MONOTONIC) - wall_start > wall_budget))
        over_budget = 1;
    if (over_budget) signal_interrupt_main();
    errno = saved;
}

/* At every safe point (vm_check_interrupts) and after every wait. */
static void budget_hook(void)
{
    if (!over_budget) return;
    if (cleaning && vm.th == vm.main_th) return;
    vm.interrupt = 1;                  /* and again at the next safe point */
    tag_jump(TAG_FATAL, Qnil, 0);
}

static void arm_timer(bool on)
{
    long ns = on ? TICK_MS * 1000000L : 0;
    struct itimerspec it = { { 0, ns }, { 0, ns } };
    timer_settime(budget_timer, 0, &it, NULL);
}

static void init_timer(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_tick;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGRTMIN + 3, &sa, NULL);
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = SIGRTMIN + 3;
    if (timer_create(CLOCK_MONOTONIC, &ev, &budget_timer) != 0) {
        perror("fuzz_run: timer_create");
        exit(1);
    }
}

/* ------------------------------------------------------------ running one input */
struct input { const char *data; size_t size; };

static VALUE run_input(VALUE arg)
{
    const struct input *in = (const struct input *)arg;
    struct parse_error err;
    VALUE script = vm_parse(in->data, in->size, "fuzz.rb", 1, NULL, &err);
    if (!script) return Qnil;
    VALUE v = vm_run_script(script, vm.top_self, vm.top_cref, NULL, NULL, FRAME_TOP);
    GC_GUARD(script);
    return v;
}

static VALUE kill_others(VALUE arg)
{
    return BOOL2V(thread_kill_others((int)arg));
}

static VALUE reset_globals;   /* a parsed script run after each input */

static VALUE run_reset(VALUE arg)
{
    return vm_run_script(reset_globals, vm.top_self, vm.top_cref, NULL, NULL, FRAME_TOP);
}

/* Back to one thread and a quiet state for the next input. */
static void cleanup(void)
{
    int state;
    bool alone = false;
    cleaning = 1;
    for (int i = 0; i < 50 && !alone; i++) {
        if (i == 10) over_budget = 1;     /* threads outlive kill: kill at every safe point */
        VALUE done = vm_protect(kill_others, (VALUE)20, &state);
        alone = state == 0 && RTEST(done);
    }
    if (!alone) {
        fprintf(stderr, "fuzz_run: threads survive being killed\n");
        abort();
    }
    cleaning = 0;
    over_budget = 0;
    arm_timer(false);
    vm.th->pending = 0;
    vm.th->pending_exc = Qnil;
    vm.th->errinfo = Qnil;
    gc_enable(true);
    vm_protect(run_reset, Qnil, &state);
    vm.th->errinfo = Qnil;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct input in = { (const char *)data, size };
    int state;
    over_budget = 0;
    cpu_start = clock_s(CLOCK_PROCESS_CPUTIME_ID);
    wall_start = clock_s(CLOCK_MONOTONIC);
    arm_timer(true);
    vm_protect(run_input, (VALUE)&in, &state);
    cleanup();
    return 0;
}

/* ------------------------------------------------------------ start-up */
/* The VM never frees what lives until exit (LeakSanitizer would list it);
   a request too big for malloc must return NULL, as without ASan, so that
   the interpreter raises NoMemoryError. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "detect_leaks=0:allocator_may_return_null=1:quarantine_size_mb=64"; }

/* The top of the main thread's stack: the GC scans from there down, and
   libFuzzer calls us at various depths. */
static void *stack_top(void)
{
    pthread_attr_t attr;
    void *addr;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return __builtin_frame_address(0);
    pthread_attr_getstack(&attr, &addr, &size);
    pthread_attr_destroy(&attr);
    return (char *)addr + size;
}

static void quiet_by_default(int *argc, char ***argv)
{
    for (int i = 1; i < *argc; i++)
        if (strncmp((*argv)[i], "-close_fd_mask=", 15) == 0) return;
    static char **args;
    args = calloc((size_t)*argc + 2, sizeof *args);
    memcpy(args, *argv, (size_t)*argc * sizeof *args);
    args[(*argc)++] = "-close_fd_mask=3";
    *argv = args;
}

static const char prelude[] =
    "ARGV = [] unless defined?(ARGV)\n"
    "$0 = 'fuzz.rb'\n"
    "RUBY_VERSION = '1.8.7'; RUBY_PLATFORM = 'x86_64-linux'; RUBY_PATCHLEVEL = 374\n";
static const char reset[] =
    "$stdout = STDOUT; $stderr = STDERR; $, = nil; $/ = \"\\n\"; $; = nil\n"
    "FuzzSandbox.next_input\n";

static VALUE parse_or_die(const char *src, const char *name)
{
    struct parse_error err;
    VALUE s = vm_parse(src, strlen(src), name, 1, NULL, &err);
    if (!s) { fprintf(stderr, "fuzz_run: %s\n", err.message); exit(1); }
    return s;
}

static VALUE load_sandbox(VALUE arg)
{
    VALUE pre = parse_or_die(prelude, "prelude");
    vm_run_script(pre, vm.top_self, vm.top_cref, NULL, NULL, FRAME_TOP);
    GC_GUARD(pre);
    const char *path = getenv("FUZZ_SANDBOX") ? getenv("FUZZ_SANDBOX") : FUZZ_SANDBOX;
    vm_require(path);
    return Qnil;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    quiet_by_default(argc, argv);
    int null = open("/dev/null", O_RDONLY);
    if (null >= 0) { dup2(null, 0); close(null); }
    signal(SIGPIPE, SIG_IGN);
    vm_init(stack_top());
    int state;
    vm_protect(load_sandbox, Qnil, &state);
    if (state) {
        fprintf(stderr, "fuzz_run: loading the sandbox failed\n");
        exc_print(vm.th->errinfo);
        exit(1);
    }
    reset_globals = parse_or_die(reset, "reset");
    gc_register_root(&reset_globals);
    gc_set_limit(MEM_BUDGET);
    vm_budget_hook = budget_hook;
    if (getenv("FUZZ_CPU_BUDGET")) cpu_budget = atof(getenv("FUZZ_CPU_BUDGET"));
    if (getenv("FUZZ_WALL_BUDGET")) wall_budget = atof(getenv("FUZZ_WALL_BUDGET"));
    init_timer();
    return 0;
}
