/* fuzz_parse.c: libFuzzer harness for the parser alone.
 *
 * Each input is parsed as a program (parse_program) and, when it parses,
 * its tree is printed by node_dump into a sink that discards the text, so
 * that every node the parser builds is also walked.  Nothing but the lexer,
 * parser, symbol table and arena is linked: a crash here is the parser's.
 * Built by `make fuzz` (test/hardening.mk); run as
 *   fuzz-build/fuzz_parse -jobs=1 fuzz-corpus     (seeds: make fuzz-corpus)
 */
#include <stddef.h>
#include <stdint.h>
#include "parse/node.h"
#include "ruby/symbol.h"

static volatile unsigned char sink;

static void discard(void *ctx, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) sink += (unsigned char)s[i];   /* ASan checks every byte */
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    sym_init();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena *a = arena_new();
    struct parse_error err;
    struct node_program *prog = parse_program(a, (const char *)data, size, "fuzz.rb", 1, NULL, &err);
    if (prog) {
        struct dump_sink sink = { discard, NULL };
        node_dump(&prog->h, &sink);
    }
    arena_free(a);
    return 0;
}
