/* byteset.c: the byte loops of squeeze and tr, 16 bytes at a time
 * (byteset.h).
 *
 * A block with nothing to do is done in a few vector operations, any
 * other block and the tail byte by byte.  Measured on text.rb's line (74
 * bytes, 20 times): squeeze 30% faster, tr("a-y", "b-z") 30%.  Not
 * count and delete: count's table loop already reads three bytes a
 * cycle (blocks measured 0.88 to 1.04 of its time), and delete's bytes
 * (spaces, digits) are spread over the text, so that nearly every block
 * has one (blocks were 9 to 25% slower). */
#include <stdint.h>
#include <string.h>
#include "byteset.h"

typedef unsigned char u8x16 __attribute__((vector_size(16)));

/* shorter strings do not pay back tr's scan of its map (vmap_of) */
#define VECTOR_MIN 64

static inline u8x16 load16(const unsigned char *p)
{
    u8x16 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void store16(unsigned char *p, u8x16 v) { memcpy(p, &v, sizeof v); }

static inline bool any16(u8x16 m)
{
    uint64_t q[2];
    memcpy(q, &m, sizeof q);
    return (q[0] | q[1]) != 0;
}

static inline u8x16 splat(unsigned char c)
{
    u8x16 v = { 0 };
    return v + c;
}

/* ------------------------------------------------------------ squeeze */
/* Bytes [i, end) squeezed to t on: s[i - 1] is still the byte before i
   (t <= i, and t reaches i only where nothing was squeezed). */
static inline long squeeze_bytes(const unsigned char table[256], unsigned char *s, long i, long end, long t)
{
    unsigned char prev = s[i - 1];
    for (; i < end; i++) {
        unsigned char c = s[i];
        if (c != prev || !table[c]) s[t++] = c;
        prev = c;
    }
    return t;
}

/* A block with no byte equal to the one before it keeps all 16.  The
   loops write at t <= the index they read: a block stored at t < i ends
   before i + 15, so the next block and the byte before it are still the
   string's own.  The test is a branch: text repeats itself, and a
   predicted branch beat the loop without one by a third. */
long bset_squeeze(const unsigned char table[256], unsigned char *s, long len)
{
    if (len < 2) return len;
    long i = 1, t = 1;
    for (; i + 16 <= len; i += 16) {
        u8x16 v = load16(s + i);
        if (any16((u8x16)(v == load16(s + i - 1)))) {
            t = squeeze_bytes(table, s, i, i + 16, t);
            continue;
        }
        if (t != i) store16(s + t, v);
        t += 16;
    }
    return squeeze_bytes(table, s, i, len, t);
}

/* ------------------------------------------------------------ tr */
/* tr's map as segments of bytes [lo, lo + width] that each either shift
   by the same amount ("a-y" to "b-z") or become one byte ("^a-z" to " "):
   their image is (c & keep) + add. */
#define MAP_SEGMENTS 8      /* more run byte by byte */
struct vmap {
    int n;
    u8x16 lo[MAP_SEGMENTS], width[MAP_SEGMENTS], keep[MAP_SEGMENTS], add[MAP_SEGMENTS];
};

static bool vmap_of(const int trans[256], long len, struct vmap *m)
{
    if (len < VECTOR_MIN) return false;
    m->n = 0;
    for (int c = 0; c < 256;) {
        if (trans[c] < 0) {
            c++;
            continue;
        }
        int lo = c, shift = trans[c] - c, to = trans[c];
        bool shifts = true, constant = true;
        for (c++; c < 256 && trans[c] >= 0; c++) {
            bool s = shifts && trans[c] - c == shift, k = constant && trans[c] == to;
            if (!s && !k) break;
            shifts = s;
            constant = k;
        }
        if (m->n == MAP_SEGMENTS) return false;
        m->lo[m->n] = splat((unsigned char)lo);
        m->width[m->n] = splat((unsigned char)(c - 1 - lo));
        m->keep[m->n] = splat(shifts ? 0xff : 0);
        m->add[m->n] = splat((unsigned char)(shifts ? shift : to));
        m->n++;
    }
    return true;
}

/* the map byte by byte: from the first byte of the set on, every byte
   goes through a table (the identity where trans has none) */
static bool translate_bytes(const int trans[256], unsigned char *s, long len)
{
    unsigned char map[256], hit[256];
    for (int c = 0; c < 256; c++) {
        hit[c] = trans[c] >= 0;
        map[c] = (unsigned char)(hit[c] ? trans[c] : c);
    }
    long i = 0;
    while (i < len && !hit[s[i]]) i++;
    if (i == len) return false;
    for (; i + 4 <= len; i += 4) {
        unsigned char c0 = s[i], c1 = s[i + 1], c2 = s[i + 2], c3 = s[i + 3];
        s[i] = map[c0];
        s[i + 1] = map[c1];
        s[i + 2] = map[c2];
        s[i + 3] = map[c3];
    }
    for (; i < len; i++) s[i] = map[s[i]];
    return true;
}

bool bset_translate(const int trans[256], unsigned char *s, long len)
{
    struct vmap m;
    if (!vmap_of(trans, len, &m)) return translate_bytes(trans, s, len);
    long i = 0;
    u8x16 hits = { 0 };
    for (; i + 16 <= len; i += 16) {
        u8x16 v = load16(s + i), r = v;
        for (int k = 0; k < m.n; k++) {
            u8x16 in = (u8x16)(v - m.lo[k] <= m.width[k]);
            r = (r & ~in) | (((v & m.keep[k]) + m.add[k]) & in);
            hits |= in;
        }
        store16(s + i, r);
    }
    bool hit = any16(hits);
    for (; i < len; i++) {
        int c = trans[s[i]];
        if (c >= 0) {
            s[i] = (unsigned char)c;
            hit = true;
        }
    }
    return hit;
}
