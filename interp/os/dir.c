/* dir.c: the Dir class (Dir.new/open/entries/foreach/chdir/mkdir/rmdir,
 * Dir#read/each/close ...), Dir.glob / Dir[] and File.fnmatch.
 *
 * fnmatch follows 1.8.7: `*` `?` `[...]` (with `!`/`^` negation and
 * ranges), backslash escapes, a leading period matched only explicitly
 * (FNM_DOTMATCH lifts that), FNM_PATHNAME keeps wildcards from crossing
 * "/" and makes "**" + "/" match any number of directories.
 * glob expands {a,b} first, then walks the pattern one path segment at a
 * time.  Unlike MRI, which returns entries in directory order, each
 * directory's entries are sorted, so results are deterministic (brace
 * alternatives still come in the order written). */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <ctype.h>
#include "io_impl.h"

#define FNM_NOESCAPE 1
#define FNM_PATHNAME 2
#define FNM_DOTMATCH 4
#define FNM_CASEFOLD 8

/* ------------------------------------------------------------ fnmatch */
static int fold(int c, int flags)
{
    return (flags & FNM_CASEFOLD) ? tolower(c) : c;
}

/* p points after '['; the end of the bracket if c matches it, else NULL
   (also when the bracket does not end before pe). */
static const char *bracket(const char *p, const char *pe, int c, int flags)
{
    bool escape = !(flags & FNM_NOESCAPE);
    bool neg = *p == '!' || *p == '^';
    bool ok = false;
    if (neg) p++;
    c = fold(c, flags);
    while (p < pe && *p != ']') {
        int c1 = (unsigned char)*p;
        if (escape && c1 == '\\' && p + 1 < pe) c1 = (unsigned char)*++p;
        p++;
        if (p + 1 < pe && *p == '-' && p[1] != ']') {
            p++;
            int c2 = (unsigned char)*p;
            if (escape && c2 == '\\' && p + 1 < pe) c2 = (unsigned char)*++p;
            p++;
            if (fold(c1, flags) <= c && c <= fold(c2, flags)) ok = true;
        } else if (fold(c1, flags) == c) {
            ok = true;
        }
    }
    if (p >= pe) return NULL;
    return ok != neg ? p + 1 : NULL;
}

/* One pattern element other than '*' at *pp against the character at s;
   on a match *pp moves past the element. */
static bool fnm_one(const char **pp, const char *pe, const char *s, bool dot, int flags)
{
    const char *p = *pp;
    switch (*p) {
    case '?':
        if (dot) return false;
        *pp = p + 1;
        return true;
    case '[':
        if (dot || !(p = bracket(p + 1, pe, (unsigned char)*s, flags))) return false;
        *pp = p;
        return true;
    case '\\':
        if (!(flags & FNM_NOESCAPE) && p + 1 < pe) p++;
        /* fall through */
    default:
        if (fold((unsigned char)*p, flags) != fold((unsigned char)*s, flags)) return false;
        *pp = p + 1;
        return true;
    }
}

/* Pattern [p, pe) against the string [s, se), neither holding a '/' that
   matters.  A '*' only needs the last one remembered: when what follows
   fails, that star takes one more character (no recursion, no
   exponential backtracking).  A period at seg (a name's start) must be
   matched by a period. */
static bool fnm_segment(const char *p, const char *pe, const char *s, const char *se,
                        const char *seg, int flags)
{
    bool period = !(flags & FNM_DOTMATCH);
    const char *star_p = NULL, *star_s = NULL;
    for (;;) {
        if (p < pe && *p == '*') {
            while (p < pe && *p == '*') p++;
            if (period && s == seg && s < se && *s == '.') return false;
            if (p == pe) return true;
            star_p = p;
            star_s = s;
            continue;
        }
        if (p < pe && s < se && fnm_one(&p, pe, s, period && s == seg && *s == '.', flags)) {
            s++;
            continue;
        }
        if (p == pe && s == se) return true;
        if (!star_p || star_s >= se) return false;
        p = star_p;
        s = ++star_s;
    }
}

/* the end of the path segment at p: its '/' (not an escaped one) or NUL */
static const char *pattern_segment_end(const char *p, int flags)
{
    bool escape = !(flags & FNM_NOESCAPE);
    for (; *p && *p != '/'; p++)
        if (escape && *p == '\\' && p[1]) p++;
    return p;
}

/* FNM_PATHNAME: segment by segment; "**" + "/" matches any number of
   directories (none starting with a period unless FNM_DOTMATCH), again
   with only the last one remembered. */
static bool fnm_path(const char *p, const char *s, int flags)
{
    bool period = !(flags & FNM_DOTMATCH);
    const char *retry_p = NULL, *retry_s = NULL;
    for (;;) {
        if (p[0] == '*' && p[1] == '*' && p[2] == '/') {
            do p += 3; while (p[0] == '*' && p[1] == '*' && p[2] == '/');
            retry_p = p;
            retry_s = s;
        }
        const char *pe = pattern_segment_end(p, flags);
        const char *se = strchr(s, '/');
        if (!se) se = s + strlen(s);
        if (fnm_segment(p, pe, s, se, s, flags)) {
            if (!*pe && !*se) return true;
            if (*pe && *se) {
                p = pe + 1;
                s = se + 1;
                continue;
            }
        }
        if (!retry_p || (period && *retry_s == '.')) return false;
        retry_s = strchr(retry_s, '/');
        if (!retry_s) return false;
        p = retry_p;
        s = ++retry_s;
    }
}

static bool dir_fnmatch(const char *pat, const char *str, int flags)
{
    if (flags & FNM_PATHNAME) return fnm_path(pat, str, flags);
    return fnm_segment(pat, pat + strlen(pat), str, str + strlen(str), str, flags);
}

static VALUE f_fnmatch(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 2, 3);
    VALUE pat = conv_to_str(argv[0]), path = conv_to_str(argv[1]);
    int flags = argc > 2 ? num_to_int(argv[2]) : 0;
    return BOOL2V(dir_fnmatch(str_cstr(pat), str_cstr(path), flags));
}

/* ------------------------------------------------------------ braces */
/* Expand the first {..} of pat (recursively) into out. */
static void expand_braces(VALUE pat, VALUE out, int flags)
{
    vm_check_stack();
    const char *s = RSTRING_PTR(pat);
    long len = RSTRING_LEN(pat), lb = -1, rb = -1;
    int depth = 0;
    bool escape = !(flags & FNM_NOESCAPE);
    for (long i = 0; i < len; i++) {
        if (escape && s[i] == '\\' && i + 1 < len) { i++; continue; }
        if (s[i] == '{') { if (depth++ == 0 && lb < 0) lb = i; }
        else if (s[i] == '}' && depth > 0 && --depth == 0 && lb >= 0) { rb = i; break; }
    }
    if (lb < 0 || rb < 0) {
        ary_push(out, pat);
        return;
    }
    long start = lb + 1;
    depth = 0;
    for (long i = lb + 1; i <= rb; i++) {
        s = RSTRING_PTR(pat);
        if (escape && s[i] == '\\' && i + 1 < rb) { i++; continue; }
        if (s[i] == '{') depth++;
        else if (s[i] == '}' && depth > 0) depth--;
        else if ((s[i] == ',' && depth == 0) || i == rb) {
            VALUE alt = str_new(s, lb);
            str_cat(alt, s + start, i - start);
            str_cat(alt, s + rb + 1, len - rb - 1);
            expand_braces(alt, out, flags);
            start = i + 1;
        }
    }
    GC_GUARD(pat);
}

/* ------------------------------------------------------------ glob */
struct glob {
    VALUE segs;     /* Array of pattern segments */
    VALUE out;      /* results */
    int flags;
    bool dir_only;  /* the pattern ended with "/" */
};

static bool has_magic(const char *s, int flags)
{
    for (; *s; s++) {
        if (*s == '*' || *s == '?' || *s == '[') return true;
        if (*s == '\\' && !(flags & FNM_NOESCAPE) && s[1]) s++;
    }
    return false;
}

static VALUE unescape(VALUE seg, int flags)
{
    if (flags & FNM_NOESCAPE) return seg;
    VALUE r = str_new("", 0);
    const char *s = RSTRING_PTR(seg);
    for (long i = 0; i < RSTRING_LEN(seg); i++) {
        if (s[i] == '\\' && i + 1 < RSTRING_LEN(seg)) i++;
        str_cat(r, s + i, 1);
    }
    return r;
}

static VALUE join_path(VALUE base, const char *name, long n)
{
    VALUE r = str_dup(base);
    long bl = RSTRING_LEN(r);
    if (bl > 0 && RSTRING_PTR(r)[bl - 1] != '/') str_cat(r, "/", 1);
    str_cat(r, name, n);
    return r;
}

static int path_kind(VALUE path, bool follow)   /* 0 none, 1 file, 2 dir */
{
    struct stat st;
    const char *p = RSTRING_LEN(path) ? str_cstr(path) : ".";
    if ((follow ? stat(p, &st) : lstat(p, &st)) < 0) return 0;
    return S_ISDIR(st.st_mode) ? 2 : 1;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of a directory, sorted, without "." and ".." unless
   want_dots: a pattern that matches dot files matches them too (1.8.7's
   Dir.glob(".*") is [".", "..", ...]). */
static VALUE sorted_entries(VALUE dir, bool want_dots)
{
    VALUE names = ary_new();
    DIR *d = opendir(RSTRING_LEN(dir) ? str_cstr(dir) : ".");
    if (!d) return names;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!want_dots && (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)) continue;
        ary_push(names, str_new_cstr(e->d_name));
    }
    closedir(d);
    long n = RARRAY_LEN(names);
    VALUE ptrs = str_new_capa((long)sizeof(char *) * (n + 1));
    str_resize(ptrs, (long)sizeof(char *) * (n + 1));
    char **v = (char **)RSTRING_PTR(ptrs);
    for (long i = 0; i < n; i++) v[i] = RSTRING_PTR(RARRAY_PTR(names)[i]);
    qsort(v, (size_t)n, sizeof(char *), cmp_names);
    VALUE sorted = ary_new_capa(n);
    for (long i = 0; i < n; i++) ary_push(sorted, str_new_cstr(v[i]));
    GC_GUARD(names);
    GC_GUARD(ptrs);
    return sorted;
}

static void glob_rec(struct glob *g, VALUE base, long i);

static void glob_found(struct glob *g, VALUE path)
{
    if (g->dir_only) {
        if (path_kind(path, true) != 2) return;
        path = join_path(path, "", 0);
    }
    FL_SET(path, FL_TAINT);          /* names from the file system, as 1.8.7 */
    ary_push(g->out, path);
}

static void glob_recursive(struct glob *g, VALUE base, long i)
{
    glob_rec(g, base, i + 1);
    VALUE names = sorted_entries(base, false);
    for (long k = 0; k < RARRAY_LEN(names); k++) {
        VALUE name = RARRAY_PTR(names)[k];
        if (RSTRING_PTR(name)[0] == '.' && !(g->flags & FNM_DOTMATCH)) continue;
        VALUE path = join_path(base, RSTRING_PTR(name), RSTRING_LEN(name));
        if (path_kind(path, false) == 2) glob_rec(g, path, i);
    }
}

static void glob_rec(struct glob *g, VALUE base, long i)
{
    vm_check_stack();
    long n = RARRAY_LEN(g->segs);
    if (i == n) {
        glob_found(g, base);
        return;
    }
    VALUE seg = RARRAY_PTR(g->segs)[i];
    const char *s = str_cstr(seg);
    if (strcmp(s, "**") == 0 && i + 1 < n) {
        glob_recursive(g, base, i);
        return;
    }
    bool last = i == n - 1;
    if (!has_magic(s, g->flags)) {
        VALUE lit = unescape(seg, g->flags);
        VALUE path = join_path(base, RSTRING_PTR(lit), RSTRING_LEN(lit));
        int kind = path_kind(path, !last);
        if (last ? kind != 0 : kind == 2) glob_rec(g, path, i + 1);
        return;
    }
    VALUE names = sorted_entries(base, s[0] == '.' || (g->flags & FNM_DOTMATCH));
    for (long k = 0; k < RARRAY_LEN(names); k++) {
        VALUE name = RARRAY_PTR(names)[k];
        if (!dir_fnmatch(str_cstr(seg), RSTRING_PTR(name), g->flags & ~FNM_PATHNAME)) continue;
        VALUE path = join_path(base, RSTRING_PTR(name), RSTRING_LEN(name));
        if (last || path_kind(path, true) == 2) glob_rec(g, path, i + 1);
    }
}

static void glob_one(VALUE pat, int flags, VALUE out)
{
    VALUE pats = ary_new();
    expand_braces(pat, pats, flags);
    for (long k = 0; k < RARRAY_LEN(pats); k++) {
        VALUE p = RARRAY_PTR(pats)[k];
        long len = RSTRING_LEN(p);
        if (len == 0) continue;
        struct glob g = { ary_new(), out, flags, RSTRING_PTR(p)[len - 1] == '/' };
        VALUE base = str_new(RSTRING_PTR(p)[0] == '/' ? "/" : "", RSTRING_PTR(p)[0] == '/' ? 1 : 0);
        VALUE parts = str_split_cstr(p, "/");
        for (long j = 0; j < RARRAY_LEN(parts); j++)
            if (RSTRING_LEN(RARRAY_PTR(parts)[j]) > 0) ary_push(g.segs, RARRAY_PTR(parts)[j]);
        if (RARRAY_LEN(g.segs) == 0) {
            if (path_kind(base, true)) ary_push(out, obj_infect(base, p));
            continue;
        }
        glob_rec(&g, base, 0);
    }
}

/* Patterns: a String (NUL separates several, as in 1.8) or an Array. */
/* who: the method 1.8.7 names when $SAFE refuses a tainted pattern */
static void glob_patterns(VALUE pat, int flags, VALUE out, const char *who)
{
    vm_check_stack();
    if (ARRAY_P(pat)) {
        for (long i = 0; i < RARRAY_LEN(pat); i++) glob_patterns(RARRAY_PTR(pat)[i], flags, out, who);
        return;
    }
    pat = conv_to_str(pat);
    vm_check_safe_name(pat, who);
    const char *s = RSTRING_PTR(pat);
    long len = RSTRING_LEN(pat), beg = 0;
    for (long i = 0; i <= len; i++) {
        if (i == len || s[i] == '\0') {
            glob_one(str_new(s + beg, i - beg), flags, out);
            s = RSTRING_PTR(pat);
            beg = i + 1;
        }
    }
    GC_GUARD(pat);
}

static VALUE dir_s_glob(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    int flags = argc > 1 ? num_to_int(argv[1]) : 0;
    VALUE out = ary_new();
    glob_patterns(argv[0], flags, out, "glob");
    if (!vm_block_given()) return out;
    for (long i = 0; i < RARRAY_LEN(out); i++) vm_yield1(RARRAY_PTR(out)[i]);
    return Qnil;
}

static VALUE dir_s_aref(VALUE klass, int argc, const VALUE *argv)
{
    VALUE out = ary_new();
    for (int i = 0; i < argc; i++) glob_patterns(argv[i], 0, out, "[]");
    return out;
}

/* ------------------------------------------------------------ Dir objects */
struct rdir { DIR *d; VALUE path; };

static void rdir_mark(void *p) { gc_mark(((struct rdir *)p)->path); }
static void rdir_free(void *p)
{
    struct rdir *r = p;
    if (r->d) closedir(r->d);
    free(r);
}
static const struct data_type dir_type = { "Dir", rdir_mark, rdir_free, NULL };

static VALUE dir_alloc(VALUE klass)
{
    struct rdir *r = xcalloc(1, sizeof *r);
    r->path = Qnil;
    return data_new(klass, &dir_type, r);
}

static struct rdir *dir_open_p(VALUE self)
{
    struct rdir *r = data_get(self, &dir_type);
    if (!r->d) exc_raise(vm.c.IOError, "closed directory");
    return r;
}

static VALUE dir_initialize(VALUE self, int argc, const VALUE *argv)
{
    struct rdir *r = data_get(self, &dir_type);
    vm_check_safe_name(conv_to_str(argv[0]), "open");   /* 1.8.7 names open, also for Dir.entries */
    VALUE path = str_new_frozen(conv_to_str(argv[0]));
    DIR *d = opendir(str_cstr(path));
    if (!d && (errno == EMFILE || errno == ENFILE)) {
        gc_start();
        d = opendir(str_cstr(path));
    }
    if (!d) exc_sys_fail(str_cstr(path));
    if (r->d) closedir(r->d);
    r->d = d;
    r->path = path;
    return self;
}

static VALUE dir_close_ensure(VALUE dir)
{
    struct rdir *r = data_get(dir, &dir_type);
    if (r->d) closedir(r->d);
    r->d = NULL;
    return Qnil;
}

static VALUE dir_s_open(VALUE klass, int argc, const VALUE *argv)
{
    VALUE dir = class_new_instance(klass, 1, argv);
    if (!vm_block_given()) return dir;
    return vm_ensure((VALUE (*)(VALUE))vm_yield1, dir, dir_close_ensure, dir);
}

static VALUE dir_read(VALUE self, int argc, const VALUE *argv)
{
    struct rdir *r = dir_open_p(self);
    errno = 0;
    struct dirent *e = readdir(r->d);
    if (e) {
        VALUE name = str_new_cstr(e->d_name);
        FL_SET(name, FL_TAINT);
        return name;
    }
    if (errno) exc_sys_fail(NULL);
    return Qnil;
}

static VALUE dir_each(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "each", 0, NULL);
    VALUE name;
    while (!NIL_P(name = dir_read(self, 0, NULL))) vm_yield1(name);
    return self;
}

static VALUE dir_close(VALUE self, int argc, const VALUE *argv)
{
    dir_open_p(self);
    return dir_close_ensure(self);
}

static VALUE dir_path(VALUE self, int argc, const VALUE *argv)
{
    VALUE p = ((struct rdir *)data_get(self, &dir_type))->path;
    return NIL_P(p) ? Qnil : str_dup(p);
}

static VALUE dir_tell(VALUE self, int argc, const VALUE *argv)
{
    return int_new(telldir(dir_open_p(self)->d));
}

static VALUE dir_seek(VALUE self, int argc, const VALUE *argv)
{
    seekdir(dir_open_p(self)->d, num_to_long(argv[0]));
    return self;
}

static VALUE dir_set_pos(VALUE self, int argc, const VALUE *argv)
{
    dir_seek(self, argc, argv);
    return argv[0];
}

static VALUE dir_rewind(VALUE self, int argc, const VALUE *argv)
{
    rewinddir(dir_open_p(self)->d);
    return self;
}

static VALUE dir_inspect(VALUE self, int argc, const VALUE *argv)
{
    VALUE p = ((struct rdir *)data_get(self, &dir_type))->path;
    if (NIL_P(p)) return obj_any_to_s(self);
    return str_new_fmt("#<%s:%s>", obj_classname(self), str_cstr(p));
}

/* ------------------------------------------------------------ class methods */
static VALUE dir_s_entries(VALUE klass, int argc, const VALUE *argv)
{
    VALUE dir = class_new_instance(vm.c.Dir, 1, argv);
    VALUE ary = ary_new();
    VALUE name;
    while (!NIL_P(name = dir_read(dir, 0, NULL))) ary_push(ary, name);
    dir_close_ensure(dir);
    return ary;
}

static VALUE foreach_body(VALUE dir) { return dir_each(dir, 0, NULL); }

static VALUE dir_s_foreach(VALUE klass, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(klass, "foreach", 1, argv);
    VALUE dir = class_new_instance(vm.c.Dir, 1, argv);
    vm_ensure(foreach_body, dir, dir_close_ensure, dir);
    return Qnil;
}

static VALUE dir_s_pwd(VALUE klass, int argc, const VALUE *argv)
{
    vm_secure(4);
    return file_expand_path(str_new(".", 1), Qnil);
}

static void chdir_to(VALUE path)
{
    if (chdir(str_cstr(path)) < 0) exc_sys_fail(str_cstr(path));
}

static VALUE chdir_yield(VALUE path) { return vm_yield1(path); }
static VALUE chdir_back(VALUE old) { chdir_to(old); return Qnil; }

static VALUE dir_s_chdir(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    vm_secure(2);
    VALUE path;
    if (argc > 0) {
        path = conv_to_str(argv[0]);
        vm_check_safe_name(path, "chdir");
    } else {
        const char *home = getenv("HOME");
        if (!home) home = getenv("LOGDIR");
        if (!home) exc_raise(vm.c.ArgumentError, "HOME/LOGDIR not set");
        path = str_new_cstr(home);
    }
    if (!vm_block_given()) {
        chdir_to(path);
        return INT2FIX(0);
    }
    VALUE old = dir_s_pwd(klass, 0, NULL);
    chdir_to(path);
    return vm_ensure(chdir_yield, path, chdir_back, old);
}

static VALUE dir_s_mkdir(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    VALUE path = conv_to_str(argv[0]);
    vm_check_safe_obj(path);
    vm_secure(2);
    mode_t mode = argc > 1 ? (mode_t)num_to_int(argv[1]) : 0777;
    if (mkdir(str_cstr(path), mode) < 0) exc_sys_fail(str_cstr(path));
    return INT2FIX(0);
}

static VALUE dir_s_rmdir(VALUE klass, int argc, const VALUE *argv)
{
    VALUE path = conv_to_str(argv[0]);
    vm_check_safe_obj(path);
    vm_secure(2);
    if (rmdir(str_cstr(path)) < 0) exc_sys_fail(str_cstr(path));
    return INT2FIX(0);
}

static VALUE dir_s_chroot(VALUE klass, int argc, const VALUE *argv)
{
    VALUE path = conv_to_str(argv[0]);
    vm_check_safe_name(path, "chroot");
    if (chroot(str_cstr(path)) < 0) exc_sys_fail(str_cstr(path));
    return INT2FIX(0);
}

void dir_init(void)
{
    VALUE c = vm.c.Dir = class_define("Dir", vm.c.Object);
    class_set_allocator(c, dir_alloc);
    module_include(c, vm.c.Enumerable);
    define_singleton_method(c, "open", dir_s_open, 1);
    define_singleton_method(c, "entries", dir_s_entries, 1);
    define_singleton_method(c, "foreach", dir_s_foreach, 1);
    define_singleton_method(c, "pwd", dir_s_pwd, 0);
    define_singleton_method(c, "getwd", dir_s_pwd, 0);
    define_singleton_method(c, "chdir", dir_s_chdir, -1);
    define_singleton_method(c, "mkdir", dir_s_mkdir, -1);
    define_singleton_method(c, "rmdir", dir_s_rmdir, 1);
    define_singleton_method(c, "delete", dir_s_rmdir, 1);
    define_singleton_method(c, "unlink", dir_s_rmdir, 1);
    define_singleton_method(c, "chroot", dir_s_chroot, 1);
    define_singleton_method(c, "glob", dir_s_glob, -1);
    define_singleton_method(c, "[]", dir_s_aref, -1);
    define_method(c, "initialize", dir_initialize, 1);
    define_method(c, "read", dir_read, 0);
    define_method(c, "each", dir_each, 0);
    define_method(c, "close", dir_close, 0);
    define_method(c, "path", dir_path, 0);
    define_method(c, "tell", dir_tell, 0);
    define_method(c, "pos", dir_tell, 0);
    define_method(c, "seek", dir_seek, 1);
    define_method(c, "pos=", dir_set_pos, 1);
    define_method(c, "rewind", dir_rewind, 0);
    define_method(c, "inspect", dir_inspect, 0);
    define_singleton_method(vm.c.File, "fnmatch", f_fnmatch, -1);
    define_singleton_method(vm.c.File, "fnmatch?", f_fnmatch, -1);
}
