/* time.c: the Time class of 1.8.7: seconds and microseconds since the
 * Epoch plus a flag for UTC or local time.  Broken-down fields come from
 * localtime_r/gmtime_r on demand; strftime is libc's, with %Z "UTC" for
 * UTC times.  to_s/inspect print "Mon Nov 30 04:33:25 +0000 2026" (local)
 * or "Mon Nov 30 04:33:25 UTC 2026" (UTC), as 1.8.7 does. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "os/io_impl.h"

struct rtime {
    long sec;
    long usec;      /* 0 .. 999999 */
    bool utc;
};

static void rtime_free(void *p) { free(p); }
static const struct data_type time_type = { "Time", NULL, rtime_free, NULL };

static VALUE time_alloc(VALUE klass)
{
    struct rtime *t = xcalloc(1, sizeof *t);
    return data_new(klass, &time_type, t);
}

static struct rtime *TM(VALUE v) { return data_get(v, &time_type); }
static bool time_p(VALUE v) { return TYPE_P(v, T_DATA) && RDATA(v)->type == &time_type; }

static VALUE time_make(VALUE klass, long sec, long usec, bool utc)
{
    while (usec < 0) { usec += 1000000; sec--; }
    while (usec >= 1000000) { usec -= 1000000; sec++; }
    VALUE v = time_alloc(klass);
    struct rtime *t = TM(v);
    t->sec = sec;
    t->usec = usec;
    t->utc = utc;
    return v;
}

/* Set by the thread system in its schedule modes (MINIRUBY_SCHED), where
   the clock is part of what is recorded, replayed or made virtual. */
double (*time_clock_hook)(double real);

static void clock_now(struct timespec *ts)
{
    clock_gettime(CLOCK_REALTIME, ts);
    if (UNLIKELY(time_clock_hook != NULL)) {
        double v = time_clock_hook((double)ts->tv_sec + ts->tv_nsec / 1e9);
        ts->tv_sec = (time_t)floor(v);
        ts->tv_nsec = (long)((v - floor(v)) * 1e9);
    }
}

VALUE time_new_timespec(long sec, long nsec)
{
    return time_make(vm.c.Time, sec, nsec / 1000, false);
}

/* Split a Numeric of seconds into whole seconds and microseconds.  what:
   the TypeError wording of Time.at ("time"), or NULL for num_to_dbl's. */
static void num_to_sec_usec(VALUE num, long *sec, long *usec, const char *what)
{
    if (FIXNUM_P(num) || BIGNUM_P(num)) {
        *sec = num_to_long(num);
        *usec = 0;
        return;
    }
    if (what && !FLOAT_P(num))
        exc_raise(vm.c.TypeError, "can't convert %s into %s", obj_classname(num), what);
    double d = num_to_dbl(num);
    if (!(fabs(d) < 9223372036854775808.0)) exc_raise(vm.c.RangeError, "%f out of Time range", d);
    double f = floor(d);
    *sec = (long)f;
    *usec = (long)floor((d - f) * 1e6 + 0.5);
}

/* A time interval in seconds (sleep, IO.select), checked as 1.8.7's
   rb_time_interval checks it. */
double time_interval(VALUE num)
{
    double d;
    if (FIXNUM_P(num) || BIGNUM_P(num)) {
        d = (double)num_to_long(num);
    } else if (FLOAT_P(num)) {
        d = num_to_dbl(num);
        if (!(fabs(d) < 9223372036854775808.0)) exc_raise(vm.c.RangeError, "%f out of Time range", d);
    } else {
        exc_raise(vm.c.TypeError, "can't convert %s into time interval", obj_classname(num));
    }
    if (d < 0) exc_raise(vm.c.ArgumentError, "time interval must be positive");
    return d;
}

void time_to_timespec(VALUE v, struct timespec *ts)
{
    long sec, usec;
    if (time_p(v)) {
        sec = TM(v)->sec;
        usec = TM(v)->usec;
    } else {
        num_to_sec_usec(v, &sec, &usec, "time");
    }
    ts->tv_sec = sec + usec / 1000000;
    ts->tv_nsec = (usec % 1000000) * 1000;
}

static void broken_down(struct rtime *t, struct tm *tm)
{
    time_t s = (time_t)t->sec;
    if (t->utc) {
        gmtime_r(&s, tm);
        tm->tm_zone = "UTC";
    } else {
        tzset();     /* ENV["TZ"] may have changed */
        localtime_r(&s, tm);
    }
}

/* ------------------------------------------------------------ constructors */
static VALUE time_s_now(VALUE klass, int argc, const VALUE *argv)
{
    struct timespec ts;
    clock_now(&ts);
    return time_make(klass, ts.tv_sec, ts.tv_nsec / 1000, false);
}

static VALUE time_initialize(VALUE self, int argc, const VALUE *argv)
{
    struct timespec ts;
    clock_now(&ts);
    struct rtime *t = TM(self);
    t->sec = ts.tv_sec;
    t->usec = ts.tv_nsec / 1000;
    t->utc = false;
    return self;
}

static VALUE time_init_copy(VALUE self, int argc, const VALUE *argv)
{
    if (!time_p(argv[0])) exc_wrong_type(argv[0], "Time");
    *TM(self) = *TM(argv[0]);
    return self;
}

static VALUE time_s_at(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    long sec, usec;
    bool utc = false;
    if (time_p(argv[0])) {
        sec = TM(argv[0])->sec;
        usec = TM(argv[0])->usec;
        utc = TM(argv[0])->utc;
    } else {
        num_to_sec_usec(argv[0], &sec, &usec, "time");
    }
    if (argc > 1) {
        long s2, u2;
        num_to_sec_usec(argv[1], &s2, &u2, "time");
        usec += s2;
    }
    return time_make(klass, sec, usec, utc);
}

static NORETURN void out_of_range(void)
{
    exc_raise(vm.c.ArgumentError, "argument out of range");
}

static long arg_long(VALUE v, long dflt)
{
    if (NIL_P(v)) return dflt;
    if (STRING_P(v)) return FIX2LONG(str_to_inum(v, 10, false));
    return num_to_long(v);
}

static int month_arg(VALUE v)
{
    static const char *names[] = { "jan", "feb", "mar", "apr", "may", "jun",
                                   "jul", "aug", "sep", "oct", "nov", "dec" };
    if (NIL_P(v)) return 0;
    VALUE s = conv_check_str(v);
    if (!NIL_P(s) && RSTRING_LEN(s) == 3) {
        for (int i = 0; i < 12; i++)
            if (strncasecmp(RSTRING_PTR(s), names[i], 3) == 0) return i;
    }
    if (!NIL_P(s) && !isdigit((unsigned char)(RSTRING_LEN(s) ? RSTRING_PTR(s)[0] : 'x'))) out_of_range();
    long m = arg_long(NIL_P(s) ? v : s, 1);
    if (m < 1 || m > 12) out_of_range();
    return (int)m - 1;
}

/* Time.utc/local arguments: (year, mon, day, hour, min, sec, usec) or the
   ten of Time#to_a.  As in 1.8.7, years 0..38 mean 2000..2038 and
   69..138 mean 1969..2038 (two- and three-digit years). */
static void time_args(int argc, const VALUE *argv, struct tm *tm, long *usec)
{
    VALUE v[7] = { Qnil, Qnil, Qnil, Qnil, Qnil, Qnil, Qnil };
    if (argc == 10) {
        v[0] = argv[5]; v[1] = argv[4]; v[2] = argv[3];
        v[3] = argv[2]; v[4] = argv[1]; v[5] = argv[0];
    } else {
        arity_check(argc, 1, 7);
        for (int i = 0; i < argc; i++) v[i] = argv[i];
    }
    memset(tm, 0, sizeof *tm);
    long year = arg_long(v[0], 0);
    if (year >= 0 && year < 39) year += 2000;
    else if (year >= 69 && year < 139) year += 1900;
    tm->tm_year = (int)(year - 1900);
    tm->tm_mon = month_arg(v[1]);
    long mday = arg_long(v[2], 1), hour = arg_long(v[3], 0), min = arg_long(v[4], 0);
    long sec = 0;
    *usec = 0;
    if (FLOAT_P(v[5])) num_to_sec_usec(v[5], &sec, usec, NULL);
    else sec = arg_long(v[5], 0);
    if (!NIL_P(v[6])) *usec = arg_long(v[6], 0);
    if (mday < 1 || mday > 31 || hour < 0 || hour > 23 || min < 0 || min > 59 || sec < 0 || sec > 60)
        out_of_range();
    tm->tm_mday = (int)mday;
    tm->tm_hour = (int)hour;
    tm->tm_min = (int)min;
    tm->tm_sec = (int)sec;
    tm->tm_isdst = -1;
}

static VALUE time_s_utc(VALUE klass, int argc, const VALUE *argv)
{
    struct tm tm;
    long usec;
    time_args(argc, argv, &tm, &usec);
    time_t t = timegm(&tm);
    return time_make(klass, (long)t, usec, true);
}

static VALUE time_s_local(VALUE klass, int argc, const VALUE *argv)
{
    struct tm tm;
    long usec;
    time_args(argc, argv, &tm, &usec);
    errno = 0;
    time_t t = mktime(&tm);
    if (t == (time_t)-1 && errno) exc_raise(vm.c.ArgumentError, "time out of range");
    return time_make(klass, (long)t, usec, false);
}

/* ------------------------------------------------------------ arithmetic */
static VALUE time_plus(VALUE self, int argc, const VALUE *argv)
{
    if (time_p(argv[0])) exc_raise(vm.c.TypeError, "time + time?");
    struct rtime *t = TM(self);
    long sec, usec;
    num_to_sec_usec(argv[0], &sec, &usec, NULL);
    return time_make(obj_class(self), t->sec + sec, t->usec + usec, t->utc);
}

static VALUE time_minus(VALUE self, int argc, const VALUE *argv)
{
    struct rtime *t = TM(self);
    if (time_p(argv[0])) {
        struct rtime *o = TM(argv[0]);
        return float_new((double)(t->sec - o->sec) + (double)(t->usec - o->usec) / 1e6);
    }
    long sec, usec;
    num_to_sec_usec(argv[0], &sec, &usec, NULL);
    return time_make(obj_class(self), t->sec - sec, t->usec - usec, t->utc);
}

static VALUE time_succ(VALUE self, int argc, const VALUE *argv)
{
    struct rtime *t = TM(self);
    return time_make(obj_class(self), t->sec + 1, t->usec, t->utc);
}

static int time_compare(struct rtime *a, struct rtime *b)
{
    if (a->sec != b->sec) return a->sec < b->sec ? -1 : 1;
    if (a->usec != b->usec) return a->usec < b->usec ? -1 : 1;
    return 0;
}

static VALUE time_cmp(VALUE self, int argc, const VALUE *argv)
{
    if (!time_p(argv[0])) return Qnil;
    return INT2FIX(time_compare(TM(self), TM(argv[0])));
}

static VALUE time_eql(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(time_p(argv[0]) && time_compare(TM(self), TM(argv[0])) == 0);
}

static VALUE time_hash(VALUE self, int argc, const VALUE *argv)
{
    struct rtime *t = TM(self);
    return INT2FIX((t->sec ^ t->usec) & FIXNUM_MAX);
}

/* ------------------------------------------------------------ fields */
static VALUE time_to_i(VALUE self, int argc, const VALUE *argv) { return int_new(TM(self)->sec); }
static VALUE time_usec(VALUE self, int argc, const VALUE *argv) { return INT2FIX(TM(self)->usec); }

static VALUE time_to_f(VALUE self, int argc, const VALUE *argv)
{
    struct rtime *t = TM(self);
    return float_new((double)t->sec + (double)t->usec / 1e6);
}

#define TM_FIELD(name, expr)                                   \
    static VALUE name(VALUE self, int argc, const VALUE *argv) \
    {                                                          \
        struct tm tm;                                          \
        broken_down(TM(self), &tm);                            \
        return expr;                                           \
    }

TM_FIELD(time_year, INT2FIX(tm.tm_year + 1900))
TM_FIELD(time_mon, INT2FIX(tm.tm_mon + 1))
TM_FIELD(time_mday, INT2FIX(tm.tm_mday))
TM_FIELD(time_hour, INT2FIX(tm.tm_hour))
TM_FIELD(time_min, INT2FIX(tm.tm_min))
TM_FIELD(time_sec, INT2FIX(tm.tm_sec))
TM_FIELD(time_wday, INT2FIX(tm.tm_wday))
TM_FIELD(time_yday, INT2FIX(tm.tm_yday + 1))
TM_FIELD(time_isdst, BOOL2V(tm.tm_isdst > 0))
TM_FIELD(time_zone, str_new_cstr(tm.tm_zone ? tm.tm_zone : ""))
TM_FIELD(time_utc_offset, INT2FIX(tm.tm_gmtoff))

static VALUE time_utc_p(VALUE self, int argc, const VALUE *argv) { return BOOL2V(TM(self)->utc); }

static VALUE time_to_a(VALUE self, int argc, const VALUE *argv)
{
    struct tm tm;
    broken_down(TM(self), &tm);
    VALUE a = ary_new_capa(10);
    int fields[8] = { tm.tm_sec, tm.tm_min, tm.tm_hour, tm.tm_mday, tm.tm_mon + 1,
                      tm.tm_year + 1900, tm.tm_wday, tm.tm_yday + 1 };
    for (int i = 0; i < 8; i++) ary_push(a, INT2FIX(fields[i]));
    ary_push(a, BOOL2V(tm.tm_isdst > 0));
    ary_push(a, str_new_cstr(tm.tm_zone ? tm.tm_zone : ""));
    return a;
}

/* ------------------------------------------------------------ conversions */
static VALUE time_set_utc(VALUE self, int argc, const VALUE *argv)
{
    obj_check_frozen(self);
    TM(self)->utc = true;
    return self;
}

static VALUE time_set_local(VALUE self, int argc, const VALUE *argv)
{
    obj_check_frozen(self);
    TM(self)->utc = false;
    return self;
}

static VALUE time_getutc(VALUE self, int argc, const VALUE *argv)
{
    struct rtime *t = TM(self);
    return time_make(obj_class(self), t->sec, t->usec, true);
}

static VALUE time_getlocal(VALUE self, int argc, const VALUE *argv)
{
    struct rtime *t = TM(self);
    return time_make(obj_class(self), t->sec, t->usec, false);
}

/* ------------------------------------------------------------ strftime */
/* libc strftime on one NUL-free piece of the format; a trailing marker
   tells an empty result from a buffer too small. */
static void strftime_piece(VALUE out, const char *fmt, long n, const struct tm *tm)
{
    VALUE f = str_new(fmt, n);
    str_cat(f, "|", 1);
    for (long size = 128 + n * 4;; size *= 2) {
        VALUE buf = str_new_capa(size);
        str_resize(buf, size);
        size_t r = strftime(RSTRING_PTR(buf), (size_t)size, str_cstr(f), tm);
        if (r > 0) {
            str_cat(out, RSTRING_PTR(buf), (long)r - 1);
            return;
        }
        if (size > (1L << 24)) return;
    }
}

/* Length of the directive at fmt[i] == '%': flags, width, E/O, letter. */
static long directive_len(const char *fmt, long i, long len)
{
    long j = i + 1;
    while (j < len && strchr("-_0^#:", fmt[j])) j++;
    while (j < len && isdigit((unsigned char)fmt[j])) j++;
    if (j < len && (fmt[j] == 'E' || fmt[j] == 'O')) j++;
    return (j < len ? j + 1 : len) - i;
}

/* Literal text is copied, each directive goes to libc on its own, except
   %s: libc computes it with mktime, wrong for UTC times. */
static VALUE time_strftime(VALUE self, int argc, const VALUE *argv)
{
    VALUE fmt = conv_to_str(argv[0]);
    struct tm tm;
    broken_down(TM(self), &tm);
    VALUE out = str_new("", 0);
    long len = RSTRING_LEN(fmt), i = 0;
    while (i < len) {
        const char *f = RSTRING_PTR(fmt);
        if (f[i] != '%') {
            long j = i;
            while (j < len && f[j] != '%') j++;
            str_cat(out, f + i, j - i);
            i = j;
            continue;
        }
        long n = directive_len(f, i, len);
        if (f[i + n - 1] == 's') str_cat_fmt(out, "%ld", TM(self)->sec);
        else strftime_piece(out, f + i, n, &tm);
        i += n;
    }
    GC_GUARD(fmt);
    return out;
}

static VALUE time_to_s(VALUE self, int argc, const VALUE *argv)
{
    VALUE f = str_new_cstr(TM(self)->utc ? "%a %b %d %H:%M:%S UTC %Y" : "%a %b %d %H:%M:%S %z %Y");
    return time_strftime(self, 1, &f);
}

static VALUE time_asctime(VALUE self, int argc, const VALUE *argv)
{
    VALUE f = str_new_cstr("%a %b %e %H:%M:%S %Y");
    return time_strftime(self, 1, &f);
}

/* ------------------------------------------------------------ init */
static void define_fields(VALUE c)
{
    static const struct { const char *name; cfunc fn; } m[] = {
        { "to_i", time_to_i }, { "tv_sec", time_to_i }, { "to_f", time_to_f },
        { "usec", time_usec }, { "tv_usec", time_usec }, { "year", time_year },
        { "mon", time_mon }, { "month", time_mon }, { "day", time_mday }, { "mday", time_mday },
        { "hour", time_hour }, { "min", time_min }, { "sec", time_sec }, { "wday", time_wday },
        { "yday", time_yday }, { "isdst", time_isdst }, { "dst?", time_isdst }, { "zone", time_zone },
        { "utc_offset", time_utc_offset }, { "gmt_offset", time_utc_offset },
        { "gmtoff", time_utc_offset }, { "utc?", time_utc_p }, { "gmt?", time_utc_p },
        { "to_a", time_to_a }, { "utc", time_set_utc }, { "gmtime", time_set_utc },
        { "localtime", time_set_local }, { "getutc", time_getutc }, { "getgm", time_getutc },
        { "getlocal", time_getlocal }, { "to_s", time_to_s }, { "inspect", time_to_s },
        { "ctime", time_asctime }, { "asctime", time_asctime }, { "succ", time_succ },
        { "hash", time_hash },
    };
    for (size_t i = 0; i < countof(m); i++) define_method(c, m[i].name, m[i].fn, 0);
}

/* ------------------------------------------------------------ Marshal */
/* 1.8.7's 8 bytes, two little-endian words of the UTC broken-down time:
   1 | utc | year-1900 (16) | month 0-11 (4) | day (5) | hour (5), then
   minute (6) | second (6) | usec (20).  The Time's ivars ride on the
   string. */
static VALUE time_dump(VALUE self, int argc, const VALUE *argv)
{
    struct rtime *t = TM(self);
    struct tm tm;
    time_t s = (time_t)t->sec;
    if (!gmtime_r(&s, &tm) || (tm.tm_year & 0xffff) != tm.tm_year)
        exc_raise(vm.c.ArgumentError, "year too big to marshal");
    uint32_t hi = 1UL << 31 | (uint32_t)t->utc << 30 | (uint32_t)tm.tm_year << 14 |
                  (uint32_t)tm.tm_mon << 10 | (uint32_t)tm.tm_mday << 5 | (uint32_t)tm.tm_hour;
    uint32_t lo = (uint32_t)tm.tm_min << 26 | (uint32_t)tm.tm_sec << 20 | (uint32_t)t->usec;
    char buf[8];
    for (int i = 0; i < 4; i++) buf[i] = (char)(hi >> (8 * i)), buf[4 + i] = (char)(lo >> (8 * i));
    VALUE str = str_new(buf, 8);
    ivar_copy(str, self);
    return str;
}

static uint32_t le32(const unsigned char *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

/* Also the older form: seconds and microseconds, top bit clear. */
static VALUE time_s_load(VALUE klass, int argc, const VALUE *argv)
{
    VALUE str = conv_to_str(argv[0]);
    if (RSTRING_LEN(str) != 8) exc_raise(vm.c.TypeError, "marshaled time format differ");
    const unsigned char *p = (const unsigned char *)RSTRING_PTR(str);
    uint32_t hi = le32(p), lo = le32(p + 4);
    if (!(hi & 1UL << 31)) return time_make(klass, (long)hi, (long)lo, false);
    struct tm tm = {
        .tm_year = (int)(hi >> 14 & 0xffff), .tm_mon = (int)(hi >> 10 & 0xf),
        .tm_mday = (int)(hi >> 5 & 0x1f), .tm_hour = (int)(hi & 0x1f),
        .tm_min = (int)(lo >> 26 & 0x3f), .tm_sec = (int)(lo >> 20 & 0x3f),
    };
    VALUE v = time_make(klass, (long)timegm(&tm), (long)(lo & 0xfffff), hi >> 30 & 1);
    ivar_copy(v, str);
    return v;
}

void time_init(void)
{
    VALUE c = vm.c.Time = class_define("Time", vm.c.Object);
    class_set_allocator(c, time_alloc);
    module_include(c, vm.c.Comparable);
    define_singleton_method(c, "now", time_s_now, 0);
    define_singleton_method(c, "at", time_s_at, -1);
    define_singleton_method(c, "utc", time_s_utc, -1);
    define_singleton_method(c, "gm", time_s_utc, -1);
    define_singleton_method(c, "local", time_s_local, -1);
    define_singleton_method(c, "mktime", time_s_local, -1);
    define_method(c, "initialize", time_initialize, 0);
    define_method(c, "initialize_copy", time_init_copy, 1);
    define_method(c, "+", time_plus, 1);
    define_method(c, "-", time_minus, 1);
    define_method(c, "<=>", time_cmp, 1);
    define_method(c, "eql?", time_eql, 1);
    define_method(c, "strftime", time_strftime, 1);
    define_method(c, "_dump", time_dump, -1);
    define_singleton_method(c, "_load", time_s_load, 1);
    define_fields(c);
}
