/* load.c: require and load.  `require 'x'` looks for x.rb along $:
 * ($LOAD_PATH), then for an extension registered under that name (thread,
 * readline): linked in, or in a shared object of the extension folder,
 * opened then; each feature is loaded once and recorded in $"
 * ($LOADED_FEATURES) under the name 1.8.7 gives it.  load runs a file
 * every time. */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "runtime/internal.h"
#include "ruby/green.h"

struct extension {
    const char *name;
    void (*init)(void);       /* NULL until a shared object's is looked up */
    const char *object;       /* the shared object holding it, or NULL: linked in */
    const char *symbol;       /* init's name there */
};

static struct extension *extensions;
static size_t nextensions;
static VALUE load_path, loaded_features;
static const char *extension_dir;   /* the shared objects' folder (libpath.c) */

static void add_extension(struct extension x)
{
    extensions = xrealloc(extensions, (nextensions + 1) * sizeof *extensions);
    extensions[nextensions++] = x;
}

void vm_register_extension(const char *name, void (*init)(void))
{
    add_extension((struct extension){ name, init, NULL, NULL });
}

void vm_register_shared_extension(const char *name, const char *object, const char *symbol)
{
    add_extension((struct extension){ name, NULL, object, symbol });
}

void load_set_extension_dir(const char *dir)
{
    extension_dir = dir;
}

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static VALUE read_file(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) exc_sys_fail(path);
    VALUE buf = str_new_capa(4096);
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) str_cat(buf, chunk, (long)n);
    fclose(fp);
    return buf;
}

/* Parse and run a file at the top level; raises SyntaxError on bad code. */
static VALUE parse_file(const char *path)
{
    VALUE src = read_file(path);
    struct parse_error err;
    VALUE script = vm_parse_main(RSTRING_PTR(src), (size_t)RSTRING_LEN(src), path, 1, PARSE_FILE, &err);
    GC_GUARD(src);
    if (!script) exc_raise_str(vm.c.SyntaxError, str_new_cstr(err.message));
    return script;
}

VALUE vm_run_file(const char *path)
{
    return vm_run_script(parse_file(path), vm.top_self, vm.top_cref, NULL, NULL, FRAME_TOP);
}

/* load(file, true), as 1.8.7: the file runs in an anonymous module (its
   constants, modules and methods go there, Module.nesting shows it), with
   self a copy of main extended with that module. */
static VALUE run_file_wrapped(const char *path)
{
    VALUE script = parse_file(path);
    VALUE wrapper = module_new();
    VALUE self = vm_call0(vm.top_self, sym_intern_cstr("clone"));
    vm_call1(self, sym_intern_cstr("extend"), wrapper);
    VALUE cref = cref_new(wrapper, vm.top_cref);
    return vm_run_script(script, self, cref, NULL, NULL, FRAME_TOP);
}

/* ------------------------------------------------------------ finding files */
/* "~" and "~user" expanded, as 1.8.7 does for require and load. */
static VALUE expand_home(VALUE name)
{
    if (RSTRING_PTR(name)[0] != '~') return name;
    return conv_to_str(vm_call1(vm.c.File, sym_intern_cstr("expand_path"), name));
}

static bool explicit_path(const char *f)
{
    return f[0] == '/' || strncmp(f, "./", 2) == 0 || strncmp(f, "../", 3) == 0;
}

/* The file fname names, as 1.8.7's rb_find_file: an absolute or ./ path
   as it is, anything else along $: ("." is on it).  A new String or nil. */
static VALUE find_file(VALUE fname)
{
    const char *f = RSTRING_PTR(fname);
    if (explicit_path(f)) return is_file(f) ? str_dup(fname) : Qnil;
    for (long i = 0; i < RARRAY_LEN(load_path); i++) {
        VALUE dir = RARRAY_PTR(load_path)[i];
        if (!STRING_P(dir)) continue;
        VALUE p = str_new_fmt("%s/%s", RSTRING_PTR(dir), f);
        if (is_file(RSTRING_PTR(p))) return p;
    }
    return Qnil;
}

/* ------------------------------------------------------------ $" */
/* The extension of a feature name that require knows, or NULL. */
static const char *feature_ext(const char *f)
{
    const char *dot = strrchr(f, '.');
    if (!dot || strchr(dot, '/')) return NULL;
    return strcmp(dot, ".rb") == 0 || strcmp(dot, ".so") == 0 ? dot : NULL;
}

/* Is base (len bytes, without extension) in $" with ext, or (ext NULL)
   with any extension or none?  1.8.7's rb_feature_p: $" << "zz" makes
   require "zz" false, but not require "zz.rb". */
static bool feature_provided(const char *base, size_t len, const char *ext)
{
    for (long i = 0; i < RARRAY_LEN(loaded_features); i++) {
        VALUE e = RARRAY_PTR(loaded_features)[i];
        if (!STRING_P(e) || (size_t)RSTRING_LEN(e) < len || memcmp(RSTRING_PTR(e), base, len) != 0) continue;
        const char *rest = RSTRING_PTR(e) + len;
        if (*rest == '\0') {
            if (!ext) return true;
        } else if (ext ? strcmp(rest, ext) == 0 : (strcmp(rest, ".rb") == 0 || strcmp(rest, ".so") == 0)) {
            return true;
        }
    }
    return false;
}

/* ------------------------------------------------------------ require */
static struct extension *find_extension(const char *base, size_t len)
{
    for (size_t i = 0; i < nextensions; i++)
        if (strlen(extensions[i].name) == len && memcmp(extensions[i].name, base, len) == 0) return &extensions[i];
    return NULL;
}

/* 1.8.7 shipped these as Ruby files: their feature names end in .rb */
static const char *extension_suffix(const char *name)
{
    return strcmp(name, "thread") == 0 ? ".rb" : ".so";
}

/* A symbol of OBJECT.so in the extension folder, opened once (dlopen
   counts), unless the binary has it linked in (the fuzzing harness).  A
   missing file is 1.8.7's "no such file to load"; one the loader refuses
   (a library of its own missing, say) gets the loader's words and the
   path, as 1.8.7's dln. */
void *vm_extension_symbol(const char *object, const char *symbol, const char *feature)
{
    void *linked = dlsym(RTLD_DEFAULT, symbol);
    if (linked) return linked;
    VALUE path = str_new_fmt("%s/%s.so", extension_dir ? extension_dir : ".", object);
    if (!extension_dir || !is_file(RSTRING_PTR(path)))
        exc_raise(vm.c.LoadError, "no such file to load -- %s", feature);
    void *handle = dlopen(RSTRING_PTR(path), RTLD_NOW | RTLD_LOCAL);
    void *sym = handle ? dlsym(handle, symbol) : NULL;
    if (!sym) exc_raise(vm.c.LoadError, "%s - %s", dlerror(), RSTRING_PTR(path));
    return sym;
}

static bool require_extension(struct extension *x)
{
    const char *suffix = extension_suffix(x->name);
    size_t len = strlen(x->name);
    if (feature_provided(x->name, len, ".rb") || feature_provided(x->name, len, ".so")) return false;
    if (!x->init) x->init = (void (*)(void))vm_extension_symbol(x->object, x->symbol, x->name);
    ary_push(loaded_features, str_new_fmt("%s%s", x->name, suffix));
    x->init();
    return true;
}

static void path_safe_check(VALUE path);

/* A file being required.  Other threads requiring it wait until it is
   loaded, as 1.8.7's load_lock made them, instead of seeing it half done;
   the loading thread requiring it again from inside gets false (a
   circular require).  The record is not on the loading thread's stack:
   the threads waiting for it read it and queue on it, and a parked
   thread's stack may be spilled (thread/spill.h). */
struct loading {
    VALUE feature;
    VALUE thread;
    struct waitq done;
    struct loading *next;
};
static struct loading *loading;

static struct loading *loading_of(VALUE feature)
{
    for (struct loading *l = loading; l; l = l->next)
        if (str_equal(l->feature, feature)) return l;
    return NULL;
}

/* Wait while another thread loads feature; true if this thread loads it. */
static bool wait_for_loading(VALUE feature)
{
    struct loading *l;
    while ((l = loading_of(feature))) {
        if (l->thread == green_current()) return true;
        green_wait(&l->done, feature, -1);
    }
    return false;
}

static VALUE load_body(VALUE path)
{
    vm_run_file(RSTRING_PTR(path));
    return Qnil;
}

/* Run the file of a feature not yet loaded.  A load that raises takes the
   feature out of $" again, so that a later require tries again (1.8.7). */
static bool require_file(VALUE feature, VALUE path)
{
    path_safe_check(path);
    struct loading *l = xmalloc(sizeof *l);
    *l = (struct loading){ feature, green_current(), { NULL, NULL }, loading };
    loading = l;
    ary_push(loaded_features, feature);
    int state;
    vm_protect(load_body, path, &state);
    for (struct loading **p = &loading; *p; p = &(*p)->next)
        if (*p == l) { *p = l->next; break; }
    waitq_broadcast(&l->done);
    free(l);
    if (state) {
        ary_delete(loaded_features, feature);
        vm_jump_state(state);
    }
    GC_GUARD(path);
    return true;
}

/* require as 1.8.7: the feature is the name as written (~ expanded) with
   the extension it was found with: "a.rb", "./a.rb" and "/x/a.rb" are
   three features, loaded three times.  A name an extension is registered
   under loads the extension, which loads its Ruby half itself. */
static bool require_name(VALUE written)
{
    VALUE name = expand_home(written);
    const char *f = RSTRING_PTR(name);
    const char *ext = feature_ext(f);
    size_t len = ext ? (size_t)(ext - f) : strlen(f);
    struct extension *x = find_extension(f, len);
    bool rb = !ext || strcmp(ext, ".rb") == 0;
    VALUE feature = rb ? (ext ? str_dup(name) : str_new_fmt("%s.rb", f)) : Qnil;
    if (rb && !x && wait_for_loading(feature)) return false;
    if (feature_provided(f, len, ext)) return false;
    if (x) return require_extension(x);
    if (rb) {
        VALUE path = find_file(feature);
        if (!NIL_P(path)) return require_file(feature, path);
    }
    exc_raise(vm.c.LoadError, "no such file to load -- %s", RSTRING_PTR(written));
}

bool vm_require(const char *feature) { return require_name(str_new_cstr(feature)); }

/* An extension's Ruby half, run by the extension's initialiser when the
   library has it (a build whose lib/ has gone still loads the C half);
   the feature is already recorded under the extension's name. */
bool vm_require_optional(const char *file)
{
    VALUE path = find_file(str_new_cstr(file));
    if (NIL_P(path)) return false;
    vm_run_file(RSTRING_PTR(path));
    return true;
}

/* $SAFE: a tainted name from level 1, any from level 4 (1.8.7's words
   differ for require and load at level 4) */
static void load_safe_check(VALUE name, const char *what)
{
    int safe = vm_safe_level();
    if (safe >= 1 && FL_TEST(name, FL_TAINT)) exc_raise(vm.c.SecurityError, "Insecure operation - %s", what);
    if (safe >= 4 && what[0] == 'l') vm_secure(4);
    if (safe >= 4) exc_raise(vm.c.SecurityError, "Insecure operation - %s", what);
}

/* $SAFE 1: no file from under a world-writable folder, as 1.8.7's
   rb_path_check (the sticky bit does not make /tmp safe for it) */
static void path_safe_check(VALUE path)
{
    if (vm_safe_level() < 1) return;
    VALUE full = conv_to_str(vm_call1(vm.c.File, sym_intern_cstr("expand_path"), path));
    VALUE dir = str_dup(full);
    for (;;) {
        char *p = RSTRING_PTR(dir);
        char *slash = strrchr(p, '/');
        if (!slash) break;
        str_resize(dir, slash == p ? 1 : slash - p);
        struct stat st;
        if (stat(RSTRING_PTR(dir), &st) == 0 && S_ISDIR(st.st_mode) && (st.st_mode & S_IWOTH)) {
            exc_warn("Insecure world writable dir %s in LOAD_PATH, mode 0%o", RSTRING_PTR(dir),
                     (unsigned)st.st_mode);
            exc_raise(vm.c.SecurityError, "loading from unsafe file %s", RSTRING_PTR(path));
        }
        if (slash == p) break;
    }
    GC_GUARD(full);
}

static VALUE k_require(VALUE self, int argc, const VALUE *argv)
{
    VALUE name = conv_to_str(argv[0]);
    load_safe_check(name, "require");
    return BOOL2V(require_name(name));
}

/* load as 1.8.7: the name as it is, no .rb added, along $: unless it is a
   path; every time. */
static VALUE k_load(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    VALUE written = conv_to_str(argv[0]);
    load_safe_check(written, "load");
    VALUE path = find_file(expand_home(written));
    if (NIL_P(path)) exc_raise(vm.c.LoadError, "no such file to load -- %s", RSTRING_PTR(written));
    path_safe_check(path);
    if (argc > 1 && RTEST(argv[1])) run_file_wrapped(RSTRING_PTR(path));
    else vm_run_file(RSTRING_PTR(path));
    GC_GUARD(path);
    return Qtrue;
}

void load_add_path(const char *dir) { ary_push(load_path, str_new_cstr(dir)); }

/* After the -I folders, as 1.8.7 orders $:: RUBYLIB's, the library
   folders given (miniruby's lib/, found by the command line), then the
   current folder; with -T neither RUBYLIB's nor the current folder. */
void load_path_defaults(const char *const *libdirs, int n, bool tainted)
{
    const char *rubylib = tainted ? NULL : getenv("RUBYLIB");
    for (const char *p = rubylib; p && *p;) {
        const char *end = strchr(p, ':');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len) ary_push(load_path, str_new(p, (long)len));
        p += len + (end != NULL);
    }
    for (int i = 0; i < n; i++) load_add_path(libdirs[i]);
    if (!tainted) load_add_path(".");
}

static void enumerator_feature(void) {}

void load_init(void)
{
    load_path = ary_new();
    loaded_features = ary_new();
    gc_register_root(&load_path);
    gc_register_root(&loaded_features);
    gvar_define_readonly("$:", &load_path, NULL);
    gvar_define_readonly("$LOAD_PATH", &load_path, NULL);
    gvar_define_readonly("$-I", &load_path, NULL);
    gvar_define_readonly("$\"", &loaded_features, NULL);
    gvar_define_readonly("$LOADED_FEATURES", &loaded_features, NULL);
    /* Enumerator is built in, as in 1.8.7: require 'enumerator' is false */
    vm_register_extension("enumerator", enumerator_feature);
    ary_push(loaded_features, str_new_cstr("enumerator.so"));
    define_global_function("require", k_require, 1);
    define_global_function("load", k_load, -1);
}
