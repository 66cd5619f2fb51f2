/* idtab.h: an insertion-ordered map from ID to VALUE, for method tables,
   constants, instance-variable indexes and globals. */
#ifndef MR_IDTAB_H
#define MR_IDTAB_H

#include "ruby/value.h"

struct idtab_entry { ID key; VALUE val; };
struct idtab {
    struct idtab_entry *entries;  /* insertion order; key 0 = deleted */
    uint32_t *index;              /* open addressing: entry number + 1, 0 empty */
    uint32_t count, used, capa;   /* live entries, used entries, capacity */
    uint32_t nindex;              /* power of two */
};

struct idtab *idtab_new(void);
void idtab_free(struct idtab *t);
bool idtab_lookup(const struct idtab *t, ID key, VALUE *val);
void idtab_insert(struct idtab *t, ID key, VALUE val);
bool idtab_delete(struct idtab *t, ID key, VALUE *val);
struct idtab *idtab_copy(const struct idtab *t);
void idtab_mark(const struct idtab *t);   /* gc_mark every value */

/* (a table with no entries yet has entries == NULL: NULL + 0 is undefined) */
#define IDTAB_FOREACH(t, e) \
    for (struct idtab_entry *e = (t) ? (t)->entries : NULL; e && e < (t)->entries + (t)->used; e++) \
        if (e->key)

#endif
