/* byteset.h: the byte loops of squeeze and tr, 16 bytes at a time
 * (byteset.c).  string_tr.c builds their tables.
 *
 * The vectors are GCC's generic ones: SSE2 on x86-64, NEON on arm64,
 * word arithmetic elsewhere. */
#ifndef MR_BYTESET_H
#define MR_BYTESET_H

#include <stdbool.h>

/* Removes every byte c with table[c] (0 or 1) that equals the byte
   before it (as it was before anything was removed); the new length. */
long bset_squeeze(const unsigned char table[256], unsigned char *s, long len);

/* tr's map: trans[c] is c's replacement, or -1 where c is not in the
   set.  Rewrites s in place; whether any byte of s was in the set. */
bool bset_translate(const int trans[256], unsigned char *s, long len);

#endif
