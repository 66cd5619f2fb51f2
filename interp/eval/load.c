/* load.c: require and load.  `require 'x'` first looks for a built-in
 * extension registered under that name (thread, readline), then for x.rb
 * along $: ($LOAD_PATH); each feature is loaded once and recorded in $"
 * ($LOADED_FEATURES).  load runs a file every time. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "runtime/internal.h"
#include "green.h"

struct extension {
    const char *name;
    void (*init)(void);
};

static struct extension *extensions;
static size_t nextensions;
static VALUE load_path, loaded_features;

void vm_register_extension(const char *name, void (*init)(void))
{
    extensions = xrealloc(extensions, (nextensions + 1) * sizeof *extensions);
    extensions[nextensions++] = (struct extension){ name, init };
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
VALUE vm_run_file(const char *path, bool wrap)
{
    (void)wrap;
    VALUE src = read_file(path);
    struct parse_error err;
    VALUE script = vm_parse_main(RSTRING_PTR(src), (size_t)RSTRING_LEN(src), path, 1, PARSE_FILE, &err);
    GC_GUARD(src);
    if (!script) exc_raise_str(vm.c.SyntaxError, str_new_cstr(err.message));
    return vm_run_script(script, vm.top_self, vm.top_cref, NULL, NULL, FRAME_TOP);
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The file a feature names, as a new String, or nil. */
static VALUE find_feature(const char *feature)
{
    bool explicit_path = feature[0] == '/' || strncmp(feature, "./", 2) == 0 || strncmp(feature, "../", 3) == 0;
    const char *suffix = has_suffix(feature, ".rb") ? "" : ".rb";
    if (explicit_path) {
        VALUE p = str_new_fmt("%s%s", feature, suffix);
        return is_file(RSTRING_PTR(p)) ? p : Qnil;
    }
    for (long i = 0; i < RARRAY_LEN(load_path); i++) {
        VALUE dir = RARRAY_PTR(load_path)[i];
        if (!STRING_P(dir)) continue;
        VALUE p = str_new_fmt("%s/%s%s", RSTRING_PTR(dir), feature, suffix);
        if (is_file(RSTRING_PTR(p))) return p;
    }
    return Qnil;
}

static bool feature_loaded(VALUE name)
{
    for (long i = 0; i < RARRAY_LEN(loaded_features); i++)
        if (str_equal(RARRAY_PTR(loaded_features)[i], name)) return true;
    return false;
}

/* A file being required.  Other threads requiring it wait until it is
   loaded, as 1.8.7's load_lock made them, instead of seeing it half done;
   the loading thread requiring it again from inside gets false (a
   circular require).  The record lives on the loading thread's stack. */
struct loading {
    VALUE path;
    VALUE thread;
    struct waitq done;
    struct loading *next;
};
static struct loading *loading;

static struct loading *loading_of(VALUE path)
{
    for (struct loading *l = loading; l; l = l->next)
        if (str_equal(l->path, path)) return l;
    return NULL;
}

/* Wait while another thread loads path; true if this thread loads it. */
static bool wait_for_loading(VALUE path)
{
    struct loading *l;
    while ((l = loading_of(path))) {
        if (l->thread == green_current()) return true;
        green_wait(&l->done, path, -1);
    }
    return false;
}

static VALUE load_body(VALUE path)
{
    vm_run_file(RSTRING_PTR(path), false);
    return Qnil;
}

/* Run the file of a feature not yet loaded.  A load that raises takes the
   feature out of $" again, so that a later require tries again (1.8.7). */
static void load_feature(VALUE path)
{
    struct loading l = { path, green_current(), { NULL, NULL }, loading };
    loading = &l;
    ary_push(loaded_features, path);
    int state;
    vm_protect(load_body, path, &state);
    for (struct loading **p = &loading; *p; p = &(*p)->next)
        if (*p == &l) { *p = l.next; break; }
    waitq_broadcast(&l.done);
    if (state) {
        ary_delete(loaded_features, path);
        vm_jump_state(state);
    }
}

bool vm_require(const char *feature)
{
    for (size_t i = 0; i < nextensions; i++) {
        if (strcmp(extensions[i].name, feature) != 0) continue;
        VALUE so = str_new_fmt("%s.so", feature);
        if (feature_loaded(so)) return false;
        ary_push(loaded_features, so);
        extensions[i].init();
        return true;
    }
    VALUE path = find_feature(feature);
    if (NIL_P(path)) exc_raise(vm.c.LoadError, "no such file to load -- %s", feature);
    if (wait_for_loading(path) || feature_loaded(path)) return false;
    load_feature(path);
    return true;
}

/* An extension's Ruby half: required when the library has it, so that the
   C half still loads from a build whose lib/ has gone. */
bool vm_require_optional(const char *feature)
{
    return !NIL_P(find_feature(feature)) && vm_require(feature);
}

static VALUE k_require(VALUE self, int argc, const VALUE *argv)
{
    VALUE name = conv_to_str(argv[0]);
    return BOOL2V(vm_require(RSTRING_PTR(name)));
}

static VALUE k_load(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    VALUE name = conv_to_str(argv[0]);
    const char *path = RSTRING_PTR(name);
    if (!is_file(path)) {
        VALUE found = find_feature(path);
        if (NIL_P(found) || !has_suffix(path, ".rb")) {
            for (long i = 0; NIL_P(found) && i < RARRAY_LEN(load_path); i++) {
                VALUE p = str_new_fmt("%s/%s", RSTRING_PTR(RARRAY_PTR(load_path)[i]), path);
                if (is_file(RSTRING_PTR(p))) found = p;
            }
        }
        if (NIL_P(found)) exc_raise(vm.c.LoadError, "no such file to load -- %s", path);
        path = RSTRING_PTR(found);
        name = found;
    }
    vm_run_file(path, argc > 1 && RTEST(argv[1]));
    GC_GUARD(name);
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
