/* etc.c: the Etc module (require 'etc'), after Ruby 1.8.7's API.
 *
 *   Etc.getlogin, getpwuid(uid = Process.uid), getpwnam(name),
 *   getgrgid(gid = Process.gid), getgrnam(name), passwd / group (with a
 *   block: every entry; without: the next entry, nil at the end),
 *   setpwent getpwent endpwent setgrent getgrent endgrent,
 *   Struct::Passwd (name passwd uid gid gecos dir shell) and
 *   Struct::Group (name passwd gid mem), as 1.8.7 has them on Linux.
 *
 * Unknown users and groups raise ArgumentError "can't find user for X" /
 * "can't find group for X"; a passwd or group iteration inside another
 * (which would share the C library's cursor) raises RuntimeError
 * "parallel passwd iteration" / "parallel group iteration", as in 1.8.7.
 */
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <unistd.h>
#include "ruby.h"

void ext_etc_init(void);

static VALUE sPasswd, sGroup;
static bool pw_iterating, gr_iterating;

static VALUE safe_str(const char *s) { return str_new_cstr(s ? s : ""); }

static VALUE passwd_new(const struct passwd *pw)
{
    VALUE args[] = {
        safe_str(pw->pw_name), safe_str(pw->pw_passwd), int_new((long)pw->pw_uid),
        int_new((long)pw->pw_gid), safe_str(pw->pw_gecos), safe_str(pw->pw_dir),
        safe_str(pw->pw_shell),
    };
    return class_new_instance(sPasswd, (int)countof(args), args);
}

static VALUE group_new(const struct group *gr)
{
    VALUE mem = ary_new();
    for (char **m = gr->gr_mem; m && *m; m++) ary_push(mem, str_new_cstr(*m));
    VALUE args[] = { safe_str(gr->gr_name), safe_str(gr->gr_passwd), int_new((long)gr->gr_gid), mem };
    return class_new_instance(sGroup, (int)countof(args), args);
}

/* ------------------------------------------------------------ lookups */
static VALUE etc_getlogin(VALUE self, int argc, const VALUE *argv)
{
    const char *login = getlogin();
    if (!login) login = getenv("USER");
    return login ? str_new_cstr(login) : Qnil;
}

static VALUE etc_getpwuid(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    uid_t uid = argc > 0 ? (uid_t)num_to_long(argv[0]) : getuid();
    struct passwd *pw = getpwuid(uid);
    if (!pw) exc_raise(core_classes->ArgumentError, "can't find user for %ld", (long)uid);
    return passwd_new(pw);
}

static VALUE etc_getpwnam(VALUE self, int argc, const VALUE *argv)
{
    VALUE name = conv_to_str(argv[0]);
    struct passwd *pw = getpwnam(str_cstr(name));
    if (!pw) exc_raise(core_classes->ArgumentError, "can't find user for %s", RSTRING_PTR(name));
    return passwd_new(pw);
}

static VALUE etc_getgrgid(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    gid_t gid = argc > 0 ? (gid_t)num_to_long(argv[0]) : getgid();
    struct group *gr = getgrgid(gid);
    if (!gr) exc_raise(core_classes->ArgumentError, "can't find group for %ld", (long)gid);
    return group_new(gr);
}

static VALUE etc_getgrnam(VALUE self, int argc, const VALUE *argv)
{
    VALUE name = conv_to_str(argv[0]);
    struct group *gr = getgrnam(str_cstr(name));
    if (!gr) exc_raise(core_classes->ArgumentError, "can't find group for %s", RSTRING_PTR(name));
    return group_new(gr);
}

/* ------------------------------------------------------------ passwd iteration */
static VALUE each_passwd(VALUE unused)
{
    struct passwd *pw;
    setpwent();
    while ((pw = getpwent()) != NULL) vm_yield1(passwd_new(pw));
    return Qnil;
}

static VALUE end_passwd(VALUE unused)
{
    endpwent();
    pw_iterating = false;
    return Qnil;
}

static VALUE etc_passwd(VALUE self, int argc, const VALUE *argv)
{
    if (vm_block_given()) {
        if (pw_iterating) exc_raise(core_classes->RuntimeError, "parallel passwd iteration");
        pw_iterating = true;
        vm_ensure(each_passwd, Qnil, end_passwd, Qnil);
        return Qnil;
    }
    struct passwd *pw = getpwent();
    return pw ? passwd_new(pw) : Qnil;
}

static VALUE etc_setpwent(VALUE self, int argc, const VALUE *argv) { setpwent(); return Qnil; }
static VALUE etc_endpwent(VALUE self, int argc, const VALUE *argv) { endpwent(); return Qnil; }

static VALUE etc_getpwent(VALUE self, int argc, const VALUE *argv)
{
    struct passwd *pw = getpwent();
    return pw ? passwd_new(pw) : Qnil;
}

/* ------------------------------------------------------------ group iteration */
static VALUE each_group(VALUE unused)
{
    struct group *gr;
    setgrent();
    while ((gr = getgrent()) != NULL) vm_yield1(group_new(gr));
    return Qnil;
}

static VALUE end_group(VALUE unused)
{
    endgrent();
    gr_iterating = false;
    return Qnil;
}

static VALUE etc_group(VALUE self, int argc, const VALUE *argv)
{
    if (vm_block_given()) {
        if (gr_iterating) exc_raise(core_classes->RuntimeError, "parallel group iteration");
        gr_iterating = true;
        vm_ensure(each_group, Qnil, end_group, Qnil);
        return Qnil;
    }
    struct group *gr = getgrent();
    return gr ? group_new(gr) : Qnil;
}

static VALUE etc_setgrent(VALUE self, int argc, const VALUE *argv) { setgrent(); return Qnil; }
static VALUE etc_endgrent(VALUE self, int argc, const VALUE *argv) { endgrent(); return Qnil; }

static VALUE etc_getgrent(VALUE self, int argc, const VALUE *argv)
{
    struct group *gr = getgrent();
    return gr ? group_new(gr) : Qnil;
}

/* ------------------------------------------------------------ init */
static VALUE define_struct(const char *name, const char *const *members, int n)
{
    VALUE args[8];
    args[0] = str_new_cstr(name);
    for (int i = 0; i < n; i++) args[i + 1] = sym_to_value(members[i]);
    return vm_call(core_classes->Struct, ID_new, n + 1, args);
}

void ext_etc_init(void)
{
    static const char *const pw_members[] = { "name", "passwd", "uid", "gid", "gecos", "dir", "shell" };
    static const char *const gr_members[] = { "name", "passwd", "gid", "mem" };
    VALUE m = module_define("Etc");
    sPasswd = define_struct("Passwd", pw_members, (int)countof(pw_members));
    sGroup = define_struct("Group", gr_members, (int)countof(gr_members));
    gc_register_root(&sPasswd);
    gc_register_root(&sGroup);
    define_module_function(m, "getlogin", etc_getlogin, 0);
    define_module_function(m, "getpwuid", etc_getpwuid, -1);
    define_module_function(m, "getpwnam", etc_getpwnam, 1);
    define_module_function(m, "getgrgid", etc_getgrgid, -1);
    define_module_function(m, "getgrnam", etc_getgrnam, 1);
    define_module_function(m, "passwd", etc_passwd, 0);
    define_module_function(m, "setpwent", etc_setpwent, 0);
    define_module_function(m, "getpwent", etc_getpwent, 0);
    define_module_function(m, "endpwent", etc_endpwent, 0);
    define_module_function(m, "group", etc_group, 0);
    define_module_function(m, "setgrent", etc_setgrent, 0);
    define_module_function(m, "getgrent", etc_getgrent, 0);
    define_module_function(m, "endgrent", etc_endgrent, 0);
}
