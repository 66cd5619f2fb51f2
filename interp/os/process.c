/* process.c: child processes and the process itself: the Process module
 * (pid, wait*, kill, uid ...), Process::Status ($?), and the Kernel
 * functions system, ` (backquotes), exec, fork and syscall.
 *
 * Every wait for a child goes through green_waitpid, so it blocks only the
 * calling green thread.  $? is one variable for the process (1.8 kept it
 * global too).  fork: the child must keep only the thread that called
 * fork, as in MRI 1.8: the child calls green_after_fork(). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/wait.h>
#include <unistd.h>
#include "io_impl.h"
#include "ruby/green.h"

static VALUE cStatus;
static ID id_pid;


/* In a forked child that goes on running Ruby code. */
void process_after_fork_child(void)
{
    green_after_fork();
}

void process_flush_before_fork(void)
{
    green_before_fork();
    io_flush_all();
    fflush(stdout);
    fflush(stderr);
}

/* ------------------------------------------------------------ signals */
static int signo_from_name(const char *name)
{
    if (strncmp(name, "SIG", 3) == 0) name += 3;
    if (strcmp(name, "EXIT") == 0) return 0;
    if (strcmp(name, "IOT") == 0) return SIGABRT;
    if (strcmp(name, "CLD") == 0) return SIGCHLD;
    if (strcmp(name, "POLL") == 0) return SIGIO;
    for (int i = 1; i < NSIG; i++) {
        const char *abbr = sigabbrev_np(i);
        if (abbr && strcmp(abbr, name) == 0) return i;
    }
    return -1;
}

/* A signal argument: Integer, or a name as String/Symbol ("-TERM" signals
   the process group).  *negative is set for the group form. */
static int signal_arg(VALUE sig, bool *negative)
{
    *negative = false;
    if (FIXNUM_P(sig) || BIGNUM_P(sig)) {
        int n = num_to_int(sig);
        if (n < 0) { *negative = true; n = -n; }
        if (n >= NSIG) exc_raise(vm.c.ArgumentError, "invalid signal number (%d)", n);
        return n;
    }
    VALUE s = SYMBOL_P(sig) ? str_new_cstr(sym_name(SYM2ID(sig))) : conv_to_str(sig);
    const char *name = str_cstr(s);
    if (*name == '-') { *negative = true; name++; }
    int n = signo_from_name(name);
    if (n < 0) {
        const char *prefix = strncmp(name, "SIG", 3) == 0 ? "" : "SIG";
        exc_raise(vm.c.ArgumentError, "unsupported name `%s%s'", prefix, name);
    }
    return n;
}

/* ------------------------------------------------------------ Process::Status */
static int status_int(VALUE st)
{
    VALUE v = ivar_get(st, ID_status);
    return FIXNUM_P(v) ? (int)FIX2LONG(v) : 0;
}

static VALUE st_to_i(VALUE self, int argc, const VALUE *argv) { return INT2FIX(status_int(self)); }
static VALUE st_pid(VALUE self, int argc, const VALUE *argv) { return ivar_get(self, id_pid); }

static VALUE st_to_s(VALUE self, int argc, const VALUE *argv)
{
    return str_new_fmt("%d", status_int(self));
}

static VALUE st_eq(VALUE self, int argc, const VALUE *argv)
{
    if (argv[0] == self) return Qtrue;
    return BOOL2V(obj_equal(INT2FIX(status_int(self)), argv[0]));
}

static VALUE st_and(VALUE self, int argc, const VALUE *argv)
{
    return INT2FIX(status_int(self) & num_to_int(argv[0]));
}

static VALUE st_rshift(VALUE self, int argc, const VALUE *argv)
{
    return INT2FIX(status_int(self) >> num_to_int(argv[0]));
}

static VALUE st_exited(VALUE self, int argc, const VALUE *argv) { return BOOL2V(WIFEXITED(status_int(self))); }
static VALUE st_signaled(VALUE self, int argc, const VALUE *argv) { return BOOL2V(WIFSIGNALED(status_int(self))); }
static VALUE st_stopped(VALUE self, int argc, const VALUE *argv) { return BOOL2V(WIFSTOPPED(status_int(self))); }
static VALUE st_coredump(VALUE self, int argc, const VALUE *argv) { return BOOL2V(WCOREDUMP(status_int(self))); }

static VALUE st_exitstatus(VALUE self, int argc, const VALUE *argv)
{
    int s = status_int(self);
    return WIFEXITED(s) ? INT2FIX(WEXITSTATUS(s)) : Qnil;
}

static VALUE st_success(VALUE self, int argc, const VALUE *argv)
{
    int s = status_int(self);
    return WIFEXITED(s) ? BOOL2V(WEXITSTATUS(s) == EXIT_SUCCESS) : Qnil;
}

static VALUE st_termsig(VALUE self, int argc, const VALUE *argv)
{
    int s = status_int(self);
    return WIFSIGNALED(s) ? INT2FIX(WTERMSIG(s)) : Qnil;
}

static VALUE st_stopsig(VALUE self, int argc, const VALUE *argv)
{
    int s = status_int(self);
    return WIFSTOPPED(s) ? INT2FIX(WSTOPSIG(s)) : Qnil;
}

static void cat_signal(VALUE str, const char *what, int sig)
{
    const char *abbr = sigabbrev_np(sig);
    if (abbr) str_cat_fmt(str, ",%s(SIG%s=%d)", what, abbr, sig);
    else str_cat_fmt(str, ",%s(%d)", what, sig);
}

static VALUE st_inspect(VALUE self, int argc, const VALUE *argv)
{
    int s = status_int(self);
    VALUE pid = ivar_get(self, id_pid);
    VALUE str = str_new_fmt("#<%s: pid=%ld", class_name(obj_class(self)), FIXNUM_P(pid) ? FIX2LONG(pid) : 0L);
    if (WIFSTOPPED(s)) cat_signal(str, "stopped", WSTOPSIG(s));
    if (WIFSIGNALED(s)) cat_signal(str, "signaled", WTERMSIG(s));
    if (WIFEXITED(s)) str_cat_fmt(str, ",exited(%d)", WEXITSTATUS(s));
    if (WCOREDUMP(s)) str_cat_cstr(str, ",coredumped");
    str_cat_cstr(str, ">");
    return str;
}

/* ------------------------------------------------------------ waiting */
static pid_t wait_child(int argc, const VALUE *argv)
{
    arity_check(argc, 0, 2);
    pid_t pid = argc > 0 && !NIL_P(argv[0]) ? (pid_t)num_to_long(argv[0]) : -1;
    int flags = argc > 1 && !NIL_P(argv[1]) ? num_to_int(argv[1]) : 0;
    int status;
    pid_t r = green_waitpid(pid, &status, flags);
    if (r < 0) exc_sys_fail(NULL);
    if (r > 0) io_set_last_status(status, r);
    return r;
}

static VALUE proc_wait(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    pid_t r = wait_child(argc, argv);
    return r == 0 ? Qnil : INT2FIX(r);
}

static VALUE proc_wait2(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    pid_t r = wait_child(argc, argv);
    return r == 0 ? Qnil : ary_new_of(2, INT2FIX(r), io_last_status());
}

static VALUE proc_waitall(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    VALUE all = ary_new();
    for (;;) {
        int status;
        pid_t r = green_waitpid(-1, &status, 0);
        if (r < 0) {
            if (errno == ECHILD) break;
            exc_sys_fail(NULL);
        }
        io_set_last_status(status, r);
        ary_push(all, ary_new_of(2, INT2FIX(r), io_last_status()));
    }
    return all;
}

static VALUE proc_detach(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    pid_t pid = (pid_t)num_to_long(argv[0]);
    VALUE src = str_new_fmt("Thread.new { Process.waitpid2(%ld)[1] }", (long)pid);
    return vm_eval_string(vm.top_self, src, Qnil, "(detach)", 1);
}

static VALUE proc_kill(VALUE self, int argc, const VALUE *argv)
{
    if (argc < 2) exc_arity(argc, 2, -1);
    if (vm_safe_level() >= 2)   /* 1.8.7 names no method here */
        exc_raise(vm.c.SecurityError, "Insecure operation at level %d", vm_safe_level());
    bool group;
    int sig = signal_arg(argv[0], &group);
    for (int i = 1; i < argc; i++) {
        pid_t pid = (pid_t)num_to_long(argv[i]);
        int r = group ? killpg(pid, sig) : kill(pid, sig);
        if (r < 0) exc_sys_fail(NULL);
    }
    return INT2FIX(argc - 1);
}

/* ------------------------------------------------------------ ids */
static VALUE proc_pid(VALUE self, int argc, const VALUE *argv) { vm_secure(2); return INT2FIX(getpid()); }
static VALUE proc_ppid(VALUE self, int argc, const VALUE *argv) { vm_secure(2); return INT2FIX(getppid()); }
static VALUE proc_uid(VALUE self, int argc, const VALUE *argv) { return INT2FIX(getuid()); }
static VALUE proc_gid(VALUE self, int argc, const VALUE *argv) { return INT2FIX(getgid()); }
static VALUE proc_euid(VALUE self, int argc, const VALUE *argv) { return INT2FIX(geteuid()); }
static VALUE proc_egid(VALUE self, int argc, const VALUE *argv) { return INT2FIX(getegid()); }
static VALUE proc_getpgrp(VALUE self, int argc, const VALUE *argv) { vm_secure(2); return INT2FIX(getpgrp()); }

static VALUE proc_getpgid(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    pid_t r = getpgid((pid_t)num_to_long(argv[0]));
    if (r < 0) exc_sys_fail(NULL);
    return INT2FIX(r);
}

static VALUE proc_setsid(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    pid_t r = setsid();
    if (r < 0) exc_sys_fail(NULL);
    return INT2FIX(r);
}

static VALUE proc_setpgid(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    if (setpgid((pid_t)num_to_long(argv[0]), (pid_t)num_to_long(argv[1])) < 0) exc_sys_fail(NULL);
    return INT2FIX(0);
}

static VALUE proc_getpriority(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    errno = 0;
    int r = getpriority(num_to_int(argv[0]), (id_t)num_to_long(argv[1]));
    if (r == -1 && errno) exc_sys_fail(NULL);
    return INT2FIX(r);
}

static VALUE proc_times(VALUE self, int argc, const VALUE *argv)
{
    struct rusage self_ru, child_ru;
    getrusage(RUSAGE_SELF, &self_ru);
    getrusage(RUSAGE_CHILDREN, &child_ru);
#define TV(t) float_new((double)(t).tv_sec + (double)(t).tv_usec / 1e6)
    VALUE args[4] = { TV(self_ru.ru_utime), TV(self_ru.ru_stime), TV(child_ru.ru_utime), TV(child_ru.ru_stime) };
#undef TV
    VALUE tms = const_get(vm.c.Struct, sym_intern_cstr("Tms"));
    return class_new_instance(tms, 4, args);
}

/* Process.exit & co. are Kernel's, called through the module. */
static VALUE proc_exit(VALUE self, int argc, const VALUE *argv)
{
    return vm_call(vm.top_self, sym_intern_cstr("exit"), argc, argv);
}

static VALUE proc_exit_bang(VALUE self, int argc, const VALUE *argv)
{
    return vm_call(vm.top_self, sym_intern_cstr("exit!"), argc, argv);
}

static VALUE proc_abort(VALUE self, int argc, const VALUE *argv)
{
    return vm_call(vm.top_self, sym_intern_cstr("abort"), argc, argv);
}

/* ------------------------------------------------------------ Kernel */
/* system(cmd) or system(prog, arg...): true on exit status 0, false
   otherwise, also when the command could not be run (1.8.7; $? then
   says exit 127). */
static VALUE k_system(VALUE self, int argc, const VALUE *argv)
{
    if (argc < 1) exc_arity(argc, 1, -1);
    int err;
    pid_t pid = io_spawn(argv[0], argc - 1, argv + 1, -1, -1, &err);
    if (err) return Qfalse;
    /* 1.8.7 (and C's system) ignore these while the command runs: a
       Ctrl-C reaches the command, and the program goes on after it */
    static const int ignored[] = { SIGINT, SIGQUIT, SIGHUP };
    struct sigaction ign, old[3];
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    for (int i = 0; i < 3; i++) sigaction(ignored[i], &ign, &old[i]);
    int status;
    pid_t r = green_waitpid(pid, &status, 0);
    int saved = errno;
    for (int i = 0; i < 3; i++) sigaction(ignored[i], &old[i], NULL);
    errno = saved;
    if (r < 0) exc_sys_fail(NULL);
    io_set_last_status(status, r);
    return BOOL2V(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* `cmd`: the command's standard output; sets $?. */
static VALUE k_backquote(VALUE self, int argc, const VALUE *argv)
{
    VALUE cmd = conv_to_str(argv[0]);
    VALUE io = io_popen_cmd(cmd, FMODE_READABLE);
    struct rio *f = io_rio(io);
    VALUE out = io_read_all(f);
    io_close_rio(f, true);
    GC_GUARD(io);    /* f lives in io: keep it until closed */
    return out;
}

/* exec(cmd) or exec(prog, arg...): replaces the process.  What the
   interpreter set up for itself (thread timer, ignored SIGPIPE) is undone
   first and restored if exec fails. */
static VALUE k_exec(VALUE self, int argc, const VALUE *argv)
{
    if (argc < 1) exc_arity(argc, 1, -1);
    VALUE cmd = argv[0];
    if (!ARRAY_P(cmd)) cmd = conv_to_str(cmd);
    process_flush_before_fork();
    int err = io_exec_now(cmd, argc - 1, argv + 1);
    errno = err;
    /* [program, argv0]: 1.8.7 names argv0 in the error */
    exc_sys_fail(str_cstr(ARRAY_P(cmd) ? conv_to_str(RARRAY_PTR(cmd)[1]) : cmd));
}

static VALUE fork_child_block(VALUE arg) { return vm_yield(0, NULL); }

/* The child of fork { }: run the block, the at_exit handlers, exit (or
   die by the signal of an uncaught SignalException, as the main program). */
static NORETURN void fork_child_run(void)
{
    int state;
    int status = 0, sig = 0;
    vm_protect(fork_child_block, Qnil, &state);
    if (state == TAG_RAISE) {
        VALUE err = vm.th->errinfo;
        if (obj_is_kind_of(err, vm.c.SystemExit)) {
            VALUE st = ivar_get(err, ID_status);
            status = FIXNUM_P(st) ? (int)FIX2LONG(st) : 0;
        } else {
            sig = signal_of_exception(err);
            if (obj_class(err) != vm.c.SignalException) exc_print(err);
            status = 1;
        }
    } else if (state) {
        status = 1;
    }
    vm_run_at_exit();
    finalizer_run_at_exit();
    io_flush_all();
    if (sig) signal_die(sig);
    _exit(status);
}

static VALUE k_fork(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    process_flush_before_fork();
    pid_t pid = fork();
    if (pid < 0) exc_sys_fail(NULL);
    if (pid > 0) return INT2FIX(pid);
    process_after_fork_child();
    if (vm_block_given()) fork_child_run();
    return Qnil;
}

/* ------------------------------------------------------------ init */
static void define_status(void)
{
    cStatus = class_define_under(vm.c.Process, "Status", vm.c.Object);
    undef_method(singleton_class(cStatus), "new");
    define_method(cStatus, "==", st_eq, 1);
    define_method(cStatus, "&", st_and, 1);
    define_method(cStatus, ">>", st_rshift, 1);
    define_method(cStatus, "to_i", st_to_i, 0);
    define_method(cStatus, "to_int", st_to_i, 0);
    define_method(cStatus, "to_s", st_to_s, 0);
    define_method(cStatus, "inspect", st_inspect, 0);
    define_method(cStatus, "pid", st_pid, 0);
    define_method(cStatus, "stopped?", st_stopped, 0);
    define_method(cStatus, "stopsig", st_stopsig, 0);
    define_method(cStatus, "signaled?", st_signaled, 0);
    define_method(cStatus, "termsig", st_termsig, 0);
    define_method(cStatus, "exited?", st_exited, 0);
    define_method(cStatus, "exitstatus", st_exitstatus, 0);
    define_method(cStatus, "success?", st_success, 0);
    define_method(cStatus, "coredump?", st_coredump, 0);
}

static void define_process_functions(VALUE m)
{
    define_module_function(m, "pid", proc_pid, 0);
    define_module_function(m, "ppid", proc_ppid, 0);
    define_module_function(m, "wait", proc_wait, -1);
    define_module_function(m, "waitpid", proc_wait, -1);
    define_module_function(m, "wait2", proc_wait2, -1);
    define_module_function(m, "waitpid2", proc_wait2, -1);
    define_module_function(m, "waitall", proc_waitall, 0);
    define_module_function(m, "detach", proc_detach, 1);
    define_module_function(m, "kill", proc_kill, -1);
    define_module_function(m, "uid", proc_uid, 0);
    define_module_function(m, "gid", proc_gid, 0);
    define_module_function(m, "euid", proc_euid, 0);
    define_module_function(m, "egid", proc_egid, 0);
    define_module_function(m, "getpgrp", proc_getpgrp, 0);
    define_module_function(m, "getpgid", proc_getpgid, 1);
    define_module_function(m, "setpgid", proc_setpgid, 2);
    define_module_function(m, "setsid", proc_setsid, 0);
    define_module_function(m, "getpriority", proc_getpriority, 2);
    define_module_function(m, "times", proc_times, 0);
    define_module_function(m, "exit", proc_exit, -1);
    define_module_function(m, "exit!", proc_exit_bang, -1);
    define_module_function(m, "abort", proc_abort, -1);
    define_module_function(m, "fork", k_fork, 0);
}

/* syscall(num, args...), as 1.8.7: up to seven arguments, each an
   Integer or a String without NUL (its buffer, which the call may
   write). */
#define SYSCALL_MAX_ARGS 8

static VALUE k_syscall(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    if (argc == 0) exc_raise(vm.c.ArgumentError, "too few arguments for syscall");
    if (argc > SYSCALL_MAX_ARGS) exc_raise(vm.c.ArgumentError, "too many arguments for syscall");
    long arg[SYSCALL_MAX_ARGS] = { 0 };
    arg[0] = num_to_long(argv[0]);
    for (int i = 1; i < argc; i++) {
        VALUE str = FIXNUM_P(argv[i]) ? Qnil : conv_check_str(argv[i]);
        if (NIL_P(str)) {
            arg[i] = num_to_long(argv[i]);
        } else {
            str_modify(str);
            if (memchr(RSTRING_PTR(str), 0, (size_t)RSTRING_LEN(str)))   /* 1.8.7's StringValueCStr */
                exc_raise(vm.c.ArgumentError, "string contains null byte");
            arg[i] = (long)RSTRING_PTR(str);
        }
    }
    long r = syscall(arg[0], arg[1], arg[2], arg[3], arg[4], arg[5], arg[6], arg[7]);
    if (r == -1) exc_sys_fail(NULL);
    return int_new(r);
}

void process_init(void)
{
    id_pid = sym_intern_cstr("pid");
    VALUE m = vm.c.Process = module_define("Process");
    define_const(m, "WNOHANG", INT2FIX(WNOHANG));
    define_const(m, "WUNTRACED", INT2FIX(WUNTRACED));
    define_const(m, "PRIO_PROCESS", INT2FIX(PRIO_PROCESS));
    define_const(m, "PRIO_PGRP", INT2FIX(PRIO_PGRP));
    define_const(m, "PRIO_USER", INT2FIX(PRIO_USER));
    define_status();
    define_process_functions(m);
    process_id_init(m);
    VALUE tms_args[5] = { str_new_cstr("Tms"), sym_to_value("utime"), sym_to_value("stime"),
                          sym_to_value("cutime"), sym_to_value("cstime") };
    vm_call(vm.c.Struct, ID_new, 5, tms_args);
    define_global_function("system", k_system, -1);
    define_global_function("`", k_backquote, 1);
    define_global_function("exec", k_exec, -1);
    define_singleton_method(m, "exec", k_exec, -1);   /* 1.8.7's Process.exec */
    define_global_function("fork", k_fork, 0);
    define_global_function("syscall", k_syscall, -1);
}
