/* yaml_emitter.c: YAML::LibYAML::Emitter, libyaml's event emitter for
 * lib/yaml.rb, and the module's initialiser (require 'yaml/libyaml').
 *
 *   Emitter.new                   UTF-8 output, indent 2, no line folding
 *   stream_start stream_end document_start(implicit) document_end(implicit)
 *   scalar(value, anchor, tag, plain_implicit, quoted_implicit, style)
 *   sequence_start(anchor, tag, implicit, style) sequence_end
 *   mapping_start(anchor, tag, implicit, style) mapping_end alias(anchor)
 *   output                        the text emitted since the last call
 *
 * Styles are Symbols (:any :plain :single_quoted :double_quoted :literal
 * :folded for scalars, :any :block :flow for collections); libyaml picks
 * another one when the text cannot be written in the one asked for.
 * Scalars must be UTF-8 (lib/yaml.rb writes other bytes as !binary).
 * The text collects in a malloc'd buffer freed with the emitter, so a
 * failing emit (RuntimeError "YAML emitter: ...") leaks nothing.
 */
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "ruby.h"

void ext_yaml_libyaml_init(void);
void yaml_parser_class_init(VALUE mLibYAML);

struct emitter {
    yaml_emitter_t e;
    bool ready;
    bool failed;
    char *buf;
    size_t len, capa;
};

static void emitter_free(void *ptr)
{
    struct emitter *em = ptr;
    if (em->ready) yaml_emitter_delete(&em->e);
    free(em->buf);
    free(em);
}

static const struct data_type emitter_type = { "YAML::LibYAML::Emitter", NULL, emitter_free, NULL };

/* libyaml's output callback: no Ruby code here, so nothing can raise. */
static int write_out(void *data, unsigned char *bytes, size_t size)
{
    struct emitter *em = data;
    if (em->len + size > em->capa) {
        size_t capa = em->capa ? em->capa : 256;
        while (capa < em->len + size) capa *= 2;
        char *p = realloc(em->buf, capa);
        if (!p) return 0;
        em->buf = p;
        em->capa = capa;
    }
    memcpy(em->buf + em->len, bytes, size);
    em->len += size;
    return 1;
}

static VALUE emitter_alloc(VALUE klass)
{
    struct emitter *em = xcalloc(1, sizeof *em);
    VALUE obj = data_new(klass, &emitter_type, em);
    if (!yaml_emitter_initialize(&em->e)) exc_raise(core_classes->NoMemoryError, "failed to allocate memory");
    em->ready = true;
    yaml_emitter_set_output(&em->e, write_out, em);
    yaml_emitter_set_unicode(&em->e, 1);
    yaml_emitter_set_indent(&em->e, 2);
    yaml_emitter_set_width(&em->e, -1);
    return obj;
}

static struct emitter *get(VALUE self)
{
    struct emitter *em = data_get(self, &emitter_type);
    if (em->failed) exc_raise(core_classes->RuntimeError, "YAML emitter: used after an error");
    return em;
}

/* Emit ev (libyaml owns it from here, even when it fails). */
static VALUE emit(VALUE self, struct emitter *em, yaml_event_t *ev)
{
    if (!yaml_emitter_emit(&em->e, ev)) {
        em->failed = true;
        exc_raise(core_classes->RuntimeError, "YAML emitter: %s", em->e.problem ? em->e.problem : "write error");
    }
    return self;
}

NORETURN static void bad_event(struct emitter *em, const char *what)
{
    exc_raise(core_classes->ArgumentError, "YAML emitter: bad %s", what);
}

/* ------------------------------------------------------------ arguments */
static yaml_char_t *opt_cstr(VALUE v)
{
    return NIL_P(v) ? NULL : (yaml_char_t *)str_cstr(conv_to_str(v));
}

static bool style_is(VALUE style, const char *name)
{
    return SYMBOL_P(style) && !strcmp(sym_name(SYM2ID(style)), name);
}

static yaml_scalar_style_t scalar_style(VALUE style)
{
    if (style_is(style, "plain")) return YAML_PLAIN_SCALAR_STYLE;
    if (style_is(style, "single_quoted")) return YAML_SINGLE_QUOTED_SCALAR_STYLE;
    if (style_is(style, "double_quoted")) return YAML_DOUBLE_QUOTED_SCALAR_STYLE;
    if (style_is(style, "literal")) return YAML_LITERAL_SCALAR_STYLE;
    if (style_is(style, "folded")) return YAML_FOLDED_SCALAR_STYLE;
    return YAML_ANY_SCALAR_STYLE;
}

static bool flow_style(VALUE style) { return style_is(style, "flow"); }

/* ------------------------------------------------------------ events */
static VALUE em_stream_start(VALUE self, int argc, const VALUE *argv)
{
    struct emitter *em = get(self);
    yaml_event_t ev;
    if (!yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING)) bad_event(em, "stream start");
    return emit(self, em, &ev);
}

static VALUE em_stream_end(VALUE self, int argc, const VALUE *argv)
{
    struct emitter *em = get(self);
    yaml_event_t ev;
    if (!yaml_stream_end_event_initialize(&ev)) bad_event(em, "stream end");
    return emit(self, em, &ev);
}

static VALUE em_document_start(VALUE self, int argc, const VALUE *argv)
{
    struct emitter *em = get(self);
    yaml_event_t ev;
    if (!yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, RTEST(argv[0]))) bad_event(em, "document start");
    return emit(self, em, &ev);
}

static VALUE em_document_end(VALUE self, int argc, const VALUE *argv)
{
    struct emitter *em = get(self);
    yaml_event_t ev;
    if (!yaml_document_end_event_initialize(&ev, RTEST(argv[0]))) bad_event(em, "document end");
    return emit(self, em, &ev);
}

static VALUE em_scalar(VALUE self, int argc, const VALUE *argv)
{
    struct emitter *em = get(self);
    VALUE value = conv_to_str(argv[0]);
    yaml_char_t *anchor = opt_cstr(argv[1]), *tag = opt_cstr(argv[2]);
    yaml_event_t ev;
    if (!yaml_scalar_event_initialize(&ev, anchor, tag, (yaml_char_t *)RSTRING_PTR(value), (int)RSTRING_LEN(value),
                                      RTEST(argv[3]), RTEST(argv[4]), scalar_style(argv[5])))
        bad_event(em, "scalar (not UTF-8?)");
    GC_GUARD(value);
    GC_GUARD(argv[1]);
    GC_GUARD(argv[2]);
    return emit(self, em, &ev);
}

static VALUE em_sequence_start(VALUE self, int argc, const VALUE *argv)
{
    struct emitter *em = get(self);
    yaml_event_t ev;
    if (!yaml_sequence_start_event_initialize(&ev, opt_cstr(argv[0]), opt_cstr(argv[1]), RTEST(argv[2]),
                                              flow_style(argv[3]) ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE))
        bad_event(em, "sequence start");
    return emit(self, em, &ev);
}

static VALUE em_sequence_end(VALUE self, int argc, const VALUE *argv)
{
    struct emitter *em = get(self);
    yaml_event_t ev;
    if (!yaml_sequence_end_event_initialize(&ev)) bad_event(em, "sequence end");
    return emit(self, em, &ev);
}

static VALUE em_mapping_start(VALUE self, int argc, const VALUE *argv)
{
    struct emitter *em = get(self);
    yaml_event_t ev;
    if (!yaml_mapping_start_event_initialize(&ev, opt_cstr(argv[0]), opt_cstr(argv[1]), RTEST(argv[2]),
                                             flow_style(argv[3]) ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE))
        bad_event(em, "mapping start");
    return emit(self, em, &ev);
}

static VALUE em_mapping_end(VALUE self, int argc, const VALUE *argv)
{
    struct emitter *em = get(self);
    yaml_event_t ev;
    if (!yaml_mapping_end_event_initialize(&ev)) bad_event(em, "mapping end");
    return emit(self, em, &ev);
}

static VALUE em_alias(VALUE self, int argc, const VALUE *argv)
{
    struct emitter *em = get(self);
    yaml_event_t ev;
    if (!yaml_alias_event_initialize(&ev, (yaml_char_t *)str_cstr(conv_to_str(argv[0])))) bad_event(em, "alias");
    return emit(self, em, &ev);
}

static VALUE em_output(VALUE self, int argc, const VALUE *argv)
{
    struct emitter *em = get(self);
    if (!yaml_emitter_flush(&em->e)) {
        em->failed = true;
        exc_raise(core_classes->RuntimeError, "YAML emitter: %s", em->e.problem ? em->e.problem : "write error");
    }
    VALUE out = str_new(em->buf, (long)em->len);
    em->len = 0;
    return out;
}

/* ------------------------------------------------------------ init */
void ext_yaml_libyaml_init(void)
{
    VALUE mYAML = module_define("YAML");
    VALUE m = module_define_under(mYAML, "LibYAML");
    define_const(m, "VERSION", str_new_frozen(str_new_cstr(yaml_get_version_string())));
    yaml_parser_class_init(m);
    VALUE c = class_define_under(m, "Emitter", core_classes->Object);
    class_set_allocator(c, emitter_alloc);
    define_method(c, "stream_start", em_stream_start, 0);
    define_method(c, "stream_end", em_stream_end, 0);
    define_method(c, "document_start", em_document_start, 1);
    define_method(c, "document_end", em_document_end, 1);
    define_method(c, "scalar", em_scalar, 6);
    define_method(c, "sequence_start", em_sequence_start, 4);
    define_method(c, "sequence_end", em_sequence_end, 0);
    define_method(c, "mapping_start", em_mapping_start, 4);
    define_method(c, "mapping_end", em_mapping_end, 0);
    define_method(c, "alias", em_alias, 1);
    define_method(c, "output", em_output, 0);
}
