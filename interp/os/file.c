/* file.c: the File class (opening files, File#path/flock/chmod/...), the
 * File::Constants flags, FileTest and the file tests and operations that
 * File has as class methods (exist?, size, delete, rename, chmod, utime,
 * symlink ...).  Path string functions are in file_path.c, File::Stat in
 * file_stat.c, File.fnmatch in dir.c next to glob. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>
#include "io_impl.h"
#include "ruby/green.h"

/* ------------------------------------------------------------ stat helpers */
/* The path of a file argument: a String (to_str) or an IO's path. */
static VALUE file_path_arg(VALUE v)
{
    if (io_is_io(v)) {
        VALUE p = io_rio(v)->path;
        if (STRING_P(p)) return p;
    }
    v = conv_to_str(v);
    vm_check_safe_obj(v);          /* $SAFE: "Insecure operation - exist?" */
    return v;
}

/* stat a String path or an open IO; false (errno set) on failure. */
static bool stat_arg(VALUE v, struct stat *st, bool lstat_it)
{
    if (io_is_io(v)) return fstat(io_rio_open(v)->fd, st) == 0;
    const char *p = str_cstr(file_path_arg(v));
    return (lstat_it ? lstat(p, st) : stat(p, st)) == 0;
}

static void stat_or_raise(VALUE v, struct stat *st, bool lstat_it)
{
    if (!stat_arg(v, st, lstat_it)) exc_sys_fail(str_cstr(file_path_arg(v)));
}

/* ------------------------------------------------------------ tests */
#define STAT_TEST(name, cond)                                            \
    static VALUE name(VALUE self, int argc, const VALUE *argv)           \
    {                                                                    \
        struct stat st;                                                  \
        if (!stat_arg(argv[0], &st, false)) return Qfalse;               \
        return BOOL2V(cond);                                             \
    }

STAT_TEST(ft_exist, true)
STAT_TEST(ft_file, S_ISREG(st.st_mode))
STAT_TEST(ft_directory, S_ISDIR(st.st_mode))
STAT_TEST(ft_pipe, S_ISFIFO(st.st_mode))
STAT_TEST(ft_socket, S_ISSOCK(st.st_mode))
STAT_TEST(ft_chardev, S_ISCHR(st.st_mode))
STAT_TEST(ft_blockdev, S_ISBLK(st.st_mode))
STAT_TEST(ft_zero, st.st_size == 0)
STAT_TEST(ft_owned, st.st_uid == geteuid())
STAT_TEST(ft_grpowned, st.st_gid == getegid())
STAT_TEST(ft_setuid, (st.st_mode & S_ISUID) != 0)
STAT_TEST(ft_setgid, (st.st_mode & S_ISGID) != 0)
STAT_TEST(ft_sticky, (st.st_mode & S_ISVTX) != 0)

static VALUE ft_symlink(VALUE self, int argc, const VALUE *argv)
{
    struct stat st;
    if (lstat(str_cstr(conv_to_str(argv[0])), &st) < 0) return Qfalse;
    return BOOL2V(S_ISLNK(st.st_mode));
}

static VALUE access_test(VALUE v, int mode, bool real)
{
    const char *p = str_cstr(file_path_arg(v));
    return BOOL2V((real ? access(p, mode) : euidaccess(p, mode)) == 0);
}

static VALUE ft_readable(VALUE self, int argc, const VALUE *argv) { return access_test(argv[0], R_OK, false); }
static VALUE ft_writable(VALUE self, int argc, const VALUE *argv) { return access_test(argv[0], W_OK, false); }
static VALUE ft_executable(VALUE self, int argc, const VALUE *argv) { return access_test(argv[0], X_OK, false); }
static VALUE ft_readable_real(VALUE self, int argc, const VALUE *argv) { return access_test(argv[0], R_OK, true); }
static VALUE ft_writable_real(VALUE self, int argc, const VALUE *argv) { return access_test(argv[0], W_OK, true); }
static VALUE ft_executable_real(VALUE self, int argc, const VALUE *argv) { return access_test(argv[0], X_OK, true); }

static VALUE ft_size_p(VALUE self, int argc, const VALUE *argv)
{
    struct stat st;
    if (!stat_arg(argv[0], &st, false) || st.st_size == 0) return Qnil;
    return int_new((long)st.st_size);
}

static VALUE ft_size(VALUE self, int argc, const VALUE *argv)
{
    struct stat st;
    stat_or_raise(argv[0], &st, false);
    return int_new((long)st.st_size);
}

static VALUE ft_identical(VALUE self, int argc, const VALUE *argv)
{
    struct stat a, b;
    if (!stat_arg(argv[0], &a, false) || !stat_arg(argv[1], &b, false)) return Qfalse;
    return BOOL2V(a.st_dev == b.st_dev && a.st_ino == b.st_ino);
}

static VALUE f_atime(VALUE self, int argc, const VALUE *argv);
static VALUE f_mtime(VALUE self, int argc, const VALUE *argv);
static VALUE f_ctime(VALUE self, int argc, const VALUE *argv);

/* Kernel#test(cmd, file1 [, file2]): cmd is a character code (?e is 101
   in 1.8) or a one-character String. */
static VALUE mtime_cmp(VALUE a, VALUE b, int want)
{
    struct stat sa, sb;
    stat_or_raise(a, &sa, false);
    stat_or_raise(b, &sb, false);
    long d = sa.st_mtim.tv_sec != sb.st_mtim.tv_sec ? (long)(sa.st_mtim.tv_sec - sb.st_mtim.tv_sec)
                                                    : (long)(sa.st_mtim.tv_nsec - sb.st_mtim.tv_nsec);
    int c = d < 0 ? -1 : d > 0;
    return BOOL2V(c == want);
}

static VALUE k_test(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 2, 3);
    for (int i = 1; i < argc; i++) vm_check_safe_obj(argv[i]);
    int cmd;
    if (STRING_P(argv[0])) {
        if (RSTRING_LEN(argv[0]) == 0) exc_raise(vm.c.ArgumentError, "wrong test command");
        cmd = (unsigned char)RSTRING_PTR(argv[0])[0];
    } else {
        cmd = num_to_int(argv[0]);
    }
    static const struct { char c; cfunc fn; } one[] = {
        { 'b', ft_blockdev }, { 'c', ft_chardev }, { 'd', ft_directory }, { 'e', ft_exist },
        { 'f', ft_file }, { 'g', ft_setgid }, { 'G', ft_grpowned }, { 'k', ft_sticky },
        { 'l', ft_symlink }, { 'o', ft_owned }, { 'O', ft_owned }, { 'p', ft_pipe },
        { 'r', ft_readable }, { 'R', ft_readable_real }, { 's', ft_size_p }, { 'S', ft_socket },
        { 'u', ft_setuid }, { 'w', ft_writable }, { 'W', ft_writable_real },
        { 'x', ft_executable }, { 'X', ft_executable_real }, { 'z', ft_zero },
        { 'A', f_atime }, { 'M', f_mtime }, { 'C', f_ctime },
    };
    for (size_t i = 0; i < countof(one); i++)
        if (one[i].c == cmd) return one[i].fn(self, 1, argv + 1);
    if (argc == 3) {
        switch (cmd) {
        case '-': return ft_identical(self, 2, argv + 1);
        case '=': return mtime_cmp(argv[1], argv[2], 0);
        case '<': return mtime_cmp(argv[1], argv[2], -1);
        case '>': return mtime_cmp(argv[1], argv[2], 1);
        }
    }
    exc_raise(vm.c.ArgumentError, "unknown command ?%c", cmd);
}

/* ------------------------------------------------------------ File.stat & co. */
static VALUE f_stat(VALUE self, int argc, const VALUE *argv)
{
    struct stat st;
    stat_or_raise(argv[0], &st, false);
    return file_stat_new(&st);
}

static VALUE f_lstat(VALUE self, int argc, const VALUE *argv)
{
    struct stat st;
    stat_or_raise(argv[0], &st, true);
    return file_stat_new(&st);
}

static VALUE f_atime(VALUE self, int argc, const VALUE *argv)
{
    struct stat st;
    stat_or_raise(argv[0], &st, false);
    return time_new_timespec(st.st_atim.tv_sec, st.st_atim.tv_nsec);
}

static VALUE f_mtime(VALUE self, int argc, const VALUE *argv)
{
    struct stat st;
    stat_or_raise(argv[0], &st, false);
    return time_new_timespec(st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
}

static VALUE f_ctime(VALUE self, int argc, const VALUE *argv)
{
    struct stat st;
    stat_or_raise(argv[0], &st, false);
    return time_new_timespec(st.st_ctim.tv_sec, st.st_ctim.tv_nsec);
}

const char *file_ftype_name(unsigned mode)
{
    if (S_ISREG(mode)) return "file";
    if (S_ISDIR(mode)) return "directory";
    if (S_ISCHR(mode)) return "characterSpecial";
    if (S_ISBLK(mode)) return "blockSpecial";
    if (S_ISFIFO(mode)) return "fifo";
    if (S_ISLNK(mode)) return "link";
    if (S_ISSOCK(mode)) return "socket";
    return "unknown";
}

static VALUE f_ftype(VALUE self, int argc, const VALUE *argv)
{
    struct stat st;
    stat_or_raise(argv[0], &st, true);
    return str_new_cstr(file_ftype_name(st.st_mode));
}

/* ------------------------------------------------------------ operations */
/* Apply fn to each path argument from argv[first]; the count of files. */
static VALUE each_path(int argc, const VALUE *argv, int first, int (*fn)(const char *, void *), void *arg)
{
    for (int i = first; i < argc; i++) {
        const char *p = str_cstr(file_path_arg(argv[i]));
        if (fn(p, arg) < 0) exc_sys_fail(p);
    }
    return INT2FIX(argc - first);
}

static int do_unlink(const char *p, void *arg) { return unlink(p); }
static int do_chmod(const char *p, void *arg) { return chmod(p, *(mode_t *)arg); }
static int do_lchmod(const char *p, void *arg) { return fchmodat(AT_FDCWD, p, *(mode_t *)arg, AT_SYMLINK_NOFOLLOW); }

static VALUE f_unlink(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    return each_path(argc, argv, 0, do_unlink, NULL);
}

static VALUE f_chmod(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    if (argc < 1) exc_arity(argc, 1, -1);
    mode_t m = (mode_t)num_to_int(argv[0]);
    return each_path(argc, argv, 1, do_chmod, &m);
}

static VALUE f_lchmod(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    if (argc < 1) exc_arity(argc, 1, -1);
    mode_t m = (mode_t)num_to_int(argv[0]);
    return each_path(argc, argv, 1, do_lchmod, &m);
}

struct owner { uid_t uid; gid_t gid; bool link; };
static int do_chown(const char *p, void *arg)
{
    struct owner *o = arg;
    return o->link ? lchown(p, o->uid, o->gid) : chown(p, o->uid, o->gid);
}

static VALUE chown_common(int argc, const VALUE *argv, bool link)
{
    vm_secure(2);
    if (argc < 2) exc_arity(argc, 2, -1);
    struct owner o = { NIL_P(argv[0]) ? (uid_t)-1 : (uid_t)num_to_long(argv[0]),
                       NIL_P(argv[1]) ? (gid_t)-1 : (gid_t)num_to_long(argv[1]), link };
    return each_path(argc, argv, 2, do_chown, &o);
}

static VALUE f_chown(VALUE self, int argc, const VALUE *argv) { return chown_common(argc, argv, false); }
static VALUE f_lchown(VALUE self, int argc, const VALUE *argv) { return chown_common(argc, argv, true); }

static int do_utime(const char *p, void *arg) { return utimensat(AT_FDCWD, p, arg, 0); }

static VALUE f_utime(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    if (argc < 2) exc_arity(argc, 2, -1);
    struct timespec ts[2];
    for (int i = 0; i < 2; i++) {
        if (NIL_P(argv[i])) { ts[i].tv_sec = 0; ts[i].tv_nsec = UTIME_NOW; }
        else time_to_timespec(argv[i], &ts[i]);
    }
    return each_path(argc, argv, 2, do_utime, ts);
}

/* 1.8.7 names both paths as "FROM or TO" (1.9 changed it to "(FROM, TO)") */
/* (1.8.7 checks only the taint of the paths, at any level) */
static VALUE two_paths(const VALUE *argv, int (*fn)(const char *, const char *))
{
    volatile VALUE pa = file_path_arg(argv[0]), pb = file_path_arg(argv[1]);
    if (fn(str_cstr(pa), str_cstr(pb)) < 0) {
        int err = errno;
        volatile VALUE msg = str_new_fmt("%s or %s", str_cstr(pa), str_cstr(pb));
        errno = err;
        exc_sys_fail(str_cstr(msg));
    }
    return INT2FIX(0);
}

static VALUE f_rename(VALUE self, int argc, const VALUE *argv) { return two_paths(argv, rename); }
static VALUE f_link(VALUE self, int argc, const VALUE *argv) { return two_paths(argv, link); }
static VALUE f_symlink(VALUE self, int argc, const VALUE *argv) { return two_paths(argv, symlink); }

static VALUE f_readlink(VALUE self, int argc, const VALUE *argv)
{
    VALUE path = file_path_arg(argv[0]);
    VALUE buf = str_new_capa(256);
    for (long size = 256;; size *= 2) {
        str_resize(buf, size);
        ssize_t n = readlink(str_cstr(path), RSTRING_PTR(buf), (size_t)size);
        if (n < 0) exc_sys_fail(str_cstr(path));
        if (n < size) {
            str_resize(buf, n);
            FL_SET(buf, FL_TAINT);   /* read from outside, as in 1.8.7 */
            return buf;
        }
    }
}

static VALUE f_truncate(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    VALUE path = file_path_arg(argv[0]);
    if (truncate(str_cstr(path), (off_t)num_to_long(argv[1])) < 0) exc_sys_fail(str_cstr(path));
    return INT2FIX(0);
}

static VALUE f_umask(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    arity_check(argc, 0, 1);
    mode_t old;
    if (argc == 0) {
        old = umask(0);
        umask(old);
    } else {
        old = umask((mode_t)num_to_int(argv[0]));
    }
    return INT2FIX(old);
}

/* ------------------------------------------------------------ File objects */
/* File.new(path, mode = "r", perm = 0666), or File.new(fd, mode) */
static VALUE file_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 3);
    if (FIXNUM_P(argv[0])) return vm_call_super(argc, argv);
    VALUE path = str_new_frozen(file_path_arg(argv[0]));
    int oflags;
    int fmode = io_mode_arg(argc > 1 ? argv[1] : Qnil, &oflags);
    int perm = argc > 2 && !NIL_P(argv[2]) ? num_to_int(argv[2]) : 0666;
    VALUE tmp = io_open_path(vm.c.File, path, oflags, fmode, perm);
    struct rio *src = io_rio(tmp);
    io_setup(self, src->fd, fmode & ~(FMODE_CREATE | FMODE_TRUNC | FMODE_EXCL), path);
    src->fd = -1;     /* self owns the descriptor now */
    return self;
}

static VALUE file_path(VALUE self, int argc, const VALUE *argv)
{
    VALUE p = io_rio(self)->path;
    return STRING_P(p) ? str_dup(p) : Qnil;
}

static VALUE file_fstat_time(VALUE self, int which)
{
    struct stat st;
    struct rio *f = io_rio_open(self);
    if (fstat(f->fd, &st) < 0) exc_sys_fail(NULL);
    struct timespec t = which == 0 ? st.st_atim : which == 1 ? st.st_mtim : st.st_ctim;
    return time_new_timespec(t.tv_sec, t.tv_nsec);
}

static VALUE file_atime(VALUE self, int argc, const VALUE *argv) { return file_fstat_time(self, 0); }
static VALUE file_mtime(VALUE self, int argc, const VALUE *argv) { return file_fstat_time(self, 1); }
static VALUE file_ctime(VALUE self, int argc, const VALUE *argv) { return file_fstat_time(self, 2); }

static VALUE file_size(VALUE self, int argc, const VALUE *argv)
{
    struct stat st;
    struct rio *f = io_rio_open(self);
    if (f->wlen > 0) io_fflush(f);
    if (fstat(f->fd, &st) < 0) exc_sys_fail(NULL);
    return int_new((long)st.st_size);
}

static VALUE file_lstat(VALUE self, int argc, const VALUE *argv)
{
    struct rio *f = io_rio_open(self);
    struct stat st;
    if (!STRING_P(f->path) || lstat(str_cstr(f->path), &st) < 0) exc_sys_fail(NULL);
    return file_stat_new(&st);
}

static VALUE file_chmod(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    struct rio *f = io_rio_open(self);
    if (fchmod(f->fd, (mode_t)num_to_int(argv[0])) < 0) exc_sys_fail(NULL);
    return INT2FIX(0);
}

static VALUE file_chown(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    struct rio *f = io_rio_open(self);
    uid_t u = NIL_P(argv[0]) ? (uid_t)-1 : (uid_t)num_to_long(argv[0]);
    gid_t g = NIL_P(argv[1]) ? (gid_t)-1 : (gid_t)num_to_long(argv[1]);
    if (fchown(f->fd, u, g) < 0) exc_sys_fail(NULL);
    return INT2FIX(0);
}

static VALUE file_truncate(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    struct rio *f = io_rio_writable(self);
    io_fflush(f);
    if (ftruncate(f->fd, (off_t)num_to_long(argv[0])) < 0) exc_sys_fail(NULL);
    return INT2FIX(0);
}

/* flock with LOCK_NB, noted for the schedule modes; a replay takes the
   lock, waiting for it, where the recording got it. */
static int flock_now(int fd, int op)
{
    if (UNLIKELY(green_replaying())) {
        if (green_replay_outcome('l') == 0) { errno = EWOULDBLOCK; return -1; }
        int r;
        while ((r = flock(fd, op & ~LOCK_NB)) < 0 && errno == EINTR)
            ;
        return r;
    }
    int r = flock(fd, op | LOCK_NB);
    if (r == 0 || errno == EWOULDBLOCK) green_note_outcome('l', r == 0);
    return r;
}

/* flock: without LOCK_NB we poll with LOCK_NB and sleep through the
   scheduler, so other threads run while the lock is busy (as MRI 1.8). */
static VALUE file_flock(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(2);
    int op = num_to_int(argv[0]);
    for (;;) {
        struct rio *f = io_rio_open(self);
        if (f->wlen > 0) io_fflush(f);
        if (flock_now(f->fd, op) == 0) return INT2FIX(0);
        if (errno == EINTR) continue;
        if (errno != EWOULDBLOCK) exc_sys_fail(NULL);
        if (op & LOCK_NB) return Qfalse;
        green_sleep(0.01);
    }
}

/* ------------------------------------------------------------ init */
static void define_constants(void)
{
    VALUE k = module_define_under(vm.c.File, "Constants");
    static const struct { const char *name; long val; } consts[] = {
        { "RDONLY", O_RDONLY }, { "WRONLY", O_WRONLY }, { "RDWR", O_RDWR },
        { "APPEND", O_APPEND }, { "CREAT", O_CREAT }, { "EXCL", O_EXCL },
        { "NONBLOCK", O_NONBLOCK }, { "TRUNC", O_TRUNC }, { "NOCTTY", O_NOCTTY },
        { "SYNC", O_SYNC }, { "BINARY", 0 },
        { "LOCK_SH", LOCK_SH }, { "LOCK_EX", LOCK_EX }, { "LOCK_NB", LOCK_NB }, { "LOCK_UN", LOCK_UN },
        { "FNM_NOESCAPE", 1 }, { "FNM_PATHNAME", 2 }, { "FNM_DOTMATCH", 4 },
        { "FNM_CASEFOLD", 8 }, { "FNM_SYSCASE", 0 },
    };
    for (size_t i = 0; i < countof(consts); i++) define_const(k, consts[i].name, INT2FIX(consts[i].val));
    module_include(vm.c.IO, k);
    VALUE sep = obj_freeze(str_new("/", 1));
    define_const(vm.c.File, "SEPARATOR", sep);
    define_const(vm.c.File, "Separator", sep);
    define_const(vm.c.File, "ALT_SEPARATOR", Qnil);
    define_const(vm.c.File, "PATH_SEPARATOR", obj_freeze(str_new(":", 1)));
}

/* The tests exist both as FileTest module functions and File methods. */
static void define_test(const char *name, cfunc fn, int arity)
{
    define_module_function(vm.c.FileTest, name, fn, arity);
    define_singleton_method(vm.c.File, name, fn, arity);
}

static void define_tests(void)
{
    vm.c.FileTest = module_define("FileTest");
    define_test("exist?", ft_exist, 1);
    define_test("exists?", ft_exist, 1);
    define_test("file?", ft_file, 1);
    define_test("directory?", ft_directory, 1);
    define_test("symlink?", ft_symlink, 1);
    define_test("pipe?", ft_pipe, 1);
    define_test("socket?", ft_socket, 1);
    define_test("chardev?", ft_chardev, 1);
    define_test("blockdev?", ft_blockdev, 1);
    define_test("zero?", ft_zero, 1);
    define_test("size?", ft_size_p, 1);
    define_test("size", ft_size, 1);
    define_test("owned?", ft_owned, 1);
    define_test("grpowned?", ft_grpowned, 1);
    define_test("setuid?", ft_setuid, 1);
    define_test("setgid?", ft_setgid, 1);
    define_test("sticky?", ft_sticky, 1);
    define_test("readable?", ft_readable, 1);
    define_test("writable?", ft_writable, 1);
    define_test("executable?", ft_executable, 1);
    define_test("readable_real?", ft_readable_real, 1);
    define_test("writable_real?", ft_writable_real, 1);
    define_test("executable_real?", ft_executable_real, 1);
    define_test("identical?", ft_identical, 2);
}

static void define_class_methods(VALUE c)
{
    define_singleton_method(c, "stat", f_stat, 1);
    define_singleton_method(c, "lstat", f_lstat, 1);
    define_singleton_method(c, "atime", f_atime, 1);
    define_singleton_method(c, "mtime", f_mtime, 1);
    define_singleton_method(c, "ctime", f_ctime, 1);
    define_singleton_method(c, "ftype", f_ftype, 1);
    define_singleton_method(c, "unlink", f_unlink, -1);
    define_singleton_method(c, "delete", f_unlink, -1);
    define_singleton_method(c, "chmod", f_chmod, -1);
    define_singleton_method(c, "lchmod", f_lchmod, -1);
    define_singleton_method(c, "chown", f_chown, -1);
    define_singleton_method(c, "lchown", f_lchown, -1);
    define_singleton_method(c, "utime", f_utime, -1);
    define_singleton_method(c, "rename", f_rename, 2);
    define_singleton_method(c, "link", f_link, 2);
    define_singleton_method(c, "symlink", f_symlink, 2);
    define_singleton_method(c, "readlink", f_readlink, 1);
    define_singleton_method(c, "truncate", f_truncate, 2);
    define_singleton_method(c, "umask", f_umask, -1);
}

static void define_instance_methods(VALUE c)
{
    define_method(c, "initialize", file_initialize, -1);
    define_method(c, "path", file_path, 0);
    define_method(c, "atime", file_atime, 0);
    define_method(c, "mtime", file_mtime, 0);
    define_method(c, "ctime", file_ctime, 0);
    define_method(c, "size", file_size, 0);
    define_method(c, "lstat", file_lstat, 0);
    define_method(c, "chmod", file_chmod, 1);
    define_method(c, "chown", file_chown, 2);
    define_method(c, "truncate", file_truncate, 1);
    define_method(c, "flock", file_flock, 1);
}

void file_init(void)
{
    VALUE c = vm.c.File = class_define("File", vm.c.IO);
    define_constants();
    define_tests();
    define_class_methods(c);
    define_instance_methods(c);
    file_path_init();
    file_stat_init();
    define_global_function("test", k_test, -1);
}
