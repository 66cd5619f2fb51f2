/* idtab.c: ordered ID -> VALUE map (entry array plus open-addressed index). */
#include <stdlib.h>
#include <string.h>
#include "idtab.h"
#include "ruby.h"

static inline uint32_t id_hash(ID id) { return id * 2654435761u; }

struct idtab *idtab_new(void)
{
    return xcalloc(1, sizeof(struct idtab));
}

void idtab_free(struct idtab *t)
{
    if (!t) return;
    free(t->entries);
    free(t->index);
    free(t);
}

static uint32_t *find_slot(const struct idtab *t, ID key)
{
    uint32_t mask = t->nindex - 1;
    for (uint32_t i = id_hash(key) & mask;; i = (i + 1) & mask) {
        uint32_t e = t->index[i];
        if (e == 0 || t->entries[e - 1].key == key) return &t->index[i];
    }
}

bool idtab_lookup(const struct idtab *t, ID key, VALUE *val)
{
    if (!t || !t->count) return false;
    uint32_t e = *find_slot(t, key);
    if (!e) return false;
    if (val) *val = t->entries[e - 1].val;
    return true;
}

static void rebuild(struct idtab *t, uint32_t capa)
{
    /* compact deleted entries, then re-index */
    uint32_t j = 0;
    for (uint32_t i = 0; i < t->used; i++)
        if (t->entries[i].key) t->entries[j++] = t->entries[i];
    t->used = j;
    t->capa = capa;
    t->entries = xrealloc(t->entries, capa * sizeof(struct idtab_entry));
    free(t->index);
    t->nindex = 8;
    while (t->nindex < capa * 2) t->nindex *= 2;
    t->index = xcalloc(t->nindex, sizeof(uint32_t));
    for (uint32_t i = 0; i < t->used; i++)
        *find_slot(t, t->entries[i].key) = i + 1;
}

void idtab_insert(struct idtab *t, ID key, VALUE val)
{
    if (t->count) {
        uint32_t e = *find_slot(t, key);
        if (e) { t->entries[e - 1].val = val; return; }
    }
    if (t->used >= t->capa) rebuild(t, t->count * 2 > 4 ? t->count * 2 : 4);
    t->entries[t->used] = (struct idtab_entry){ key, val };
    *find_slot(t, key) = ++t->used;
    t->count++;
}

bool idtab_delete(struct idtab *t, ID key, VALUE *val)
{
    if (!t || !t->count) return false;
    uint32_t *slot = find_slot(t, key);
    if (!*slot) return false;
    struct idtab_entry *e = &t->entries[*slot - 1];
    if (val) *val = e->val;
    e->key = 0;
    t->count--;
    rebuild(t, t->capa);   /* deletions are rare: keep probing simple */
    return true;
}

struct idtab *idtab_copy(const struct idtab *t)
{
    struct idtab *c = idtab_new();
    if (t) IDTAB_FOREACH(t, e) idtab_insert(c, e->key, e->val);
    return c;
}

void idtab_mark(const struct idtab *t)
{
    if (t) IDTAB_FOREACH(t, e) gc_mark(e->val);
}
