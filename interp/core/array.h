/* array.h: what array*.c, enum.c and enumerator.c share and nothing else
 * uses: per-file method installers called by ary_init, allocation of
 * hidden arrays (klass 0: invisible to Ruby and ObjectSpace), the
 * recursion guard of inspect/join/hash/==, and the sort engine that
 * Enumerable#sort_by and #min/#max reuse.
 *
 * Storage invariants (see value.h for the layout):
 *  - ARY_EMBED: up to ARY_EMBED_MAX elements inside the slot.
 *  - heap: as.heap.ptr is the xmalloc'd buffer, as.heap.aux.capa its size.
 *  - ARY_SHARED: ptr points into the buffer of a hidden, frozen "root"
 *    array (aux.shared) that owns the buffer; the root's len covers every
 *    slot any sharer may see, so marking the root marks them all.  A root
 *    with ARY_ROOT_SOLE is used by exactly one array, which may then write
 *    past the root's end (push after shift) or take the buffer back
 *    without copying.
 */
#ifndef MR_ARRAY_H
#define MR_ARRAY_H

#include "runtime/internal.h"

#define ARY_ROOT_SOLE FL_USER(2)

/* method installers, one per file, called from ary_init */
void ary_init_ops(VALUE klass);      /* array_ops.c: + - & | uniq flatten collect fill ... */
void ary_init_sort(VALUE klass);     /* array_sort.c: sort sort! */
void ary_init_comb(VALUE klass);     /* array_comb.c: combination product cycle shuffle ... */

/* array.c */
VALUE ary_alloc_class(VALUE klass, long capa);   /* empty, of class klass (0: hidden) */
VALUE ary_hidden_new(long capa);
VALUE ary_dup_class(VALUE ary);                  /* copy keeping the class (1.8's rb_ary_dup) */
VALUE ary_each_m(VALUE self, int argc, const VALUE *argv);   /* Array#each, for fast paths */
void ary_check_frozen(VALUE ary);
void ary_replace(VALUE dst, VALUE src);
void ary_splice(VALUE ary, long beg, long len, VALUE rpl);   /* rpl Qundef/nil: delete */
long ary_index_arg(VALUE v);                     /* NUM2LONG, TypeError for Symbols */
VALUE ary_pack_values(int argc, const VALUE *argv);   /* 1.8: yielded values as one */
bool ary_may_recurse(VALUE ary);                 /* holds something that may contain it */
/* Run fn(obj, arg, recursive) with obj marked as being processed for
   `kind` in this thread; recursive is true if it already was. */
VALUE ary_exec_recursive(VALUE (*fn)(VALUE obj, VALUE arg, bool recur), VALUE obj, VALUE arg, int kind);
enum { REC_INSPECT, REC_JOIN, REC_HASH, REC_EQUAL, REC_EQL, REC_CMP, REC_FLATTEN };

/* array_sort.c */
/* Sort n (key, value) pairs stored flat in the hidden array pairs
   ([k0, v0, k1, v1, ...]) by key: with the block blk if non-NULL
   (yield(a, b) gives the order), else by <=> with fast paths. */
void ary_sort_pairs(VALUE pairs, long n, const struct block *blk);
/* a <=> b as a C int, as sort does it (fast paths, then <=>). */
int ary_sort_cmp(VALUE a, VALUE b);

/* enum.c */
/* The values obj.meth(*argv) yields, packed one per iteration, as an Array. */
VALUE enum_values_of(VALUE obj, ID meth, int argc, const VALUE *argv);
/* obj.meth(*argv) { |*v| yield(v, index) }: meth's value. */
VALUE enum_with_index_of(VALUE obj, ID meth, int argc, const VALUE *argv);

#endif
