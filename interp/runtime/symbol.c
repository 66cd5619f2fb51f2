/* symbol.c: interning of names into IDs (open addressing, FNV-1a). */
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "ruby/symbol.h"
#include "ruby/util.h"

struct sym_entry {
    const char *name;
    size_t len;
};

static struct {
    struct sym_entry *names;   /* by ID; names[0] unused */
    size_t count, capa;
    uint32_t *slots;           /* hash slots holding IDs, 0 = empty */
    size_t nslots;             /* power of two */
} symtab;

static uint32_t name_hash(const char *s, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= 16777619u;
    }
    return h;
}

static void slots_insert(ID id)
{
    const struct sym_entry *e = &symtab.names[id];
    size_t mask = symtab.nslots - 1;
    size_t i = name_hash(e->name, e->len) & mask;
    while (symtab.slots[i]) i = (i + 1) & mask;
    symtab.slots[i] = id;
}

static void slots_grow(void)
{
    free(symtab.slots);
    symtab.nslots = symtab.nslots ? symtab.nslots * 2 : 1024;
    symtab.slots = xcalloc(symtab.nslots, sizeof(uint32_t));
    for (size_t id = 1; id <= symtab.count; id++) slots_insert((ID)id);
}

ID sym_find(const char *name, size_t len)
{
    if (!symtab.nslots) return 0;
    size_t mask = symtab.nslots - 1;
    for (size_t i = name_hash(name, len) & mask; symtab.slots[i]; i = (i + 1) & mask) {
        const struct sym_entry *e = &symtab.names[symtab.slots[i]];
        if (e->len == len && memcmp(e->name, name, len) == 0) return symtab.slots[i];
    }
    return 0;
}

ID sym_intern(const char *name, size_t len)
{
    ID id = sym_find(name, len);
    if (id) return id;
    if (symtab.count + 1 >= symtab.capa) {
        symtab.capa = symtab.capa ? symtab.capa * 2 : 1024;
        symtab.names = xrealloc(symtab.names, symtab.capa * sizeof(struct sym_entry));
    }
    char *copy = xmalloc(len + 1);
    memcpy(copy, name, len);
    copy[len] = '\0';
    id = (ID)++symtab.count;
    symtab.names[id] = (struct sym_entry){ copy, len };
    if (symtab.count * 2 >= symtab.nslots) slots_grow();
    else slots_insert(id);
    return id;
}

ID sym_intern_cstr(const char *name) { return sym_intern(name, strlen(name)); }

const char *sym_name(ID id) { return id && id <= symtab.count ? symtab.names[id].name : ""; }
size_t sym_len(ID id) { return id && id <= symtab.count ? symtab.names[id].len : 0; }
size_t sym_count(void) { return symtab.count; }

#define SYM_I_BASE 340
long sym_to_i(ID id) { return ((long)id + SYM_I_BASE) * 8; }

ID sym_from_i(long n)
{
    if (n % 8 != 0 || n / 8 <= SYM_I_BASE) return 0;
    long id = n / 8 - SYM_I_BASE;
    return (size_t)id <= symtab.count ? (ID)id : 0;
}

void sym_init(void)
{
    if (symtab.count) return;
    static const char *const predefined[] = {
#define DEF_ID(name, text) text,
#include "ruby/idlist.h"
#undef DEF_ID
    };
    for (size_t i = 0; i < sizeof predefined / sizeof *predefined; i++)
        sym_intern_cstr(predefined[i]);
}

/* 1.8.7 classifies a name by all of its characters: "A-b" is no constant
   name, "@a?" no instance variable name */
static bool ident_char(unsigned char c) { return isalnum(c) || c == '_' || c >= 0x80; }

static bool ident_rest(const char *s)
{
    while (*s && ident_char((unsigned char)*s)) s++;
    return *s == '\0';
}

bool sym_is_const(ID id)
{
    const char *s = sym_name(id);
    return isupper((unsigned char)s[0]) && ident_rest(s + 1);
}

bool sym_is_local(ID id)
{
    const char *s = sym_name(id);
    unsigned char c = (unsigned char)s[0];
    return (islower(c) || c == '_' || c >= 0x80) && ident_rest(s + 1);
}

/* after the @ or @@: no digit first */
static bool var_rest(const char *s) { return !isdigit((unsigned char)*s) && ident_rest(s); }

bool sym_is_ivar(ID id) { const char *s = sym_name(id); return s[0] == '@' && s[1] != '@' && var_rest(s + 1); }
bool sym_is_cvar(ID id) { const char *s = sym_name(id); return s[0] == '@' && s[1] == '@' && var_rest(s + 2); }

bool sym_is_attrset(ID id)
{
    size_t len = sym_len(id);
    const char *s = sym_name(id);
    if (len < 2 || s[len - 1] != '=') return false;
    /* ==, !=, <=, >=, []= are operators, not setters */
    return isalnum((unsigned char)s[len - 2]) || s[len - 2] == '_' || s[len - 2] == '?';
}

ID sym_attrset(ID id)
{
    size_t len = sym_len(id);
    char *buf = xmalloc(len + 2);
    memcpy(buf, sym_name(id), len);
    buf[len] = '=';
    ID r = sym_intern(buf, len + 1);
    free(buf);
    return r;
}
