/* spill.h: the live part of a parked thread's stack, saved compactly while
 * another thread uses its stack slot, and put back at the same addresses
 * (spill.c).
 *
 * A spill is a delta against a reference image: the words equal to the
 * reference's at the same distance from the top of the stack are a bit in
 * a bitmap, the others are kept.  Threads that share a slot tend to park
 * at the same places, so most of their words are the same: return
 * addresses, frame links (the slot is the same, so are the addresses),
 * method entries, AST nodes.  A slot keeps its reference; a spill that
 * matches it badly becomes the slot's new reference.  References are
 * shared and counted, and live as long as a spill encoded against them.
 *
 * Words are counted from the top of the stack down: word i is the one at
 * hi - 8 * (i + 1).
 */
#ifndef MR_SPILL_H
#define MR_SPILL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct spill_ref;
struct spill {
    struct spill_ref *ref;    /* NULL once put back: a spare (spill_put_back) */
    uint32_t n;               /* words saved */
    uint32_t nkept;           /* words not the reference's */
    uint32_t capa;            /* words d has room for */
    uint16_t ndict;           /* distinct kept words, 0: kept as they are */
    uint64_t d[];             /* bitmap, then the kept words (spill.c) */
};

/* Save [lo, hi) (lo rounded down to a word) against *ref, which may be
   NULL or replaced by a new reference (the old one released for the
   caller), in spare if it has room (else spare is freed; NULL: none).
   Never NULL: out of memory ends the process. */
struct spill *spill_save(const char *lo, const char *hi, struct spill_ref **ref, struct spill *spare);
/* The saved words, back at [hi - size, hi); the spill stays valid. */
void spill_restore(const struct spill *s, char *hi);
/* A spill put back lets go of its reference and becomes a spare for the
   thread's next spill: threads that take turns in a slot at every switch
   would otherwise malloc and free one each time. */
void spill_put_back(struct spill *s);
/* The saved words in address order into out (spill_size bytes). */
void spill_copy(const struct spill *s, void *out);
/* The bytes [addr, addr + len) of the saved stack, which must lie in it. */
void spill_read(const struct spill *s, const char *hi, const void *addr, void *out, size_t len);
/* For a conservative scan without a copy: the words of the saved stack
   that may_refer says may be references, with each kept word the spill
   does not share with its reference, picked or not, into out (room for
   twice the words saved).  Returns how many.  may_refer is asked about
   the words of a reference once per epoch (non-zero; a collection, whose
   answers may differ from the last one's), not once per spill. */
uint32_t spill_scan_words(const struct spill *s, uint64_t epoch, bool (*may_refer)(uint64_t), uint64_t *out);
static inline size_t spill_size(const struct spill *s) { return (size_t)s->n * sizeof(uint64_t); }
size_t spill_footprint(const struct spill *s);     /* bytes it takes, without its reference */
void spill_prefetch(const struct spill *s);        /* a hint: it will be decoded soon */
void spill_free(struct spill *s);                  /* a spill or a spare */
void spill_ref_release(struct spill_ref *ref);
/* Whether the encoder compares with the CPU's vector instructions where
   it has them (the default) or word by word: for tests of both. */
void spill_use_vector(bool on);

#endif
