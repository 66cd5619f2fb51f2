/* fcntl.c: the Fcntl module (require 'fcntl'): the constants of
 * <fcntl.h> that Ruby 1.8.7 defines, for IO#fcntl and File.open:
 *   F_DUPFD F_GETFD F_GETLK F_SETFD F_GETFL F_SETFL F_SETLK F_SETLKW
 *   FD_CLOEXEC F_RDLCK F_UNLCK F_WRLCK O_CREAT O_EXCL O_NOCTTY O_TRUNC
 *   O_APPEND O_NONBLOCK O_NDELAY O_RDONLY O_RDWR O_WRONLY O_ACCMODE
 */
#include <fcntl.h>
#include "ruby.h"

void ext_fcntl_init(void);

void ext_fcntl_init(void)
{
    static const struct { const char *name; long value; } consts[] = {
        { "F_DUPFD", F_DUPFD },   { "F_GETFD", F_GETFD },     { "F_GETLK", F_GETLK },
        { "F_SETFD", F_SETFD },   { "F_GETFL", F_GETFL },     { "F_SETFL", F_SETFL },
        { "F_SETLK", F_SETLK },   { "F_SETLKW", F_SETLKW },   { "FD_CLOEXEC", FD_CLOEXEC },
        { "F_RDLCK", F_RDLCK },   { "F_UNLCK", F_UNLCK },     { "F_WRLCK", F_WRLCK },
        { "O_CREAT", O_CREAT },   { "O_EXCL", O_EXCL },       { "O_NOCTTY", O_NOCTTY },
        { "O_TRUNC", O_TRUNC },   { "O_APPEND", O_APPEND },   { "O_NONBLOCK", O_NONBLOCK },
        { "O_NDELAY", O_NDELAY }, { "O_RDONLY", O_RDONLY },   { "O_RDWR", O_RDWR },
        { "O_WRONLY", O_WRONLY }, { "O_ACCMODE", O_ACCMODE },
    };
    VALUE m = module_define("Fcntl");
    for (size_t i = 0; i < countof(consts); i++) define_const(m, consts[i].name, int_new(consts[i].value));
}
