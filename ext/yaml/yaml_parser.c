/* yaml_parser.c: YAML::LibYAML::Parser, libyaml's event parser for
 * lib/yaml.rb (require 'yaml/libyaml').
 *
 *   Parser.new(str)   a parser over a copy of str
 *   parser.next_event the next event as an Array, nil after the stream:
 *     [:stream_start] [:stream_end] [:document_start, implicit]
 *     [:document_end, implicit] [:alias, anchor, line]
 *     [:scalar, value, anchor, tag, plain_implicit, quoted_implicit,
 *      style, line, raw]  (style :plain :single_quoted :double_quoted
 *                      :literal :folded; raw: see syck_escapes)
 *     [:sequence_start, anchor, tag, implicit, style, line]  [:sequence_end]
 *     [:mapping_start, anchor, tag, implicit, style, line]   [:mapping_end]
 *     (anchor and tag nil when absent, line 1-based, style :block/:flow)
 *
 *   parser.error_offset  the byte offset of the last syntax error, or nil
 *
 * A syntax error raises ArgumentError "syntax error on line N, col M:
 * `text of the line'", as Ruby 1.8.7's Syck parser did (here the line is
 * counted from 1).  libyaml reads UTF-8 only: input that is not valid
 * UTF-8 is read as Latin-1 (each byte a character) and the strings of
 * the events are turned back into the original bytes, so any bytes load.
 */
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "ruby.h"

void yaml_parser_class_init(VALUE mLibYAML);

struct parser {
    yaml_parser_t p;
    bool ready;       /* yaml_parser_initialize done */
    bool done;        /* the stream ended or failed */
    bool latin1;      /* the input was widened from Latin-1 */
    VALUE input;      /* what libyaml reads (GC-owned, never changed) */
    long err_byte;    /* byte offset of the last syntax error, or -1 */
    size_t cur_char;  /* a character index of the input ... */
    long cur_byte;    /* ... and its byte offset: marks count characters */
};

static void parser_mark(void *ptr) { gc_mark(((struct parser *)ptr)->input); }

static void parser_free(void *ptr)
{
    struct parser *ps = ptr;
    if (ps->ready) yaml_parser_delete(&ps->p);
    free(ps);
}

static const struct data_type parser_type = { "YAML::LibYAML::Parser", parser_mark, parser_free, NULL };

static VALUE parser_alloc(VALUE klass)
{
    struct parser *ps = xcalloc(1, sizeof *ps);
    ps->input = Qnil;
    return data_new(klass, &parser_type, ps);
}

/* ------------------------------------------------------------ encodings */
/* Length of the UTF-8 character at p (n bytes left), 0 if invalid. */
static int utf8_len(const unsigned char *p, long n)
{
    int len = p[0] < 0x80 ? 1 : (p[0] & 0xe0) == 0xc0 ? 2 : (p[0] & 0xf0) == 0xe0 ? 3
            : (p[0] & 0xf8) == 0xf0 ? 4 : 0;
    if (len == 0 || len > n) return 0;
    for (int i = 1; i < len; i++)
        if ((p[i] & 0xc0) != 0x80) return 0;
    if (len == 2 && p[0] < 0xc2) return 0;                      /* overlong */
    if (len == 3 && p[0] == 0xe0 && p[1] < 0xa0) return 0;
    if (len == 4 && (p[0] > 0xf4 || (p[0] == 0xf0 && p[1] < 0x90))) return 0;
    return len;
}

static bool valid_utf8(const char *s, long n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (long i = 0; i < n;) {
        int l = utf8_len(p + i, n - i);
        if (!l) return false;
        i += l;
    }
    return true;
}

static VALUE latin1_to_utf8(VALUE str)
{
    const unsigned char *p = (const unsigned char *)RSTRING_PTR(str);
    long n = RSTRING_LEN(str);
    VALUE out = str_new_capa(n * 2);
    for (long i = 0; i < n; i++) {
        char c[2] = { (char)(0xc0 | p[i] >> 6), (char)(0x80 | (p[i] & 0x3f)) };
        if (p[i] < 0x80) str_cat(out, (const char *)p + i, 1);
        else str_cat(out, c, 2);
    }
    return out;
}

/* A string of the event, back in the input's bytes. */
static VALUE event_str(struct parser *ps, const unsigned char *s, size_t n)
{
    if (!ps->latin1) return str_new((const char *)s, (long)n);
    VALUE out = str_new_capa((long)n);
    for (size_t i = 0; i < n; i++) {
        char c = (char)s[i];
        if (s[i] >= 0xc0 && i + 1 < n) {
            c = (char)((s[i] & 0x03) << 6 | (s[i + 1] & 0x3f));
            i++;
        }
        str_cat(out, &c, 1);
    }
    return out;
}

static VALUE opt_str(struct parser *ps, const yaml_char_t *s)
{
    return s ? event_str(ps, s, strlen((const char *)s)) : Qnil;
}

/* ------------------------------------------------------------ errors */
/* The 1-based line and the 0-based column of a failure. */
static void error_position(struct parser *ps, long *line, long *col)
{
    if (ps->p.error == YAML_READER_ERROR) {
        const char *s = RSTRING_PTR(ps->input);
        long off = (long)ps->p.problem_offset, start = 0;
        *line = 1;
        for (long i = 0; i < off && i < RSTRING_LEN(ps->input); i++)
            if (s[i] == '\n') {
                (*line)++;
                start = i + 1;
            }
        *col = off - start;
        return;
    }
    *line = (long)ps->p.problem_mark.line + 1;
    *col = (long)ps->p.problem_mark.column;
}

/* The text of line number line (1-based) of the input. */
static VALUE line_text(struct parser *ps, long line)
{
    const char *s = RSTRING_PTR(ps->input), *end = s + RSTRING_LEN(ps->input);
    for (long l = 1; l < line && s < end; l++) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        s = nl ? nl + 1 : end;
    }
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    return event_str(ps, (const unsigned char *)s, (size_t)((nl ? nl : end) - s));
}

static long byte_offset(struct parser *ps, size_t idx);

NORETURN static void parse_error(struct parser *ps)
{
    long line, col;
    error_position(ps, &line, &col);
    ps->err_byte = ps->p.error == YAML_READER_ERROR ? (long)ps->p.problem_offset
                                                    : byte_offset(ps, ps->p.problem_mark.index);
    VALUE text = line_text(ps, line);
    ps->done = true;
    exc_raise(core_classes->ArgumentError, "syntax error on line %ld, col %ld: `%s'", line, col, RSTRING_PTR(text));
}

/* ------------------------------------------------------------ events */
static VALUE sym(const char *s) { return sym_to_value(s); }

static VALUE scalar_style(yaml_scalar_style_t st)
{
    switch (st) {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: return sym("single_quoted");
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return sym("double_quoted");
    case YAML_LITERAL_SCALAR_STYLE: return sym("literal");
    case YAML_FOLDED_SCALAR_STYLE: return sym("folded");
    default: return sym("plain");
    }
}

static VALUE line_of(const yaml_event_t *ev) { return int_new((long)ev->start_mark.line + 1); }

/* Byte offset of character index idx of the input (marks count
   characters); events come in order, so the scan moves forward. */
static long byte_offset(struct parser *ps, size_t idx)
{
    const unsigned char *p = (const unsigned char *)RSTRING_PTR(ps->input);
    long n = RSTRING_LEN(ps->input);
    if (idx < ps->cur_char) {
        ps->cur_char = 0;
        ps->cur_byte = 0;
    }
    while (ps->cur_char < idx && ps->cur_byte < n) {
        int l = utf8_len(p + ps->cur_byte, n - ps->cur_byte);
        ps->cur_byte += l ? l : 1;
        ps->cur_char++;
    }
    return ps->cur_byte;
}

/* The source text of a double-quoted scalar that has \x escapes of
   bytes >= 0x80: Syck read those as bytes, libyaml as characters, so
   lib/yaml.rb decodes such a scalar again.  nil for the others. */
static VALUE syck_escapes(struct parser *ps, const yaml_event_t *ev)
{
    if (ev->data.scalar.style != YAML_DOUBLE_QUOTED_SCALAR_STYLE) return Qnil;
    long from = byte_offset(ps, ev->start_mark.index);
    long to = byte_offset(ps, ev->end_mark.index);
    const char *p = RSTRING_PTR(ps->input);
    for (long i = from; i + 2 < to; i++) {
        if (p[i] == '\\' && p[i + 1] == 'x' && strchr("89abcdefABCDEF", p[i + 2]))
            return event_str(ps, (const unsigned char *)p + from, (size_t)(to - from));
        if (p[i] == '\\') i++;
    }
    return Qnil;
}

static VALUE scalar_event(struct parser *ps, const yaml_event_t *ev)
{
    VALUE a = ary_new_capa(8);
    ary_push(a, sym("scalar"));
    ary_push(a, event_str(ps, ev->data.scalar.value, ev->data.scalar.length));
    ary_push(a, opt_str(ps, ev->data.scalar.anchor));
    ary_push(a, opt_str(ps, ev->data.scalar.tag));
    ary_push(a, BOOL2V(ev->data.scalar.plain_implicit));
    ary_push(a, BOOL2V(ev->data.scalar.quoted_implicit));
    ary_push(a, scalar_style(ev->data.scalar.style));
    ary_push(a, line_of(ev));
    ary_push(a, syck_escapes(ps, ev));
    return a;
}

static VALUE collection_event(struct parser *ps, const char *kind, const yaml_char_t *anchor,
                              const yaml_char_t *tag, int implicit, bool flow, const yaml_event_t *ev)
{
    return ary_new_of(6, sym(kind), opt_str(ps, anchor), opt_str(ps, tag), BOOL2V(implicit),
                      sym(flow ? "flow" : "block"), line_of(ev));
}

static VALUE event_to_ary(struct parser *ps, const yaml_event_t *ev)
{
    switch (ev->type) {
    case YAML_STREAM_START_EVENT: return ary_new_of(1, sym("stream_start"));
    case YAML_STREAM_END_EVENT: return ary_new_of(1, sym("stream_end"));
    case YAML_DOCUMENT_START_EVENT:
        return ary_new_of(2, sym("document_start"), BOOL2V(ev->data.document_start.implicit));
    case YAML_DOCUMENT_END_EVENT:
        return ary_new_of(2, sym("document_end"), BOOL2V(ev->data.document_end.implicit));
    case YAML_ALIAS_EVENT:
        return ary_new_of(3, sym("alias"), opt_str(ps, ev->data.alias.anchor), line_of(ev));
    case YAML_SCALAR_EVENT: return scalar_event(ps, ev);
    case YAML_SEQUENCE_START_EVENT:
        return collection_event(ps, "sequence_start", ev->data.sequence_start.anchor, ev->data.sequence_start.tag,
                                ev->data.sequence_start.implicit,
                                ev->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE, ev);
    case YAML_SEQUENCE_END_EVENT: return ary_new_of(1, sym("sequence_end"));
    case YAML_MAPPING_START_EVENT:
        return collection_event(ps, "mapping_start", ev->data.mapping_start.anchor, ev->data.mapping_start.tag,
                                ev->data.mapping_start.implicit,
                                ev->data.mapping_start.style == YAML_FLOW_MAPPING_STYLE, ev);
    case YAML_MAPPING_END_EVENT: return ary_new_of(1, sym("mapping_end"));
    default: return Qnil;
    }
}

/* Making the Array may raise (NoMemoryError): the event is freed anyway. */
struct conversion {
    struct parser *ps;
    yaml_event_t *ev;
};

static VALUE convert_body(VALUE arg)
{
    struct conversion *c = (struct conversion *)arg;
    return event_to_ary(c->ps, c->ev);
}

static VALUE convert_done(VALUE arg)
{
    yaml_event_delete(((struct conversion *)arg)->ev);
    return Qnil;
}

/* ------------------------------------------------------------ methods */
static VALUE parser_initialize(VALUE self, int argc, const VALUE *argv)
{
    struct parser *ps = data_get(self, &parser_type);
    VALUE str = conv_to_str(argv[0]);
    if (ps->ready) yaml_parser_delete(&ps->p);
    ps->ready = ps->done = false;
    ps->cur_char = 0;
    ps->cur_byte = 0;
    ps->err_byte = -1;
    ps->latin1 = !valid_utf8(RSTRING_PTR(str), RSTRING_LEN(str));
    ps->input = ps->latin1 ? latin1_to_utf8(str) : str_new(RSTRING_PTR(str), RSTRING_LEN(str));
    if (!yaml_parser_initialize(&ps->p)) exc_raise(core_classes->NoMemoryError, "failed to allocate memory");
    ps->ready = true;
    yaml_parser_set_input_string(&ps->p, (const unsigned char *)RSTRING_PTR(ps->input),
                                 (size_t)RSTRING_LEN(ps->input));
    return self;
}

static VALUE parser_next_event(VALUE self, int argc, const VALUE *argv)
{
    struct parser *ps = data_get(self, &parser_type);
    if (!ps->ready || ps->done) return Qnil;
    yaml_event_t ev;
    if (!yaml_parser_parse(&ps->p, &ev)) parse_error(ps);
    if (ev.type == YAML_STREAM_END_EVENT) ps->done = true;
    struct conversion c = { ps, &ev };
    return vm_ensure(convert_body, (VALUE)&c, convert_done, (VALUE)&c);
}

/* Where the last syntax error was, as a byte offset of the input (of
   the original bytes unless they were widened from Latin-1). */
static VALUE parser_error_offset(VALUE self, int argc, const VALUE *argv)
{
    struct parser *ps = data_get(self, &parser_type);
    return ps->err_byte < 0 || ps->latin1 ? Qnil : int_new(ps->err_byte);
}

void yaml_parser_class_init(VALUE mLibYAML)
{
    VALUE c = class_define_under(mLibYAML, "Parser", core_classes->Object);
    class_set_allocator(c, parser_alloc);
    define_method(c, "initialize", parser_initialize, 1);
    define_method(c, "next_event", parser_next_event, 0);
    define_method(c, "error_offset", parser_error_offset, 0);
}
