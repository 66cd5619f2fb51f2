/* marshal.h: what marshal_dump.c and marshal_load.c share.
 *
 * Format 4.8 as Ruby 1.8.7 writes it: two version bytes, then one object.
 * Each object starts with a type byte (below).  Integers inside the format
 * (lengths, Fixnums, link numbers) use a compact "long": 0 is 0x00, 1..122
 * is n+5, -123..-1 is n-5, anything else a byte count (negative for
 * negative numbers) then that many little-endian bytes.  Every heap object
 * gets a number in the order it is first written; writing it again writes
 * '@' and the number.  Symbols have their own numbering (';').
 */
#ifndef MR_MARSHAL_H
#define MR_MARSHAL_H

#include "runtime/internal.h"

#define MARSHAL_MAJOR 4
#define MARSHAL_MINOR 8

enum marshal_type {
    MT_NIL = '0',
    MT_TRUE = 'T',
    MT_FALSE = 'F',
    MT_FIXNUM = 'i',
    MT_EXTENDED = 'e',     /* a module the next object is extended with */
    MT_UCLASS = 'C',       /* user subclass of String, Array, Hash, Regexp */
    MT_OBJECT = 'o',
    MT_DATA = 'd',         /* _dump_data / _load_data */
    MT_USERDEF = 'u',      /* _dump / self._load */
    MT_USRMARSHAL = 'U',   /* marshal_dump / marshal_load */
    MT_FLOAT = 'f',
    MT_BIGNUM = 'l',
    MT_STRING = '"',
    MT_REGEXP = '/',
    MT_ARRAY = '[',
    MT_HASH = '{',
    MT_HASH_DEF = '}',
    MT_STRUCT = 'S',
    MT_MODULE_OLD = 'M',   /* read only: class or module */
    MT_CLASS = 'c',
    MT_MODULE = 'm',
    MT_SYMBOL = ':',
    MT_SYMLINK = ';',
    MT_IVAR = 'I',         /* instance variables follow the object */
    MT_LINK = '@',
};

/* Room for a Float as written: its text, then (1.8.7) a NUL and the
   mantissa's low bits. */
#define MARSHAL_FLOAT_BUFSIZE 64

/* marshal.c */
int marshal_float_encode(double d, char *buf);              /* bytes written to buf */
double marshal_float_decode(const char *p, long len);
VALUE marshal_path_to_class(const char *path, long len);    /* class or module; ArgumentError */
VALUE marshal_dump_m(VALUE self, int argc, const VALUE *argv);   /* marshal_dump.c */
VALUE marshal_load_m(VALUE self, int argc, const VALUE *argv);   /* marshal_load.c */

#endif
