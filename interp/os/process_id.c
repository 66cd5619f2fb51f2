/* process_id.c: what the process is allowed to do and as whom, after
 * 1.8.7's API: Process.getrlimit/setrlimit and the RLIMIT_* constants,
 * getpriority/setpriority, groups, groups=, initgroups, maxgroups,
 * uid=, gid=, euid=, egid=, setpgrp; Process::Sys (the system calls as
 * they are), Process::UID and Process::GID (rid, eid, grant_privilege,
 * change_privilege, re_exchange, switch ...).  Linux has setresuid, so
 * the functions 1.8.7 builds on it are there; setruid, setrgid and
 * issetugid are NotImplementedError, as 1.8.7 has them on Linux. */
#include <errno.h>
#include <grp.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>
#include "io_impl.h"

static int maxgroups = 32;     /* Process.maxgroups: 1.8.7 starts at 32 */

/* ------------------------------------------------------------ limits */
static VALUE rlim_value(rlim_t v) { return int_new_ull((unsigned long long)v); }

/* a limit as setrlimit takes it: -1 is RLIM_INFINITY, as 1.8.7's NUM2ULONG */
static rlim_t rlim_arg(VALUE v)
{
    if (NIL_P(v)) exc_raise(vm.c.TypeError, "no implicit conversion from nil to integer");
    v = conv_to_integer(v);
    if (FIXNUM_P(v)) return (rlim_t)(unsigned long)FIX2LONG(v);
    if (mpz_sizeinbase(RBIGNUM(v)->mp, 2) > 64)
        exc_raise(vm.c.RangeError, "bignum too big to convert into `unsigned long'");
    mpz_t t;
    mpz_init(t);
    mpz_fdiv_r_2exp(t, RBIGNUM(v)->mp, 64);
    rlim_t r = (rlim_t)mpz_get_ui(t);
    mpz_clear(t);
    return r;
}

static VALUE p_getrlimit(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    struct rlimit rl;
    if (getrlimit(num_to_int(argv[0]), &rl) < 0) exc_sys_fail("getrlimit");
    return ary_new_of(2, rlim_value(rl.rlim_cur), rlim_value(rl.rlim_max));
}

/* setrlimit(resource, cur, max = cur) */
static VALUE p_setrlimit(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    arity_check(argc, 2, 3);
    struct rlimit rl;
    int resource = num_to_int(argv[0]);
    rl.rlim_cur = rlim_arg(argv[1]);
    rl.rlim_max = argc > 2 ? rlim_arg(argv[2]) : rl.rlim_cur;
    if (setrlimit(resource, &rl) < 0) exc_sys_fail("setrlimit");
    return Qnil;
}

/* ------------------------------------------------------------ priority */
static VALUE p_setpriority(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    if (setpriority(num_to_int(argv[0]), (id_t)num_to_int(argv[1]), num_to_int(argv[2])) < 0)
        exc_sys_fail(NULL);
    return INT2FIX(0);
}

static VALUE p_setpgrp(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    if (setpgid(0, 0) < 0) exc_sys_fail(NULL);
    return INT2FIX(0);
}

/* ------------------------------------------------------------ groups */
static VALUE p_groups(VALUE self, int argc, const VALUE *argv)
{
    int n = getgroups(0, NULL);
    if (n < 0) exc_sys_fail(NULL);
    if (n > 0 && n > maxgroups) {       /* 1.8.7 asks for at most maxgroups */
        errno = EINVAL;
        exc_sys_fail(NULL);
    }
    VALUE buf = str_new(NULL, (long)sizeof(gid_t) * (n + 1));
    gid_t *list = (gid_t *)RSTRING_PTR(buf);
    n = getgroups(n, list);
    if (n < 0) exc_sys_fail(NULL);
    VALUE ary = ary_new_capa(n);
    for (int i = 0; i < n; i++) ary_push(ary, INT2FIX(list[i]));
    GC_GUARD(buf);
    return ary;
}

/* a group as groups= takes it: a gid or a group name */
static gid_t group_arg(VALUE g)
{
    if (!STRING_P(g)) return (gid_t)num_to_long(g);
    struct group *gr = getgrnam(str_cstr(g));
    if (!gr) exc_raise(vm.c.ArgumentError, "can't find group for %s", str_cstr(g));
    return gr->gr_gid;
}

static VALUE p_set_groups(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = conv_to_ary(argv[0]);
    long n = RARRAY_LEN(ary);
    if (n > maxgroups) exc_raise(vm.c.ArgumentError, "too many groups, %d max", maxgroups);
    VALUE buf = str_new(NULL, (long)sizeof(gid_t) * (n + 1));
    gid_t *list = (gid_t *)RSTRING_PTR(buf);
    for (long i = 0; i < n && i < RARRAY_LEN(ary); i++) list[i] = group_arg(RARRAY_PTR(ary)[i]);
    if (setgroups((size_t)n, list) < 0) exc_sys_fail(NULL);
    GC_GUARD(buf);
    return p_groups(self, 0, NULL);
}

static VALUE p_initgroups(VALUE self, int argc, const VALUE *argv)
{
    VALUE user = conv_to_str(argv[0]);
    if (initgroups(str_cstr(user), (gid_t)num_to_long(argv[1])) < 0) exc_sys_fail(NULL);
    return p_groups(self, 0, NULL);
}

static VALUE p_maxgroups(VALUE self, int argc, const VALUE *argv) { return INT2FIX(maxgroups); }

static VALUE p_set_maxgroups(VALUE self, int argc, const VALUE *argv)
{
    int n = num_to_int(argv[0]);
    maxgroups = n > 4096 ? 4096 : n;   /* 1.8.7's ceiling */
    return INT2FIX(maxgroups);
}

/* ------------------------------------------------------------ ids */
static int id_arg(VALUE v) { return num_to_int(v); }

static void check(int r) { if (r < 0) exc_sys_fail(NULL); }

static VALUE p_set_uid(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    check(setresuid((uid_t)id_arg(argv[0]), (uid_t)-1, (uid_t)-1));
    return argv[0];
}

static VALUE p_set_euid(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    check(setresuid((uid_t)-1, (uid_t)id_arg(argv[0]), (uid_t)-1));
    return argv[0];
}

static VALUE p_set_gid(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    check(setresgid((gid_t)id_arg(argv[0]), (gid_t)-1, (gid_t)-1));
    return argv[0];
}

static VALUE p_set_egid(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    check(setresgid((gid_t)-1, (gid_t)id_arg(argv[0]), (gid_t)-1));
    return argv[0];
}

/* ------------------------------------------------------------ Process::Sys */
static VALUE s_getuid(VALUE self, int argc, const VALUE *argv) { return INT2FIX(getuid()); }
static VALUE s_geteuid(VALUE self, int argc, const VALUE *argv) { return INT2FIX(geteuid()); }
static VALUE s_getgid(VALUE self, int argc, const VALUE *argv) { return INT2FIX(getgid()); }
static VALUE s_getegid(VALUE self, int argc, const VALUE *argv) { return INT2FIX(getegid()); }

static VALUE s_setuid(VALUE self, int argc, const VALUE *argv) { vm_secure(2); check(setuid((uid_t)id_arg(argv[0]))); return Qnil; }
static VALUE s_seteuid(VALUE self, int argc, const VALUE *argv) { vm_secure(2); check(seteuid((uid_t)id_arg(argv[0]))); return Qnil; }
static VALUE s_setgid(VALUE self, int argc, const VALUE *argv) { vm_secure(2); check(setgid((gid_t)id_arg(argv[0]))); return Qnil; }
static VALUE s_setegid(VALUE self, int argc, const VALUE *argv) { vm_secure(2); check(setegid((gid_t)id_arg(argv[0]))); return Qnil; }

static VALUE s_setreuid(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    check(setreuid((uid_t)id_arg(argv[0]), (uid_t)id_arg(argv[1])));
    return Qnil;
}

static VALUE s_setregid(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    check(setregid((gid_t)id_arg(argv[0]), (gid_t)id_arg(argv[1])));
    return Qnil;
}

static VALUE s_setresuid(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    check(setresuid((uid_t)id_arg(argv[0]), (uid_t)id_arg(argv[1]), (uid_t)id_arg(argv[2])));
    return Qnil;
}

static VALUE s_setresgid(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    check(setresgid((gid_t)id_arg(argv[0]), (gid_t)id_arg(argv[1]), (gid_t)id_arg(argv[2])));
    return Qnil;
}

/* what 1.8.7 leaves unimplemented on Linux */
static VALUE s_unimplemented(VALUE self, int argc, const VALUE *argv)
{
    exc_raise(vm.c.NotImplementedError, "%s() function is unimplemented on this machine",
              sym_name(vm_current_mid()));
}

/* ------------------------------------------------------------ UID and GID */
/* The user and group variants of the same functions: self is Process::UID
   or Process::GID. */
static VALUE mUID;
static bool is_uid(VALUE self) { return self == mUID; }

static void get_ids(VALUE self, unsigned *r, unsigned *e, unsigned *s)
{
    if (is_uid(self)) { uid_t a, b, c; check(getresuid(&a, &b, &c)); *r = a; *e = b; *s = c; }
    else { gid_t a, b, c; check(getresgid(&a, &b, &c)); *r = a; *e = b; *s = c; }
}

static void set_ids(VALUE self, int r, int e, int s)
{
    if (is_uid(self)) check(setresuid((uid_t)r, (uid_t)e, (uid_t)s));
    else check(setresgid((gid_t)r, (gid_t)e, (gid_t)s));
}

static VALUE id_rid(VALUE self, int argc, const VALUE *argv)
{
    return INT2FIX(is_uid(self) ? getuid() : getgid());
}

static VALUE id_eid(VALUE self, int argc, const VALUE *argv)
{
    return INT2FIX(is_uid(self) ? geteuid() : getegid());
}

/* eid= / grant_privilege: the effective id */
static VALUE id_grant(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    set_ids(self, -1, id_arg(argv[0]), -1);
    return argv[0];
}

/* real, effective and saved ids all become id */
static VALUE id_change(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    int id = id_arg(argv[0]);
    set_ids(self, id, id, id);
    return argv[0];
}

/* real and effective swap; the saved id becomes the new effective one */
static VALUE id_re_exchange(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    unsigned r, e, s;
    get_ids(self, &r, &e, &s);
    set_ids(self, (int)e, (int)r, (int)r);
    return INT2FIX(0);
}

static VALUE id_true(VALUE self, int argc, const VALUE *argv) { return Qtrue; }

static VALUE switch_back(VALUE arg)
{
    VALUE self = RARRAY_PTR(arg)[0];
    set_ids(self, -1, (int)FIX2LONG(RARRAY_PTR(arg)[1]), -1);
    return Qnil;
}

static VALUE switch_body(VALUE arg) { return vm_yield(0, NULL); }

/* The effective id becomes the real one (or the saved one when they are
   the same); with a block, only while it runs.  EPERM when all three are
   equal: there is nothing to switch to. */
static VALUE id_switch(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    unsigned r, e, s, to;
    get_ids(self, &r, &e, &s);
    if (r != e) to = r;
    else if (e != s) to = s;
    else {
        errno = EPERM;
        exc_sys_fail(NULL);
    }
    set_ids(self, -1, (int)to, -1);
    if (!vm_block_given()) return INT2FIX(to == r ? e : r);
    return vm_ensure(switch_body, Qnil, switch_back, ary_new_of(2, self, INT2FIX(e)));
}

static VALUE define_id_module(VALUE process, const char *name)
{
    VALUE m = module_define_under(process, name);
    define_module_function(m, "rid", id_rid, 0);
    define_module_function(m, "eid", id_eid, 0);
    define_module_function(m, "eid=", id_grant, 1);
    define_module_function(m, "grant_privilege", id_grant, 1);
    define_module_function(m, "change_privilege", id_change, 1);
    define_module_function(m, "re_exchange", id_re_exchange, 0);
    define_module_function(m, "re_exchangeable?", id_true, 0);
    define_module_function(m, "sid_available?", id_true, 0);
    define_module_function(m, "switch", id_switch, 0);
    return m;
}

static void define_sys(VALUE process)
{
    VALUE m = module_define_under(process, "Sys");
    define_module_function(m, "getuid", s_getuid, 0);
    define_module_function(m, "geteuid", s_geteuid, 0);
    define_module_function(m, "getgid", s_getgid, 0);
    define_module_function(m, "getegid", s_getegid, 0);
    define_module_function(m, "setuid", s_setuid, 1);
    define_module_function(m, "seteuid", s_seteuid, 1);
    define_module_function(m, "setgid", s_setgid, 1);
    define_module_function(m, "setegid", s_setegid, 1);
    define_module_function(m, "setreuid", s_setreuid, 2);
    define_module_function(m, "setregid", s_setregid, 2);
    define_module_function(m, "setresuid", s_setresuid, 3);
    define_module_function(m, "setresgid", s_setresgid, 3);
    define_module_function(m, "setruid", s_unimplemented, 1);
    define_module_function(m, "setrgid", s_unimplemented, 1);
    define_module_function(m, "issetugid", s_unimplemented, 0);
}

static void define_rlimits(VALUE m)
{
    static const struct { const char *name; int value; } limits[] = {
        { "RLIMIT_AS", RLIMIT_AS }, { "RLIMIT_CORE", RLIMIT_CORE }, { "RLIMIT_CPU", RLIMIT_CPU },
        { "RLIMIT_DATA", RLIMIT_DATA }, { "RLIMIT_FSIZE", RLIMIT_FSIZE },
        { "RLIMIT_MEMLOCK", RLIMIT_MEMLOCK }, { "RLIMIT_NOFILE", RLIMIT_NOFILE },
        { "RLIMIT_NPROC", RLIMIT_NPROC }, { "RLIMIT_RSS", RLIMIT_RSS }, { "RLIMIT_STACK", RLIMIT_STACK },
    };
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++)
        define_const(m, limits[i].name, INT2FIX(limits[i].value));
    define_const(m, "RLIM_INFINITY", rlim_value(RLIM_INFINITY));
    define_const(m, "RLIM_SAVED_CUR", rlim_value(RLIM_SAVED_CUR));
    define_const(m, "RLIM_SAVED_MAX", rlim_value(RLIM_SAVED_MAX));
}

void process_id_init(VALUE m)
{
    define_rlimits(m);
    define_module_function(m, "getrlimit", p_getrlimit, 1);
    define_module_function(m, "setrlimit", p_setrlimit, -1);
    define_module_function(m, "setpriority", p_setpriority, 3);
    define_module_function(m, "setpgrp", p_setpgrp, 0);
    define_module_function(m, "groups", p_groups, 0);
    define_module_function(m, "groups=", p_set_groups, 1);
    define_module_function(m, "initgroups", p_initgroups, 2);
    define_module_function(m, "maxgroups", p_maxgroups, 0);
    define_module_function(m, "maxgroups=", p_set_maxgroups, 1);
    define_module_function(m, "uid=", p_set_uid, 1);
    define_module_function(m, "euid=", p_set_euid, 1);
    define_module_function(m, "gid=", p_set_gid, 1);
    define_module_function(m, "egid=", p_set_egid, 1);
    define_sys(m);
    mUID = define_id_module(m, "UID");
    gc_register_root(&mUID);
    define_id_module(m, "GID");
}
