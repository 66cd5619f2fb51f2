/* safe.c: $SAFE, after 1.8.7.  Each thread has its level (struct thread);
 * a new thread starts at its creator's (its block is a Proc made there),
 * and a Proc runs at the level it was made at (proc.c).  The level never
 * goes down: "tried to downgrade safe level from 1 to 0".
 *
 * What the levels refuse, as 1.8.7 does:
 *   1  tainted Strings as code, file and program names (eval, require,
 *      load, File and Dir operations, system, exec ...): "Insecure
 *      operation - eval";
 *   2  changing the file system and processes (chmod, unlink, chdir, trap,
 *      kill ...): "Insecure operation `chmod' at level 2";
 *   3  untaint, and every new object is tainted;
 *   4  changing untainted objects, global variables, constants and
 *      classes; writing, exiting, ObjectSpace, ENV ...: "Insecure: can't
 *      modify string", "Insecure operation `write' at level 4".
 * vm_safe_max is the highest level any thread reached: the checks in hot
 * paths test it first, one predictable branch while $SAFE stays below. */
#include "eval.h"

int vm_safe_max;

int vm_safe_level(void) { return vm.th->safe_level; }

static void raise_level(struct thread *th, int level)
{
    th->safe_level = level;
    if (level > vm_safe_max) vm_safe_max = level;
    if (level >= 3) gc_taint_new_objects();
    if (level >= 4) ev_safe4_fast_paths();
}

/* -T: the level of the program (the main thread) */
void vm_set_safe_level(int level)
{
    if (level > vm.th->safe_level) raise_level(vm.th, level);
}

static const char *current_name(void)
{
    ID mid = vm_current_mid();
    return mid ? sym_name(mid) : NULL;
}

/* 1.8.7's rb_secure: nothing is allowed from this level on */
void vm_secure(int level)
{
    int safe = vm.th->safe_level;
    if (safe < level) return;
    const char *name = current_name();
    if (name) exc_raise(vm.c.SecurityError, "Insecure operation `%s' at level %d", name, safe);
    exc_raise(vm.c.SecurityError, "Insecure operation at level %d", safe);
}

/* 1.8.7's rb_check_safe_obj (SafeStringValue): no tainted argument from
   level 1, nothing at level 4; name is the method 1.8.7 names (NULL: the
   running one) */
void vm_check_safe_name(VALUE obj, const char *name)
{
    int safe = vm.th->safe_level;
    if (!name) name = current_name();
    if (safe > 0 && HEAP_P(obj) && FL_TEST(obj, FL_TAINT)) {
        if (name) exc_raise(vm.c.SecurityError, "Insecure operation - %s", name);
        exc_raise(vm.c.SecurityError, "Insecure operation: -r");
    }
    if (safe >= 4) {
        if (name) exc_raise(vm.c.SecurityError, "Insecure operation `%s' at level %d", name, safe);
        exc_raise(vm.c.SecurityError, "Insecure operation at level %d", safe);
    }
}

void vm_check_safe_obj(VALUE obj) { vm_check_safe_name(obj, NULL); }

/* level 4: an untainted object may not change */
void vm_check_modify(VALUE obj, const char *what)
{
    if (vm.th->safe_level >= 4 && HEAP_P(obj) && !FL_TEST(obj, FL_TAINT))
        exc_raise(vm.c.SecurityError, "Insecure: can't modify %s", what);
}

/* level 3: new objects are tainted (gc_new_obj asks once a thread got there) */
bool vm_taint_new(void) { return vm.th->safe_level >= 3; }

/* ------------------------------------------------------------ $SAFE */
static VALUE safe_get(ID id, void *data)
{
    return INT2FIX(vm.th->safe_level);
}

static void safe_set(VALUE val, ID id, void *data)
{
    int level = num_to_int(val);
    struct thread *th = vm.th;
    if (level < th->safe_level)
        exc_raise(vm.c.SecurityError, "tried to downgrade safe level from %d to %d", th->safe_level, level);
    raise_level(th, level);
}

void safe_init(void)
{
    gvar_define_hooked("$SAFE", NULL, safe_get, safe_set);
}
