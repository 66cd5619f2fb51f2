/* spill.c: parked stacks saved as deltas against a shared reference (see
 * spill.h).
 *
 * Layout of a spill: a bitmap of n bits (bit i set: word i is kept, not
 * the reference's), then the kept words in order, or, for a first spill
 * when that is smaller, the distinct ones and a byte per kept word that
 * says which it is (hackysack.rb's players keep 44 words, 15 of them
 * distinct: 352 bytes, or 164).  Beyond the reference's
 * depth the reference is taken as zero.  The reference is kept in address
 * order, so that decoding is a copy of it and a store per kept word; a
 * parked stack is a few hundred words, of which hackysack.rb's players
 * keep a tenth.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "slab.h"
#include "instrument.h"
#include "spill.h"

struct spill_ref {
    uint32_t refs;            /* the slot that holds it, and each spill against it */
    uint32_t n;               /* words */
    uint64_t scan_epoch;      /* the scan scan_at was chosen for, 0: none */
    uint32_t *scan_at;        /* the words a scan looks at (spill_scan_words) */
    uint32_t nscan;
    uint64_t w[];             /* in address order: word i is w[n - 1 - i] */
};

/* A spill that keeps more than this share of its words becomes the
   reference of its slot: the threads that come after it in the slot are
   more likely to park as it did than as the old reference. */
#define KEPT_MAX_SHARE 4      /* a quarter */

static uint32_t bitmap_words(uint32_t n) { return (n + 63) / 64; }
static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* ------------------------------------------------------------ references */
static size_t ref_bytes(uint32_t n) { return sizeof(struct spill_ref) + (size_t)n * sizeof(uint64_t); }
static size_t spill_bytes(uint32_t capa) { return sizeof(struct spill) + (size_t)capa * sizeof(uint64_t); }

static struct spill_ref *ref_new(const uint64_t *top, uint32_t n)
{
    struct spill_ref *r = slab_alloc(ref_bytes(n));
    r->refs = 1;
    r->n = n;
    r->scan_epoch = 0;
    r->scan_at = NULL;
    r->nscan = 0;
    memcpy(r->w, top - n, (size_t)n * sizeof(uint64_t));
    return r;
}

void spill_ref_release(struct spill_ref *r)
{
    if (!r || --r->refs) return;
    slab_free(r->scan_at, r->nscan * sizeof *r->scan_at);
    slab_free(r, ref_bytes(r->n));
}

/* ------------------------------------------------------------ encoding */
/* Bit j set where the words below a differ from those below b, j counted
   down from a and b, len <= 64 of them.  Most groups of four are equal
   (hackysack.rb's players keep one word in ten). */
__attribute__((no_sanitize_address)) static uint64_t differ_mask_plain(const uint64_t *a, const uint64_t *b,
                                                                      uint32_t len)
{
    uint64_t mask = 0;
    uint32_t j = 0;
    for (; j + 4 <= len; j += 4) {
        const uint64_t *x = a - j - 4, *y = b - j - 4;
        uint64_t d3 = x[3] ^ y[3], d2 = x[2] ^ y[2], d1 = x[1] ^ y[1], d0 = x[0] ^ y[0];
        if (!(d0 | d1 | d2 | d3)) continue;
        mask |= ((uint64_t)(d3 != 0) | (uint64_t)(d2 != 0) << 1 | (uint64_t)(d1 != 0) << 2 |
                 (uint64_t)(d0 != 0) << 3) << j;
    }
    for (; j < len; j++) mask |= (uint64_t)(a[-1 - (long)j] != b[-1 - (long)j]) << j;
    return mask;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_DIFFER_AVX2 1
/* The same, eight words to a step in two AVX2 compares: word by word,
   the encoder was a sixth of the time of 2,000 threads taking turns in
   shared slots, which now pass 1.11 times as often.  A compare gives a
   bit per word in address order and j counts down: the bits are
   reversed, a nibble at a time. */
__attribute__((target("avx2"), no_sanitize_address)) static uint64_t differ_mask_avx2(const uint64_t *a,
                                                                                     const uint64_t *b,
                                                                                     uint32_t len)
{
    static const uint8_t reverse4[16] = { 0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15 };
    uint64_t mask = 0;
    uint32_t j = 0;
    for (; j + 8 <= len; j += 8) {
        const uint64_t *x = a - j - 8, *y = b - j - 8;    /* x[7] is word j */
        __m256i lo = _mm256_cmpeq_epi64(_mm256_loadu_si256((const __m256i *)x),
                                        _mm256_loadu_si256((const __m256i *)y));
        __m256i hi = _mm256_cmpeq_epi64(_mm256_loadu_si256((const __m256i *)(x + 4)),
                                        _mm256_loadu_si256((const __m256i *)(y + 4)));
        unsigned same = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(lo)) << 4 |
                        (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(hi));
        if (same == 0xff) continue;
        /* bit b < 4 is x[4 + b], word j + 3 - b; bit 4 + b is x[b], word j + 7 - b */
        unsigned differ = ~same & 0xff;
        uint64_t bits = (uint64_t)(reverse4[differ & 15] | reverse4[differ >> 4] << 4);
        mask |= bits << j;
    }
    if (j < len) mask |= differ_mask_plain(a - j, b - j, len - j) << j;
    return mask;
}
#endif

/* The compare in use: at first a stand-in that chooses it, so that the
   encoder calls through the pointer without checking it. */
static uint64_t choose_differ_mask(const uint64_t *a, const uint64_t *b, uint32_t len);
static uint64_t (*differ_mask)(const uint64_t *a, const uint64_t *b, uint32_t len) = choose_differ_mask;

void spill_use_vector(bool on)
{
    differ_mask = differ_mask_plain;
#ifdef HAVE_DIFFER_AVX2
    if (on && __builtin_cpu_supports("avx2")) differ_mask = differ_mask_avx2;
#else
    (void)on;
#endif
}

static uint64_t choose_differ_mask(const uint64_t *a, const uint64_t *b, uint32_t len)
{
    spill_use_vector(true);
    return differ_mask(a, b, len);
}

static const uint64_t zeros[64];

/* The bitmap of the n words below top against r (beyond r's depth:
   against zero), and the kept words; returns how many were kept. */
static uint32_t encode(const uint64_t *top, uint32_t n, const struct spill_ref *r, uint64_t *bits,
                       uint64_t *kept)
{
    uint32_t common = r ? min_u32(r->n, n) : 0, k = 0;
    const uint64_t *ref_top = r ? r->w + r->n : NULL;
    for (uint32_t from = 0; from < n; from += 64) {
        uint32_t to = min_u32(n, from + 64), mid = to < common ? to : from > common ? from : common;
        uint64_t mask = 0;
        if (mid > from) mask = differ_mask(top - from, ref_top - from, mid - from);
        if (to > mid) mask |= differ_mask(top - mid, zeros + 64, to - mid) << (mid - from);
        bits[from / 64] = mask;
        for (uint64_t m = mask; m; m &= m - 1) kept[k++] = top[-1 - (long)(from + (uint32_t)__builtin_ctzll(m))];
    }
    return k;
}

/* The distinct kept words, and for each kept word its index among them:
   most kept words are a few pointers stored in many frames (the thread's
   own records, self, its objects), so a byte each and the distinct ones
   once take less than the words.  false when there are more than
   DICT_MAX distinct words.  Each word is looked for in a small hash
   table: searched word by word, the dictionary
   was almost half of a first spill, a tenth of the time of a million
   hackysack.rb players' spills.  Not inlined: its tables stay out of
   spill_new's frame, which is on the stack of the thread that switches
   (inlined, hackysack_kicks.rb's kicks took 1.22 times as long). */
#define DICT_MAX 32
#define DICT_SLOTS 128        /* a quarter full at most */
static __attribute__((noinline)) bool make_dict(const uint64_t *kept, uint32_t nkept, uint64_t *dict,
                                                 uint32_t *ndict, uint8_t *idx)
{
    uint8_t entry[DICT_SLOTS];    /* a word's index in dict + 1, 0: none */
    memset(entry, 0, sizeof entry);
    uint32_t nd = 0;
    for (uint32_t k = 0; k < nkept; k++) {
        uint64_t w = kept[k];
        uint32_t h = (uint32_t)((w * 0x9e3779b97f4a7c15ull) >> 57);
        while (entry[h] && dict[entry[h] - 1] != w) h = (h + 1) % DICT_SLOTS;
        if (!entry[h]) {
            if (nd == DICT_MAX) return false;
            dict[nd++] = w;
            entry[h] = (uint8_t)nd;
        }
        idx[k] = (uint8_t)(entry[h] - 1);
    }
    *ndict = nd;
    return true;
}

static uint32_t words_for_bytes(uint32_t n) { return (n + 7) / 8; }

/* A thread spilled for the first time (no spare) is likely to stay
   parked: its kept words are worth a dictionary.  One that came back
   since its last spill is likely to come back again soon, and its spill
   is the one to make fast: building the dictionary cost a third of the
   switches of 3,000 threads taking turns. */
static struct spill *spill_new(struct spill_ref *r, uint32_t n, const uint64_t *bits,
                               const uint64_t *kept, uint32_t nkept, struct spill *spare)
{
    uint64_t dict[DICT_MAX];
    uint8_t idx[DICT_MAX * 8];
    uint32_t ndict = 0;
    bool small = !spare && nkept && nkept <= sizeof idx && make_dict(kept, nkept, dict, &ndict, idx) &&
                 ndict + words_for_bytes(nkept) < nkept;
    if (!small) ndict = 0;
    uint32_t nb = bitmap_words(n), words = nb + (small ? ndict + words_for_bytes(nkept) : nkept);
    struct spill *s = spare;
    if (!s || s->capa < words) {
        spill_free(spare);
        s = slab_alloc(spill_bytes(words));
        s->capa = words;
    }
    s->ref = r;
    s->n = n;
    s->nkept = nkept;
    s->ndict = (uint16_t)ndict;
    memcpy(s->d, bits, nb * sizeof *bits);
    if (small) {
        memcpy(s->d + nb, dict, ndict * sizeof *dict);
        memcpy(s->d + nb + ndict, idx, nkept);
    } else {
        memcpy(s->d + nb, kept, (size_t)nkept * sizeof *kept);
    }
    return s;
}

/* Start fetching the lines the encoder reads, all at once: the parked
   stack and the reference are both cold, and waited for one line at a
   time they were half the time of a switch to a spilled thread. */
static void prefetch_lines(const void *p, size_t len)
{
    for (const char *c = p, *end = c + len; c < end; c += 64) __builtin_prefetch(c);
}

__attribute__((no_sanitize_address)) struct spill *spill_save(const char *lo, const char *hi,
                                                              struct spill_ref **ref, struct spill *spare)
{
    static uint64_t *scratch;
    static size_t scratch_words;
    lo = (const char *)((uintptr_t)lo & ~(uintptr_t)7);
    uint32_t n = (uint32_t)((size_t)(hi - lo) / sizeof(uint64_t));
    size_t need = bitmap_words(n) + (size_t)n;
    if (need > scratch_words) {
        free(scratch);
        scratch_words = need * 2;
        scratch = malloc(scratch_words * sizeof *scratch);
        if (!scratch) abort();
    }
    SCAN_DEFINED(lo, (size_t)(hi - lo));   /* padding and dead locals are compared too */
    const uint64_t *top = (const uint64_t *)(const void *)hi;
    prefetch_lines(lo, (size_t)(hi - lo));
    if (*ref) prefetch_lines((*ref)->w + (*ref)->n - min_u32((*ref)->n, n), min_u32((*ref)->n, n) * sizeof(uint64_t));
    uint64_t *bits = scratch, *kept = scratch + bitmap_words(n);
    uint32_t nkept = encode(top, n, *ref, bits, kept);
    if (!*ref || nkept > n / KEPT_MAX_SHARE) {
        spill_ref_release(*ref);
        *ref = ref_new(top, n);
        memset(bits, 0, bitmap_words(n) * sizeof *bits);
        nkept = 0;
    }
    (*ref)->refs++;
    return spill_new(*ref, n, bits, kept, nkept, spare);
}

/* ------------------------------------------------------------ decoding */
/* The spill's words below top: the reference's (a copy in address
   order), then the kept ones over them. */
__attribute__((no_sanitize_address)) static void decode(const struct spill *s, uint64_t *top)
{
    const struct spill_ref *r = s->ref;
    uint32_t common = min_u32(r->n, s->n);
    memcpy(top - common, r->w + r->n - common, (size_t)common * sizeof *top);
    memset(top - s->n, 0, (size_t)(s->n - common) * sizeof *top);
    const uint64_t *bits = s->d, *kept = s->d + bitmap_words(s->n);
    if (s->ndict) {
        const uint8_t *idx = (const uint8_t *)(kept + s->ndict);
        for (uint32_t b = 0; b < bitmap_words(s->n); b++)
            for (uint64_t m = bits[b]; m; m &= m - 1) top[-1 - (long)(b * 64 + (uint32_t)__builtin_ctzll(m))] = kept[*idx++];
        return;
    }
    for (uint32_t b = 0; b < bitmap_words(s->n); b++)
        for (uint64_t m = bits[b]; m; m &= m - 1) top[-1 - (long)(b * 64 + (uint32_t)__builtin_ctzll(m))] = *kept++;
}

void spill_restore(const struct spill *s, char *hi) { decode(s, (uint64_t *)(void *)hi); }

void spill_copy(const struct spill *s, void *out) { decode(s, (uint64_t *)out + s->n); }

static uint64_t word_at(const struct spill *s, uint32_t i)
{
    const uint64_t *bits = s->d;
    uint64_t below = bits[i / 64] & ((1ull << (i % 64)) - 1);
    if (!((bits[i / 64] >> (i % 64)) & 1)) return i < s->ref->n ? s->ref->w[s->ref->n - 1 - i] : 0;
    uint32_t k = (uint32_t)__builtin_popcountll(below);
    for (uint32_t b = 0; b < i / 64; b++) k += (uint32_t)__builtin_popcountll(bits[b]);
    const uint64_t *kept = s->d + bitmap_words(s->n);
    return s->ndict ? kept[((const uint8_t *)(kept + s->ndict))[k]] : kept[k];
}

void spill_read(const struct spill *s, const char *hi, const void *addr, void *out, size_t len)
{
    const char *a = addr;
    unsigned char *o = out;
    while (len) {
        uint32_t i = (uint32_t)((size_t)(hi - a - 1) / sizeof(uint64_t));
        uint64_t w = word_at(s, i);
        size_t off = (size_t)(a - (hi - (size_t)(i + 1) * sizeof w));
        size_t take = sizeof w - off < len ? sizeof w - off : len;
        memcpy(o, (const char *)&w + off, take);
        a += take;
        o += take;
        len -= take;
    }
}

/* ------------------------------------------------------------ scanning */
/* The reference's words that `may_refer` picks, once per epoch: the word
   indices, the deepest first. */
static void choose_scanned(struct spill_ref *r, uint64_t epoch, bool (*may_refer)(uint64_t))
{
    static uint32_t *at;
    static uint32_t at_capa;
    if (r->n > at_capa) {
        free(at);
        at_capa = r->n * 2;
        at = malloc(at_capa * sizeof *at);
        if (!at) abort();
    }
    uint32_t k = 0;
    for (uint32_t j = 0; j < r->n; j++)
        if (may_refer(r->w[j])) at[k++] = r->n - 1 - j;
    slab_free(r->scan_at, r->nscan * sizeof *r->scan_at);
    r->scan_at = k ? slab_alloc(k * sizeof *at) : NULL;
    if (k) memcpy(r->scan_at, at, k * sizeof *at);
    r->nscan = k;
    r->scan_epoch = epoch;
}

uint32_t spill_scan_words(const struct spill *s, uint64_t epoch, bool (*may_refer)(uint64_t), uint64_t *out)
{
    struct spill_ref *r = s->ref;
    if (r->scan_epoch != epoch) choose_scanned(r, epoch, may_refer);
    const uint64_t *bits = s->d;
    uint32_t k = 0;
    for (uint32_t j = 0; j < r->nscan; j++) {
        uint32_t i = r->scan_at[j];
        if (i < s->n && !((bits[i / 64] >> (i % 64)) & 1)) out[k++] = r->w[r->n - 1 - i];
    }
    /* with a dictionary, each distinct kept word once */
    uint32_t own = s->ndict ? s->ndict : s->nkept;
    memcpy(out + k, s->d + bitmap_words(s->n), (size_t)own * sizeof *out);
    return k + own;
}

/* Its header, bitmap and first kept words: what is read before its
   reference (shared by the slot's threads, and more often in cache). */
void spill_prefetch(const struct spill *s) { prefetch_lines(s, 256); }

size_t spill_footprint(const struct spill *s)
{
    return spill_bytes(s->capa);
}

void spill_put_back(struct spill *s)
{
    spill_ref_release(s->ref);
    s->ref = NULL;
}

void spill_free(struct spill *s)
{
    if (!s) return;
    spill_ref_release(s->ref);
    slab_free(s, spill_bytes(s->capa));
}
