/* file_stat.c: File::Stat, a snapshot of stat(2) for a path (File.stat,
 * File.lstat, IO#stat, File::Stat.new).  Ordered by mtime (<=>, with
 * Comparable).  The permission tests look at the mode bits as 1.8.7
 * does (root may read and write anything). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include "io_impl.h"

static void stat_free(void *p) { free(p); }
static const struct data_type stat_type = { "File::Stat", NULL, stat_free, NULL };

static VALUE stat_alloc(VALUE klass)
{
    struct stat *st = xcalloc(1, sizeof *st);
    return data_new(klass, &stat_type, st);
}

VALUE file_stat_new(const void *st)
{
    VALUE obj = stat_alloc(vm.c.Stat);
    memcpy(DATA_PTR(obj), st, sizeof(struct stat));
    return obj;
}

static struct stat *ST(VALUE self) { return data_get(self, &stat_type); }

static VALUE stat_initialize(VALUE self, int argc, const VALUE *argv)
{
    VALUE path = conv_to_str(argv[0]);
    vm_check_safe_name(path, "initialize");
    if (stat(str_cstr(path), ST(self)) < 0) exc_sys_fail(str_cstr(path));
    return self;
}

static VALUE stat_init_copy(VALUE self, int argc, const VALUE *argv)
{
    if (self == argv[0]) return self;
    memcpy(ST(self), ST(argv[0]), sizeof(struct stat));
    return self;
}

static VALUE io_stat(VALUE self, int argc, const VALUE *argv)
{
    struct stat st;
    if (fstat(io_rio_open(self)->fd, &st) < 0) exc_sys_fail(NULL);
    return file_stat_new(&st);
}

/* ------------------------------------------------------------ fields */
#define ST_INT(name, expr) \
    static VALUE name(VALUE self, int argc, const VALUE *argv) { struct stat *st = ST(self); return int_new((long)(expr)); }

ST_INT(fs_dev, st->st_dev)
ST_INT(fs_dev_major, major(st->st_dev))
ST_INT(fs_dev_minor, minor(st->st_dev))
ST_INT(fs_ino, st->st_ino)
ST_INT(fs_mode, st->st_mode)
ST_INT(fs_nlink, st->st_nlink)
ST_INT(fs_uid, st->st_uid)
ST_INT(fs_gid, st->st_gid)
ST_INT(fs_rdev, st->st_rdev)
ST_INT(fs_rdev_major, major(st->st_rdev))
ST_INT(fs_rdev_minor, minor(st->st_rdev))
ST_INT(fs_size, st->st_size)
ST_INT(fs_blksize, st->st_blksize)
ST_INT(fs_blocks, st->st_blocks)

static VALUE fs_atime(VALUE self, int argc, const VALUE *argv)
{
    return time_new_timespec(ST(self)->st_atim.tv_sec, ST(self)->st_atim.tv_nsec);
}

static VALUE fs_mtime(VALUE self, int argc, const VALUE *argv)
{
    return time_new_timespec(ST(self)->st_mtim.tv_sec, ST(self)->st_mtim.tv_nsec);
}

static VALUE fs_ctime(VALUE self, int argc, const VALUE *argv)
{
    return time_new_timespec(ST(self)->st_ctim.tv_sec, ST(self)->st_ctim.tv_nsec);
}

static VALUE fs_cmp(VALUE self, int argc, const VALUE *argv)
{
    if (!TYPE_P(argv[0], T_DATA) || RDATA(argv[0])->type != &stat_type) return Qnil;
    struct timespec a = ST(self)->st_mtim, b = ST(argv[0])->st_mtim;
    if (a.tv_sec != b.tv_sec) return INT2FIX(a.tv_sec < b.tv_sec ? -1 : 1);
    if (a.tv_nsec != b.tv_nsec) return INT2FIX(a.tv_nsec < b.tv_nsec ? -1 : 1);
    return INT2FIX(0);
}

static VALUE fs_ftype(VALUE self, int argc, const VALUE *argv)
{
    return str_new_cstr(file_ftype_name(ST(self)->st_mode));
}

/* ------------------------------------------------------------ tests */
#define ST_TEST(name, cond) \
    static VALUE name(VALUE self, int argc, const VALUE *argv) { struct stat *st = ST(self); return BOOL2V(cond); }

ST_TEST(fs_file_p, S_ISREG(st->st_mode))
ST_TEST(fs_directory_p, S_ISDIR(st->st_mode))
ST_TEST(fs_symlink_p, S_ISLNK(st->st_mode))
ST_TEST(fs_pipe_p, S_ISFIFO(st->st_mode))
ST_TEST(fs_socket_p, S_ISSOCK(st->st_mode))
ST_TEST(fs_chardev_p, S_ISCHR(st->st_mode))
ST_TEST(fs_blockdev_p, S_ISBLK(st->st_mode))
ST_TEST(fs_zero_p, st->st_size == 0)
ST_TEST(fs_owned_p, st->st_uid == geteuid())
ST_TEST(fs_grpowned_p, st->st_gid == getegid())
ST_TEST(fs_setuid_p, (st->st_mode & S_ISUID) != 0)
ST_TEST(fs_setgid_p, (st->st_mode & S_ISGID) != 0)
ST_TEST(fs_sticky_p, (st->st_mode & S_ISVTX) != 0)

static VALUE fs_size_p(VALUE self, int argc, const VALUE *argv)
{
    off_t n = ST(self)->st_size;
    return n == 0 ? Qnil : int_new((long)n);
}

/* user/group/other bits chosen by who we are */
static bool mode_allows(const struct stat *st, bool real, int usr, int grp, int oth, bool exec)
{
    uid_t uid = real ? getuid() : geteuid();
    gid_t gid = real ? getgid() : getegid();
    if (uid == 0) return !exec || (st->st_mode & (S_IXUSR | S_IXGRP | S_IXOTH));
    if (st->st_uid == uid) return st->st_mode & usr;
    if (st->st_gid == gid) return st->st_mode & grp;
    return st->st_mode & oth;
}

#define ST_PERM(name, real, u, g, o, x) \
    static VALUE name(VALUE self, int argc, const VALUE *argv) { return BOOL2V(mode_allows(ST(self), real, u, g, o, x)); }

ST_PERM(fs_readable_p, false, S_IRUSR, S_IRGRP, S_IROTH, false)
ST_PERM(fs_writable_p, false, S_IWUSR, S_IWGRP, S_IWOTH, false)
ST_PERM(fs_executable_p, false, S_IXUSR, S_IXGRP, S_IXOTH, true)
ST_PERM(fs_readable_real_p, true, S_IRUSR, S_IRGRP, S_IROTH, false)
ST_PERM(fs_writable_real_p, true, S_IWUSR, S_IWGRP, S_IWOTH, false)
ST_PERM(fs_executable_real_p, true, S_IXUSR, S_IXGRP, S_IXOTH, true)

static VALUE fs_inspect(VALUE self, int argc, const VALUE *argv)
{
    struct stat *st = ST(self);
    VALUE s = str_new_fmt("#<%s dev=0x%lx, ino=%lu, mode=0%o, nlink=%lu, uid=%u, gid=%u, rdev=0x%lx, "
                          "size=%ld, blksize=%ld, blocks=%ld, atime=",
                          class_name(obj_class(self)), (unsigned long)st->st_dev, (unsigned long)st->st_ino,
                          (unsigned)st->st_mode, (unsigned long)st->st_nlink, (unsigned)st->st_uid,
                          (unsigned)st->st_gid, (unsigned long)st->st_rdev, (long)st->st_size,
                          (long)st->st_blksize, (long)st->st_blocks);
    str_append(s, obj_inspect(fs_atime(self, 0, NULL)));
    str_cat_cstr(s, ", mtime=");
    str_append(s, obj_inspect(fs_mtime(self, 0, NULL)));
    str_cat_cstr(s, ", ctime=");
    str_append(s, obj_inspect(fs_ctime(self, 0, NULL)));
    str_cat_cstr(s, ">");
    return s;
}

void file_stat_init(void)
{
    VALUE c = vm.c.Stat = class_define_under(vm.c.File, "Stat", vm.c.Object);
    class_set_allocator(c, stat_alloc);
    module_include(c, vm.c.Comparable);
    define_method(vm.c.IO, "stat", io_stat, 0);
    define_method(c, "initialize", stat_initialize, 1);
    define_method(c, "initialize_copy", stat_init_copy, 1);
    define_method(c, "<=>", fs_cmp, 1);
    static const struct { const char *name; cfunc fn; } m[] = {
        { "dev", fs_dev }, { "dev_major", fs_dev_major }, { "dev_minor", fs_dev_minor },
        { "ino", fs_ino }, { "mode", fs_mode }, { "nlink", fs_nlink }, { "uid", fs_uid },
        { "gid", fs_gid }, { "rdev", fs_rdev }, { "rdev_major", fs_rdev_major },
        { "rdev_minor", fs_rdev_minor }, { "size", fs_size }, { "blksize", fs_blksize },
        { "blocks", fs_blocks }, { "atime", fs_atime }, { "mtime", fs_mtime }, { "ctime", fs_ctime },
        { "ftype", fs_ftype }, { "file?", fs_file_p }, { "directory?", fs_directory_p },
        { "symlink?", fs_symlink_p }, { "pipe?", fs_pipe_p }, { "socket?", fs_socket_p },
        { "chardev?", fs_chardev_p }, { "blockdev?", fs_blockdev_p }, { "zero?", fs_zero_p },
        { "size?", fs_size_p }, { "owned?", fs_owned_p }, { "grpowned?", fs_grpowned_p },
        { "setuid?", fs_setuid_p }, { "setgid?", fs_setgid_p }, { "sticky?", fs_sticky_p },
        { "readable?", fs_readable_p }, { "writable?", fs_writable_p },
        { "executable?", fs_executable_p }, { "readable_real?", fs_readable_real_p },
        { "writable_real?", fs_writable_real_p }, { "executable_real?", fs_executable_real_p },
        { "inspect", fs_inspect },
    };
    for (size_t i = 0; i < countof(m); i++) define_method(c, m[i].name, m[i].fn, 0);
}
