/* hashtab.h: the table behind Hash (and any C code that wants a VALUE map).
 *
 * Insertion-ordered, like Python's compact dict: entries are appended to an
 * array in insertion order, and a separate open-addressed index holds entry
 * numbers.  Deleting leaves a tombstone (key Qundef) in the entry array, so
 * entry numbers stay stable while a Hash is iterated; tombstones are
 * squeezed out when the array fills up, unless the table is pinned by an
 * iteration in progress: then it grows with every entry in place.
 *
 * Keys: Fixnums, Symbols, nil/true/false hash by value and compare by
 * identity; Strings by their bytes (str_hash); Floats by value; anything
 * else through #hash and #eql? (obj_hash, obj_eql).  Those calls run Ruby
 * code that may change the table: lookups notice and start over.
 */
#ifndef MR_HASHTAB_H
#define MR_HASHTAB_H

#include "ruby.h"

struct hashtab;

struct hashtab *htab_new(void);
void htab_free(struct hashtab *t);
struct hashtab *htab_copy(const struct hashtab *t);      /* t may be NULL */
void htab_assign(struct hashtab *dst, const struct hashtab *src); /* dst = copy of src */
void htab_swap(struct hashtab *a, struct hashtab *b);
long htab_count(const struct hashtab *t);

/* The value for key, or Qundef. */
VALUE htab_lookup(struct hashtab *t, VALUE key);
/* Insert or overwrite; returns the entry number, *added tells which.
   An existing key keeps its stored key object. */
long htab_insert(struct hashtab *t, VALUE key, VALUE val, bool *added);
/* Replace the key object of entry i (same hash and eql?). */
void htab_set_key_at(struct hashtab *t, long i, VALUE key);
/* Remove key; returns its value, or Qundef if it was absent. */
VALUE htab_delete(struct hashtab *t, VALUE key);
void htab_delete_at(struct hashtab *t, long i);
/* Tombstone every entry (safe while iterating). */
void htab_delete_all(struct hashtab *t);
/* Drop every entry and free the arrays (not while iterating). */
void htab_clear(struct hashtab *t);

/* While pinned (once per iteration in progress), entry numbers stay:
   new keys go after htab_end's value, tombstones are kept. */
void htab_pin(struct hashtab *t);
void htab_unpin(struct hashtab *t);
bool htab_pinned(const struct hashtab *t);
long htab_end(const struct hashtab *t);     /* past the last entry number used */

/* Iteration by entry number: the first live entry at or after i, or -1. */
long htab_next(const struct hashtab *t, long i, VALUE *key, VALUE *val);

void htab_mark(const struct hashtab *t);

#endif
