/* libpath.c: where miniruby's library is, for $:.
 *
 * The Makefile compiles in the paths configure chose (MR_BINDIR,
 * MR_RUBYLIBDIR, MR_ARCHDIR, MR_SITELIBDIR) and those of the build
 * (MR_SRC_LIBDIR, the source tree's lib/, and MR_BUILD_LIBDIR, the build
 * folder's lib/ holding the generated rbconfig.rb).  Which apply depends
 * on where the running binary is (/proc/self/exe):
 *
 *   installed in bindir       sitelibdir, rubylibdir, archdir
 *   in its build folder       the source tree's lib/, the build's lib/
 *   anywhere else (moved)     BIN/../lib/miniruby/1.8 (a moved prefix,
 *                             after its site_ruby/1.8 when there is one),
 *                             BIN/lib or BIN/../lib (a moved tree),
 *                             else the configured folders that exist.
 *
 * The shared extensions (NAME.so) are in archdir when installed, in the
 * build's ext/ in a build folder; a moved binary takes the first of
 * BIN/../lib/miniruby/1.8/ARCH, BIN/ext, archdir and the build's ext/
 * that exists.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "ruby/util.h"

#define MAX_DIRS 4

static const char *dirs[MAX_DIRS];
static int ndirs;
static const char *ext_dir;

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool has_file(const char *dir, const char *name)
{
    struct stat st;
    VALUE p = str_new_fmt("%s/%s", dir, name);
    return stat(RSTRING_PTR(p), &st) == 0 && S_ISREG(st.st_mode);
}

/* The canonical form of path (a new string), or NULL if it does not exist. */
static char *canonical(const char *path)
{
    char buf[PATH_MAX];
    return realpath(path, buf) ? xstrndup(buf, strlen(buf)) : NULL;
}

static bool same_dir(const char *a, const char *b)
{
    char *ca = canonical(a), *cb = canonical(b);
    bool same = ca && cb && strcmp(ca, cb) == 0;
    free(ca);
    free(cb);
    return same;
}

static void add(const char *dir)
{
    for (int i = 0; i < ndirs; i++)
        if (strcmp(dirs[i], dir) == 0) return;
    if (ndirs < MAX_DIRS) dirs[ndirs++] = dir;
}

static void add_canonical(const char *dir)
{
    char *c = canonical(dir);
    if (c) add(c);
}

/* The folder of the running binary, or NULL. */
static char *exe_dir(void)
{
    char *exe = canonical("/proc/self/exe");
    if (!exe) return NULL;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = '\0';
    return exe;
}

/* A library folder relative to the binary: lib (set.rb tells it is
   miniruby's) and, when given, the folder with rbconfig.rb. */
static bool try_relative(const char *bin, const char *lib, const char *arch)
{
    VALUE l = str_new_fmt("%s/%s", bin, lib);
    if (!has_file(RSTRING_PTR(l), "set.rb")) return false;
    add_canonical(RSTRING_PTR(l));
    if (arch) {
        VALUE a = str_new_fmt("%s/%s", bin, arch);
        if (has_file(RSTRING_PTR(a), "rbconfig.rb")) add_canonical(RSTRING_PTR(a));
    }
    return true;
}

/* An installed tree moved whole (or installed with DESTDIR or a prefix
   given to make install): its site_ruby first, as installed. */
static bool try_moved_prefix(const char *bin)
{
    const char *lib = "../lib/miniruby/" MR_RUBY_VERSION;
    VALUE l = str_new_fmt("%s/%s", bin, lib);
    bool found = has_file(RSTRING_PTR(l), "set.rb");
    GC_GUARD(l);
    if (!found) return false;
    VALUE site = str_new_fmt("%s/../lib/miniruby/site_ruby/%s", bin, MR_RUBY_VERSION);
    if (is_dir(RSTRING_PTR(site))) add_canonical(RSTRING_PTR(site));
    GC_GUARD(site);
    return try_relative(bin, lib, "../lib/miniruby/" MR_RUBY_VERSION "/" MR_ARCH);
}

static const char *moved_ext_dir(const char *bin)
{
    const char *rel[] = { "../lib/miniruby/" MR_RUBY_VERSION "/" MR_ARCH, "ext" };
    for (size_t i = 0; bin && i < sizeof rel / sizeof *rel; i++) {
        VALUE d = str_new_fmt("%s/%s", bin, rel[i]);
        char *c = canonical(RSTRING_PTR(d));
        GC_GUARD(d);
        if (c && is_dir(c)) return c;
        free(c);
    }
    return is_dir(MR_ARCHDIR) ? MR_ARCHDIR : MR_BUILDDIR "/ext";
}

static void find_dirs(void)
{
    char *bin = exe_dir();
    if (bin && same_dir(bin, MR_BINDIR) && is_dir(MR_RUBYLIBDIR)) {
        add(MR_SITELIBDIR);
        add(MR_RUBYLIBDIR);
        add(MR_ARCHDIR);
        ext_dir = MR_ARCHDIR;
    } else if (bin && same_dir(bin, MR_BUILDDIR) && is_dir(MR_SRC_LIBDIR)) {
        add(MR_SRC_LIBDIR);
        if (has_file(MR_BUILD_LIBDIR, "rbconfig.rb")) add(MR_BUILD_LIBDIR);
        ext_dir = MR_BUILDDIR "/ext";
    } else if (bin && (try_moved_prefix(bin) || try_relative(bin, "lib", NULL) || try_relative(bin, "../lib", "lib"))) {
        /* found beside the binary */
    } else if (is_dir(MR_RUBYLIBDIR)) {
        add(MR_RUBYLIBDIR);
        add(MR_ARCHDIR);
    } else if (is_dir(MR_SRC_LIBDIR)) {
        add(MR_SRC_LIBDIR);
        if (has_file(MR_BUILD_LIBDIR, "rbconfig.rb")) add(MR_BUILD_LIBDIR);
    }
    if (!ext_dir) ext_dir = moved_ext_dir(bin);
    free(bin);
}

int libpath_dirs(const char *const **out)
{
    if (!ext_dir) find_dirs();
    *out = dirs;
    return ndirs;
}

const char *libpath_ext_dir(void)
{
    if (!ext_dir) find_dirs();
    return ext_dir;
}
