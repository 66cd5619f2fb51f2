/* rl_glue.h: the only door to GNU readline (rl_glue.c).  The REPL
 * (repl.c) and the Readline module (readline_mod.c) go through it.
 *
 * rlg_readline() reads a line through readline's callback interface and
 * waits for the terminal with green_wait_fd(), so only the calling green
 * thread blocks: the others keep running while a prompt is up.  Output of
 * other threads to fd 1/2 takes the prompt and the partial line off the
 * screen; they are drawn again right after (see the IO hook in rl_glue.c).
 *
 * Readline's state is global, so there is one reader at a time; a second
 * thread calling rlg_readline() waits for the first to finish.
 */
#ifndef MR_RL_GLUE_H
#define MR_RL_GLUE_H

#include <stdbool.h>

/* Candidates for completing `text`, the word before the cursor, which
   starts at byte `start` of the line (rlg_line_buffer()).  A malloc'd,
   NULL-terminated array of malloc'd strings, or NULL for none.  Must not
   raise: a completer that fails calls rlg_abort() with the jump state. */
typedef char **(*rlg_completer)(const char *text, int start, int end);

struct rlg_options {
    rlg_completer complete;         /* NULL: no completion */
    int append_char;                /* after a unique completion; 0 for none */
    const char *word_break;         /* characters ending a word; NULL: readline's */
};

void rlg_init(void);
/* Show prompt and read one line.  Returns it malloc'd (without the
   newline) or NULL at end of input.  Ctrl-C arrives as Interrupt from the
   wait: the terminal is put back first, then it propagates, as every
   other exception or jump does. */
char *rlg_readline(const char *prompt, const struct rlg_options *opt);
/* From a completer: end the current rlg_readline() with this jump state
   (vm_protect's) once readline is out of the way. */
void rlg_abort(int state);
const char *rlg_line_buffer(void);
const char *rlg_version(void);             /* "8.2" */

/* History: indices from 0, oldest first. */
void rlg_history_add(const char *line);
int rlg_history_length(void);
const char *rlg_history_get(int i);         /* NULL if out of range */
bool rlg_history_set(int i, const char *line);
char *rlg_history_remove(int i);            /* malloc'd, NULL if out of range */
void rlg_history_clear(void);
void rlg_history_limit(int max);            /* keep at most max entries */
/* The history file: load it, append the newest entry, cut it to max lines. */
void rlg_history_load(const char *path);
void rlg_history_append_last(const char *path);
void rlg_history_truncate(const char *path, int max);

#endif
