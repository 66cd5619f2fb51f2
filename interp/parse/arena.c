/* arena.c: bump allocation for the AST.  Chunks are freed all at once when
   the script that owns them is collected. */
#include <stdlib.h>
#include <string.h>
#include "node.h"
#include "ruby/util.h"

struct chunk {
    struct chunk *next;
    size_t used, size;
    _Alignas(16) unsigned char mem[];
};

struct arena {
    struct chunk *head;
    size_t total;
};

struct arena *arena_new(void)
{
    return xcalloc(1, sizeof(struct arena));
}

void *arena_alloc(struct arena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    struct chunk *c = a->head;
    if (!c || c->used + size > c->size) {
        size_t csize = size > 16384 ? size : 16384;
        c = xmalloc(sizeof(struct chunk) + csize);
        c->next = a->head;
        c->used = 0;
        c->size = csize;
        a->head = c;
        a->total += csize;
    }
    void *p = c->mem + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t len)
{
    char *p = arena_alloc(a, len + 1);
    memcpy(p, s, len);
    p[len] = '\0';
    return p;
}

void arena_free(struct arena *a)
{
    if (!a) return;
    for (struct chunk *c = a->head, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    free(a);
}
