/* program.c: the program the command line names, as MRI 1.8.7 finds it:
 * the -e lines, a file (looked up in RUBYPATH and PATH with -S), or
 * stdin; its #! line (switches after "ruby", or another interpreter to
 * run instead), -x's search for the #!ruby line; then ARGV with -s's
 * switches taken out, $0, and DATA after __END__.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "ruby/util.h"

static VALUE read_stream(FILE *fp, const char *name)
{
    VALUE buf = str_new_capa(4096);
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) str_cat(buf, chunk, (long)n);
    if (ferror(fp) && errno == EISDIR) cli_fail(1, "%s - %s (Errno::EISDIR)", strerror(errno), name);
    if (ferror(fp)) cli_fail(1, "%s -- %s (LoadError)", strerror(errno), name);
    return buf;
}

static bool is_regular_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* -S: a name without a slash is looked for in RUBYPATH, then PATH. */
static const char *search_script(const char *name)
{
    if (strchr(name, '/')) return name;
    const char *vars[] = { "RUBYPATH", "PATH" };
    for (int v = 0; v < 2; v++) {
        const char *path = getenv(vars[v]);
        for (const char *p = path; p && *p;) {
            const char *end = strchr(p, ':');
            size_t n = end ? (size_t)(end - p) : strlen(p);
            VALUE full = n ? str_new_fmt("%.*s/%s", (int)n, p, name) : str_new_cstr(name);
            if (is_regular_file(RSTRING_PTR(full))) return xstrndup(RSTRING_PTR(full), (size_t)RSTRING_LEN(full));
            p += n + (end != NULL);
        }
    }
    return name;
}

/* The line at off, without its newline. */
static size_t line_len(VALUE src, size_t off)
{
    const char *s = RSTRING_PTR(src) + off;
    size_t left = (size_t)RSTRING_LEN(src) - off;
    const char *eol = memchr(s, '\n', left);
    return eol ? (size_t)(eol - s) : left;
}

static const char *find_in_line(const char *s, size_t len, const char *word)
{
    size_t w = strlen(word);
    for (size_t i = 0; i + w <= len; i++)
        if (memcmp(s + i, word, w) == 0) return s + i;
    return NULL;
}

/* A #! line naming another interpreter: MRI runs that one instead, with
   the rest of the line and miniruby's own arguments. */
static NORETURN void kick_interpreter(const char *line, size_t len, const char *file, char **argv)
{
    char *copy = xmalloc(len + 1);
    memcpy(copy, line + 2, len - 2);
    copy[len - 2] = '\0';
    char *path = copy + strspn(copy, " \t");
    char *args = path + strcspn(path, " \t\r");
    if (*args) *args++ = '\0';
    args += strspn(args, " \t");
    args[strcspn(args, "\r")] = '\0';
    int argc = 0;
    while (argv[argc]) argc++;
    char **nargv = xmalloc(((size_t)argc + 3) * sizeof *nargv);
    int n = 0;
    nargv[n++] = path;
    if (*args) nargv[n++] = args;
    for (int i = 1; i < argc; i++) nargv[n++] = argv[i];
    nargv[n] = NULL;
    io_flush_all();
    execv(path, nargv);
    fprintf(stderr, "%s:1: Can't exec %s (fatal)\n", file, path);
    exit(1);
}

/* The switches of a #! line, after the word that names ruby. */
static void shebang_switches(struct options *o, const char *line, size_t len)
{
    const char *r = find_in_line(line, len, "ruby");
    const char *sw = r ? find_in_line(r, len - (size_t)(r - line), " -") : NULL;
    if (sw) options_parse_words(o, sw + 1, len - (size_t)(sw + 1 - line), FROM_SHEBANG);
}

/* -x: the program starts at the first #! line that names ruby. */
static size_t extract_start(VALUE src, int *line)
{
    size_t off = 0, len = (size_t)RSTRING_LEN(src);
    for (*line = 1; off < len; (*line)++) {
        size_t n = line_len(src, off);
        const char *s = RSTRING_PTR(src) + off;
        if (n >= 2 && s[0] == '#' && s[1] == '!' && find_in_line(s, n, "ruby")) return off;
        off += n + 1;
    }
    cli_fail(1, "no Ruby script found in input (LoadError)");
}

static char **orig_argv;

/* The program's text; *file is its name for messages, *first_line the
   line number it starts at (-x); *base is its offset in the file. */
VALUE program_read(struct options *o, const char **file, int *first_line, long *base, char **argv)
{
    orig_argv = argv;
    *first_line = 1;
    *base = 0;
    if (o->e_code) { *file = "-e"; return o->e_code; }
    VALUE src;
    if (!o->script || strcmp(o->script, "-") == 0) {
        if (o->safe_level > 0) cli_fail(1, "no program input from stdin allowed in tainted mode (SecurityError)");
        *file = "-";
        src = read_stream(stdin, "-");
    } else {
        *file = o->search_path ? search_script(o->script) : o->script;
        FILE *fp = fopen(*file, "rb");
        if (!fp) cli_fail(1, "%s -- %s (LoadError)", strerror(errno), *file);
        src = read_stream(fp, *file);
        fclose(fp);
    }
    size_t off = 0;
    if (o->extract) off = extract_start(src, first_line);
    const char *s = RSTRING_PTR(src) + off;
    size_t n = line_len(src, off);
    if (n >= 2 && s[0] == '#' && s[1] == '!') {
        if (find_in_line(s, n, "ruby")) shebang_switches(o, s, n);
        else if (!o->extract && strcmp(*file, "-") != 0) kick_interpreter(s, n, *file, orig_argv);
    }
    *base = (long)off;
    return off ? str_substr(src, (long)off, RSTRING_LEN(src) - (long)off) : src;
}

/* -s: leading -name and -name=value arguments become globals ($name is
   true or "value", dashes in the name turn into underscores) and leave
   ARGV, up to `--` or the first argument that is not a switch. */
static int sflag_switches(struct options *o)
{
    int i = 0;
    for (; i < o->nrest; i++) {
        const char *a = o->rest[i];
        if (a[0] != '-') break;
        if (strcmp(a, "--") == 0) { i++; break; }
        if (!a[1]) continue;
        const char *eq = strchr(a, '=');
        size_t n = eq ? (size_t)(eq - a - 1) : strlen(a + 1);
        VALUE name = str_new_fmt("$%.*s", (int)n, a + 1);
        for (char *p = RSTRING_PTR(name) + 1; *p; p++)
            if (*p == '-') *p = '_';
        gvar_set(sym_intern_cstr(RSTRING_PTR(name)), eq ? str_new_cstr(eq + 1) : Qtrue);
    }
    return i;
}

void program_set_globals(struct options *o, const char *file)
{
    int skip = o->sflag ? sflag_switches(o) : 0;
    VALUE argv_ary = ary_new();
    /* tainted, as 1.8.7's */
    for (int i = skip; i < o->nrest; i++) ary_push(argv_ary, obj_taint(str_new_cstr(o->rest[i])));
    define_global_const("ARGV", argv_ary);
    gvar_set(sym_intern_cstr("$*"), argv_ary);
    gvar_set(sym_intern_cstr("$0"), obj_taint(str_new_cstr(file)));
    gvar_alias(sym_intern_cstr("$PROGRAM_NAME"), sym_intern_cstr("$0"));
    vm.script_name = file;
}

/* DATA: the program file, open after __END__; for a program read from
   stdin, stdin itself, which reads next what followed __END__ (1.8.7's
   parser reads stdin a line at a time and leaves the rest there). */
void program_define_data(const char *file, long offset, VALUE rest)
{
    if (offset < 0 || strcmp(file, "-e") == 0) return;
    if (strcmp(file, "-") == 0) {
        VALUE in = gvar_get(sym_intern_cstr("$stdin"));
        io_unread(in, RSTRING_PTR(rest), RSTRING_LEN(rest));
        define_global_const("DATA", in);
        return;
    }
    VALUE f = vm_call1(vm.c.File, sym_intern_cstr("open"), str_new_cstr(file));
    vm_call1(f, sym_intern_cstr("seek"), INT2FIX(offset));
    define_global_const("DATA", f);
}
