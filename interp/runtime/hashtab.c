/* hashtab.c: the insertion-ordered VALUE table behind Hash (see hashtab.h).
 *
 * Layout: `ent` holds entries in insertion order, `used` of them filled
 * (live ones and tombstones), `count` live.  Tables of up to SMALL_MAX
 * entries have no index and are scanned linearly (most hashes are small);
 * larger ones have `idx`, 2 * capa slots of entry numbers, probed linearly
 * from a Fibonacci hash of the key's hash, so the index is at most half
 * full and weak hashes (consecutive Fixnums) still spread.
 *
 * `gen` counts the changes that move or remove entries.  A lookup that
 * calls #eql? (Ruby code, which can change the table) checks it afterwards
 * and starts over if it moved.  The struct itself is never replaced while
 * its Hash lives, so a `struct hashtab *` stays valid across Ruby calls.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "hashtab.h"

#define SMALL_MAX 8
#define MIN_CAPA  4
#define EMPTY     UINT32_MAX

struct htab_entry {
    VALUE key;          /* Qundef: deleted */
    VALUE val;
    uint64_t hash;
};

struct hashtab {
    struct htab_entry *ent;
    uint32_t *idx;      /* NULL while capa <= SMALL_MAX */
    long capa, used, count;
    long first;         /* no live entry before this one */
    long pins;          /* iterations in progress: entry numbers must stay */
    unsigned bits;      /* idx has 1 << bits slots */
    uint64_t gen;
};

/* ------------------------------------------------------------ keys */
static uint64_t float_hash(double d)
{
    if (d == 0.0) d = 0.0;          /* -0.0 eql? 0.0 */
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u ^ (u >> 31);
}

/* May run Ruby code (#hash). */
static inline uint64_t key_hash(VALUE key)
{
    if (FLONUM_P(key)) return float_hash(RFLOAT_VALUE(key));
    if (SPECIAL_P(key)) return (uint64_t)key;
    switch (BUILTIN_TYPE(key)) {
    case T_STRING: return (uint64_t)str_hash(key);
    case T_FLOAT: return float_hash(RFLOAT_VALUE(key));
    default: return (uint64_t)obj_hash(key);
    }
}

/* key.eql?(stored), with the fast paths; may run Ruby code. */
static bool keys_eql(VALUE key, VALUE stored)
{
    if (key == stored) return true;
    if (FLONUM_P(key) || FLONUM_P(stored))   /* 0.0 eql? -0.0, a heap Float */
        return FLOAT_P(key) && FLOAT_P(stored) && RFLOAT_VALUE(key) == RFLOAT_VALUE(stored);
    if (SPECIAL_P(key) || SPECIAL_P(stored)) return false;
    switch (BUILTIN_TYPE(key)) {
    case T_STRING:
        return STRING_P(stored) && RSTRING_LEN(key) == RSTRING_LEN(stored) &&
               memcmp(RSTRING_PTR(key), RSTRING_PTR(stored), (size_t)RSTRING_LEN(key)) == 0;
    case T_FLOAT:
        return FLOAT_P(stored) && RFLOAT_VALUE(key) == RFLOAT_VALUE(stored);
    default:
        return obj_eql(key, stored);
    }
}

static inline size_t slot_of_hash(uint64_t h, unsigned bits)
{
    return (size_t)((h * 0x9E3779B97F4A7C15ull) >> (64 - bits));
}

/* ------------------------------------------------------------ finding */
/* Immediate keys but flonums: identity only, no Ruby code. */
static long find_special(const struct hashtab *t, VALUE key, uint64_t h)
{
    if (!t->idx) {
        for (long i = t->first; i < t->used; i++)
            if (t->ent[i].key == key) return i;
        return -1;
    }
    size_t mask = ((size_t)1 << t->bits) - 1;
    for (size_t pos = slot_of_hash(h, t->bits);; pos = (pos + 1) & mask) {
        uint32_t ix = t->idx[pos];
        if (ix == EMPTY) return -1;
        if (t->ent[ix].key == key) return ix;
    }
}

/* Compare key with entry ix; *moved is set if the table changed meanwhile. */
static bool entry_matches(struct hashtab *t, long ix, VALUE key, uint64_t h, bool *moved)
{
    VALUE stored = t->ent[ix].key;
    if (t->ent[ix].hash != h || stored == Qundef) return false;
    uint64_t gen = t->gen;
    bool eq = keys_eql(key, stored);
    if (t->gen != gen) *moved = true;
    return eq;
}

/* The entry number of key (hash h), or -1: keys that may run Ruby code. */
static NOINLINE long find_slow(struct hashtab *t, VALUE key, uint64_t h)
{
    bool moved;
    do {
        moved = false;
        if (!t->idx) {
            for (long i = t->first; i < t->used && !moved; i++)
                if (entry_matches(t, i, key, h, &moved) && !moved) return i;
            continue;
        }
        size_t mask = ((size_t)1 << t->bits) - 1;
        for (size_t pos = slot_of_hash(h, t->bits); !moved; pos = (pos + 1) & mask) {
            uint32_t ix = t->idx[pos];
            if (ix == EMPTY) return -1;
            if (entry_matches(t, ix, key, h, &moved) && !moved) return ix;
        }
    } while (moved);
    return -1;
}

/* Fixnums, Symbols, nil, true, false: inline, a few compares a probe */
static inline long find(struct hashtab *t, VALUE key, uint64_t h)
{
    if (SPECIAL_P(key) && !FLONUM_P(key)) return find_special(t, key, h);
    return find_slow(t, key, h);
}

/* ------------------------------------------------------------ building */
static void index_put(struct hashtab *t, uint32_t ix, uint64_t h)
{
    size_t mask = ((size_t)1 << t->bits) - 1;
    size_t pos = slot_of_hash(h, t->bits);
    while (t->idx[pos] != EMPTY) pos = (pos + 1) & mask;
    t->idx[pos] = ix;
}

static void index_build(struct hashtab *t)
{
    free(t->idx);
    t->idx = NULL;
    if (t->capa <= SMALL_MAX) return;
    unsigned bits = 1;
    while (((long)1 << bits) < t->capa * 2) bits++;
    t->bits = bits;
    size_t n = (size_t)1 << bits;
    t->idx = xmalloc(n * sizeof(uint32_t));
    memset(t->idx, 0xff, n * sizeof(uint32_t));
    gc_malloc_increase(n * sizeof(uint32_t));
    for (long i = 0; i < t->used; i++) index_put(t, (uint32_t)i, t->ent[i].hash);
}

/* Squeeze out tombstones into an array of capa entries and re-index. */
static void resize(struct hashtab *t, long capa)
{
    struct htab_entry *ent = xmalloc((size_t)capa * sizeof *ent);
    long n = 0;
    for (long i = t->first; i < t->used; i++)
        if (t->ent[i].key != Qundef) ent[n++] = t->ent[i];
    free(t->ent);
    gc_malloc_increase((size_t)capa * sizeof *ent);
    t->ent = ent;
    t->capa = capa;
    t->used = t->count = n;
    t->first = 0;
    t->gen++;
    index_build(t);
}

/* A pinned table grows with its entries (and tombstones) where they are. */
static void grow_in_place(struct hashtab *t)
{
    long capa = t->capa ? t->capa * 2 : MIN_CAPA;
    t->ent = xrealloc(t->ent, (size_t)capa * sizeof *t->ent);
    gc_malloc_increase((size_t)(capa - t->capa) * sizeof *t->ent);
    t->capa = capa;
    index_build(t);
}

/* Room for one more entry: grow, or just drop tombstones if they are many. */
static void make_room(struct hashtab *t)
{
    if (t->pins > 0) return grow_in_place(t);
    long want = (t->count + 1) + (t->count + 1) / 2;
    long capa = MIN_CAPA;
    while (capa < want) capa *= 2;
    resize(t, capa);
}

/* ------------------------------------------------------------ public */
struct hashtab *htab_new(void)
{
    return xcalloc(1, sizeof(struct hashtab));
}

void htab_free(struct hashtab *t)
{
    if (!t) return;
    free(t->ent);
    free(t->idx);
    free(t);
}

/* dst becomes a copy of src (no Ruby code runs). */
static void copy_into(struct hashtab *dst, const struct hashtab *src)
{
    dst->capa = dst->used = dst->count = src->count;
    dst->first = 0;
    dst->gen++;
    dst->ent = NULL;
    dst->idx = NULL;
    if (src->count == 0) return;
    long capa = MIN_CAPA;
    while (capa < src->count) capa *= 2;
    dst->capa = capa;
    dst->ent = xmalloc((size_t)capa * sizeof *dst->ent);
    gc_malloc_increase((size_t)capa * sizeof *dst->ent);
    long n = 0;
    for (long i = src->first; i < src->used; i++)
        if (src->ent[i].key != Qundef) dst->ent[n++] = src->ent[i];
    index_build(dst);
}

struct hashtab *htab_copy(const struct hashtab *src)
{
    struct hashtab *t = htab_new();
    if (src) copy_into(t, src);
    return t;
}

void htab_assign(struct hashtab *dst, const struct hashtab *src)
{
    if (dst == src) return;
    free(dst->ent);
    free(dst->idx);
    if (src) copy_into(dst, src);
    else { dst->ent = NULL; dst->idx = NULL; dst->capa = dst->used = dst->count = dst->first = 0; dst->gen++; }
}

void htab_swap(struct hashtab *a, struct hashtab *b)
{
    struct hashtab tmp = *a;
    *a = *b;
    *b = tmp;
    a->gen = b->gen = (a->gen > b->gen ? a->gen : b->gen) + 1;
}

long htab_count(const struct hashtab *t) { return t ? t->count : 0; }
void htab_pin(struct hashtab *t) { t->pins++; }
void htab_unpin(struct hashtab *t) { t->pins--; }
bool htab_pinned(const struct hashtab *t) { return t->pins > 0; }
long htab_end(const struct hashtab *t) { return t ? t->used : 0; }

VALUE htab_lookup(struct hashtab *t, VALUE key)
{
    if (!t || t->count == 0) return Qundef;
    long i = find(t, key, key_hash(key));
    return i < 0 ? Qundef : t->ent[i].val;
}

/* An indexed table and an immediate key (no Ruby code): one probe finds
   the key or the free slot it goes to.  -1: the table must grow first. */
static long insert_special(struct hashtab *t, VALUE key, VALUE val, uint64_t h, bool *added)
{
    size_t mask = ((size_t)1 << t->bits) - 1, pos = slot_of_hash(h, t->bits);
    for (;; pos = (pos + 1) & mask) {
        uint32_t ix = t->idx[pos];
        if (ix == EMPTY) break;
        if (t->ent[ix].key == key) {
            t->ent[ix].val = val;
            *added = false;
            return ix;
        }
    }
    if (t->used == t->capa) return -1;
    long i = t->used++;
    t->ent[i] = (struct htab_entry){ key, val, h };
    t->count++;
    t->idx[pos] = (uint32_t)i;
    *added = true;
    return i;
}

long htab_insert(struct hashtab *t, VALUE key, VALUE val, bool *added)
{
    uint64_t h = key_hash(key);
    if (t->idx && SPECIAL_P(key) && !FLONUM_P(key)) {
        long i = insert_special(t, key, val, h, added);
        if (i >= 0) return i;
    }
    long i = t->count ? find(t, key, h) : -1;
    if (i >= 0) {
        t->ent[i].val = val;
        *added = false;
        return i;
    }
    if (t->used == t->capa) make_room(t);
    i = t->used++;
    t->ent[i] = (struct htab_entry){ key, val, h };
    t->count++;
    if (t->idx) index_put(t, (uint32_t)i, h);
    *added = true;
    return i;
}

void htab_set_key_at(struct hashtab *t, long i, VALUE key) { t->ent[i].key = key; }

void htab_delete_at(struct hashtab *t, long i)
{
    if (t->ent[i].key == Qundef) return;
    t->ent[i].key = t->ent[i].val = Qundef;
    t->count--;
    t->gen++;
    while (t->first < t->used && t->ent[t->first].key == Qundef) t->first++;
}

VALUE htab_delete(struct hashtab *t, VALUE key)
{
    if (!t || t->count == 0) return Qundef;
    long i = find(t, key, key_hash(key));
    if (i < 0) return Qundef;
    VALUE val = t->ent[i].val;
    htab_delete_at(t, i);
    return val;
}

void htab_delete_all(struct hashtab *t)
{
    for (long i = t->first; i < t->used; i++) t->ent[i].key = t->ent[i].val = Qundef;
    t->count = 0;
    t->first = t->used;
    t->gen++;
}

void htab_clear(struct hashtab *t)
{
    htab_assign(t, NULL);
}

long htab_next(const struct hashtab *t, long i, VALUE *key, VALUE *val)
{
    if (!t) return -1;
    if (i < t->first) i = t->first;
    for (; i < t->used; i++) {
        if (t->ent[i].key == Qundef) continue;
        if (key) *key = t->ent[i].key;
        if (val) *val = t->ent[i].val;
        return i;
    }
    return -1;
}

void htab_mark(const struct hashtab *t)
{
    if (!t || t->used <= t->first) return;
    _Static_assert(offsetof(struct htab_entry, val) == sizeof(VALUE), "key and value side by side");
    gc_mark_pairs(&t->ent[t->first].key, (size_t)(t->used - t->first), sizeof(struct htab_entry) / sizeof(VALUE));
}
