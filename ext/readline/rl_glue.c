/* rl_glue.c: GNU readline behind the small interface of rl_glue.h.
 *
 * Reading: readline's callback ("alternate") interface.  The line handler
 * is installed, then we loop: wait for the terminal with green_wait_fd()
 * (other green threads run meanwhile), feed one byte to readline with
 * rl_callback_read_char(), until the handler has a line or end of input.
 * The wait has a short timeout so that a prompt taken off the screen by
 * another thread's output is drawn again soon after that output.
 *
 * Signals stay the interpreter's: readline catches none (rl_catch_signals
 * = 0), Ctrl-C reaches signal.c, which raises Interrupt in the main thread
 * at its next safe point, here the wait.  Before anything propagates out
 * of rlg_readline() the terminal is given back (handler removed).
 *
 * Background output: interp/os/io.c calls io_tty_write_hook before writing
 * to fd 1 or 2.  While a prompt is up (and readline itself is not running)
 * the hook clears the visible line; the reader's loop redraws prompt and
 * partial line when it next wakes, on a fresh line if the output did not
 * end with one.  Output written through C stdio (rare: warnings written
 * by the interpreter itself) is not seen by the hook.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <readline/readline.h>
#include <readline/history.h>
#include "ruby.h"
#include "ruby/green.h"
#include "rl_glue.h"

#define REDRAW_DELAY 0.05   /* seconds between looks at a hidden prompt */

static struct {
    bool initialized;
    bool busy;              /* a thread is in rlg_readline */
    VALUE reader;           /* that thread */
    bool active;            /* the callback handler is installed: a prompt is up */
    bool in_readline;       /* inside rl_callback_read_char (completion may run Ruby) */
    bool hidden;            /* the prompt was cleared for other output */
    char last_out;          /* last byte written to the terminal while hidden */
    bool done;              /* the line handler was called */
    char *line;             /* what it got */
    int abort_state;        /* rlg_abort(): jump to resume after cleanup */
    const struct rlg_options *opt;
    char rl_last;           /* last byte readline wrote */
    volatile sig_atomic_t resized;
} G;

/* ------------------------------------------------------------ readline's output */
/* Readline writes through this stream so that we know whether it left
   the cursor at the start of a line (it does or not at end of input,
   depending on the terminal and the bracketed-paste setting). */
static ssize_t out_write(void *cookie, const char *buf, size_t n)
{
    int fd = *(int *)cookie;
    size_t off = 0;
    while (off < n) {
        ssize_t w = write(fd, buf + off, n - off);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0 && errno == EAGAIN) {
            struct pollfd p = { fd, POLLOUT, 0 };
            poll(&p, 1, 100);
            continue;
        }
        if (w <= 0) return off ? (ssize_t)off : -1;
        off += (size_t)w;
    }
    if (n) G.rl_last = buf[n - 1];
    return (ssize_t)n;
}

static void open_output(void)
{
    static int fd;
    fd = fileno(stdout);
    cookie_io_functions_t fns = { .write = out_write };
    FILE *f = fopencookie(&fd, "w", fns);
    if (f) rl_outstream = f;
}

/* ------------------------------------------------------------ the screen */
static void on_tty_write(int fd, const char *buf, long len)
{
    if (!G.active || G.in_readline || len <= 0) return;
    if (!G.hidden) {
        if (!isatty(fd)) return;
        rl_clear_visible_line();
        fflush(rl_outstream);
        G.hidden = true;
    }
    G.last_out = buf[len - 1];
}

static void show_again(void)
{
    G.hidden = false;
    if (G.last_out != '\n') fputc('\n', rl_outstream);
    rl_forced_update_display();
    fflush(rl_outstream);
}

static void on_sigwinch(int sig)
{
    G.resized = 1;
}

/* The process may end while a prompt is up (exit from another thread):
   give the terminal back. */
static void restore_terminal(void)
{
    if (G.active) rl_callback_handler_remove();
    G.active = false;
}

/* ------------------------------------------------------------ completion */
static char **candidates;   /* from the completer, handed out by next_candidate */
static int ncandidate;

static char *next_candidate(const char *text, int state)
{
    if (state == 0) ncandidate = 0;
    if (!candidates || !candidates[ncandidate]) return NULL;
    return candidates[ncandidate++];
}

static char **attempt_completion(const char *text, int start, int end)
{
    rl_attempted_completion_over = 1;      /* never fall back to file names */
    rl_completion_append_character = G.opt ? G.opt->append_char : ' ';
    if (!G.opt || !G.opt->complete) return NULL;
    candidates = G.opt->complete(text, start, end);
    if (!candidates) return NULL;
    /* rl_completion_matches takes ownership of each string it is given */
    char **matches = rl_completion_matches(text, next_candidate);
    for (int i = ncandidate; candidates[i]; i++) free(candidates[i]);
    free(candidates);
    candidates = NULL;
    return matches;
}

void rlg_abort(int state)
{
    if (!G.abort_state) G.abort_state = state;
}

const char *rlg_line_buffer(void) { return rl_line_buffer ? rl_line_buffer : ""; }
const char *rlg_version(void) { return rl_library_version; }

/* ------------------------------------------------------------ reading */
static void on_line(char *line)
{
    G.line = line;
    G.done = true;
    rl_callback_handler_remove();   /* cooked terminal while the line runs */
    G.active = false;
    if (!line && G.rl_last != '\n') fputc('\n', rl_outstream);   /* end of input: leave a clean line */
    fflush(rl_outstream);
}

static void feed_readline(void)
{
    if (G.resized) {
        G.resized = 0;
        rl_resize_terminal();
    }
    G.in_readline = true;
    rl_callback_read_char();
    G.in_readline = false;
}

static VALUE read_loop(VALUE unused)
{
    int fd = fileno(rl_instream);
    while (!G.done && !G.abort_state) {
        /* a signal that came while readline ran has not interrupted any
           wait: deliver it now (Ctrl-C must not wait for the next key) */
        if (vm_interrupt_pending()) vm_check_interrupts();
        int ready = green_wait_fd(fd, POLLIN, REDRAW_DELAY);
        if (G.hidden) show_again();
        if (ready) feed_readline();
    }
    if (G.abort_state) vm_jump_state(G.abort_state);
    return Qnil;
}

/* Leaving in the middle of a line: forget it, end the screen line. */
static void abandon_line(int state)
{
    if (!G.active) return;
    if (G.hidden) show_again();
    rl_point = rl_end;
    rl_redisplay();
    rl_free_line_state();
    rl_callback_sigcleanup();
    rl_callback_handler_remove();
    G.active = false;
    bool interrupt = state == TAG_RAISE && obj_is_kind_of(vm_errinfo(), core_classes->Interrupt);
    fputs(interrupt ? "^C\n" : "\n", rl_outstream);
    fflush(rl_outstream);
}

char *rlg_readline(const char *prompt, const struct rlg_options *opt)
{
    rlg_init();
    io_flush_all();
    if (G.busy && G.reader == green_current())     /* from a completion proc or a trap handler */
        exc_raise(core_classes->ThreadError, "readline called while reading a line");
    while (G.busy) green_sleep(REDRAW_DELAY);
    G.busy = true;
    G.reader = green_current();
    G.opt = opt;
    G.done = false;
    G.line = NULL;
    G.hidden = false;
    G.abort_state = 0;
    rl_completer_word_break_characters = opt && opt->word_break ? opt->word_break : rl_basic_word_break_characters;
    rl_callback_handler_install(prompt, on_line);
    G.active = true;
    int state;
    vm_protect(read_loop, Qnil, &state);
    G.busy = false;
    G.opt = NULL;
    if (state) {
        abandon_line(state);
        free(G.line);
        G.line = NULL;
        vm_jump_state(state);
    }
    char *line = G.line;
    G.line = NULL;
    return line;
}

/* ------------------------------------------------------------ history */
void rlg_history_add(const char *line) { add_history(line); }
int rlg_history_length(void) { return history_length; }

const char *rlg_history_get(int i)
{
    HIST_ENTRY *e = i >= 0 && i < history_length ? history_get(history_base + i) : NULL;
    return e ? e->line : NULL;
}

bool rlg_history_set(int i, const char *line)
{
    if (i < 0 || i >= history_length) return false;
    HIST_ENTRY *old = replace_history_entry(i, line, NULL);
    if (old) free_history_entry(old);
    return true;
}

char *rlg_history_remove(int i)
{
    if (i < 0 || i >= history_length) return NULL;
    HIST_ENTRY *e = remove_history(i);
    if (!e) return NULL;
    char *line = strdup(e->line);
    free_history_entry(e);
    return line;
}

void rlg_history_clear(void) { clear_history(); }
void rlg_history_limit(int max) { stifle_history(max); }

void rlg_history_load(const char *path)
{
    read_history(path);   /* a missing file is an empty history */
}

void rlg_history_append_last(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0600);   /* append_history needs the file */
    if (fd < 0) return;
    close(fd);
    append_history(1, path);
}

void rlg_history_truncate(const char *path, int max) { history_truncate_file(path, max); }

/* ------------------------------------------------------------ set-up */
void rlg_init(void)
{
    if (G.initialized) return;
    G.initialized = true;
    rl_readline_name = "miniruby";
    rl_catch_signals = 0;          /* SIGINT belongs to the interpreter (signal.c) */
    rl_catch_sigwinch = 0;
    rl_change_environment = 0;     /* leave LINES and COLUMNS out of ENV */
    rl_attempted_completion_function = attempt_completion;
    using_history();
    open_output();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigwinch;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGWINCH, &sa, NULL);
    io_tty_write_hook = on_tty_write;
    atexit(restore_terminal);
}
