/* symbol.h: the symbol table.  An ID is a small integer naming an interned
   byte string; Symbols are IDs tagged as VALUEs (ID2SYM).  Names are never
   freed.  No GC involvement, so the parser can use it on its own. */
#ifndef MR_SYMBOL_H
#define MR_SYMBOL_H

#include "value.h"

enum {
    ID_none = 0,
#define DEF_ID(name, text) ID_##name,
#include "idlist.h"
#undef DEF_ID
    ID_PREDEFINED_END
};

void sym_init(void);
ID sym_intern(const char *name, size_t len);
ID sym_intern_cstr(const char *name);
ID sym_find(const char *name, size_t len);  /* 0 if never interned */
const char *sym_name(ID id);                 /* NUL-terminated */
size_t sym_len(ID id);
size_t sym_count(void);
/* Symbol#to_i and its inverse (Fixnum#to_sym, names given as Fixnums).
   As in 1.8.7, the numbers are spaced by 8 and start in the thousands,
   so that small integers are no Symbols ("2 is not a symbol"). */
long sym_to_i(ID id);
ID sym_from_i(long n);                       /* 0 if n is no Symbol's to_i */

/* Classification by spelling, as Ruby's parser sees names. */
bool sym_is_const(ID id);     /* Foo */
bool sym_is_local(ID id);     /* foo, _foo */
bool sym_is_ivar(ID id);      /* @foo */
bool sym_is_cvar(ID id);      /* @@foo */
bool sym_is_attrset(ID id);   /* foo= */
ID sym_attrset(ID id);        /* foo -> foo= */

#endif
