/* init.c: start-up order of the core classes.  Order matters: Object,
 * Module and Class first; String before anything names a class; Comparable
 * and Enumerable before the classes that include them; Hash before the
 * Errno table; the evaluator's own methods last. */
#include "internal.h"

void ev_call_init(void);
void env_hash_init(void);
void random_init(void);
#define EXT(name, init) void init(void);
#define SHARED(name, init, object)
#include "ext/extensions.def"
#undef EXT
#undef SHARED

/* Class names made before String existed have no class yet. */
static void fix_boot_strings(void)
{
    VALUE boot[] = { vm.c.Object, vm.c.Module, vm.c.Class, vm.c.Kernel, vm.c.String };
    for (size_t i = 0; i < countof(boot); i++) {
        VALUE path = RCLASS_EXT(boot[i])->path;
        if (path) RBASIC(path)->klass = vm.c.String;
    }
}

void vm_init_all(void)
{
    gvar_init();
    class_init();
    vm.c.String = class_define("String", vm.c.Object);
    fix_boot_strings();
    object_init();
    module_init();
    compar_init();
    enum_init();
    str_init();
    symbol_class_init();
    num_init();
    big_init();
    math_init();
    random_init();
    ary_init();
    hash_init();
    range_init();
    struct_init();
    env_hash_init();
    error_init();
    gc_prepare_nomem();
    proc_init();
    signal_init();
    kernel_init();
    ev_call_init();
    eval_init();
    load_init();
    autoload_init();
    re_init();
    io_init();
    file_init();
    dir_init();
    time_init();
    marshal_init();
    process_init();
    sprintf_init();
    enumerator_init();
    gc_class_init();
    thread_init();
    static const struct { const char *name; void (*init)(void); const char *object, *symbol; } extensions[] = {
#define EXT(name, init) { name, init, NULL, NULL },
#define SHARED(name, init, object) { name, NULL, object, #init },
#include "ext/extensions.def"
#undef EXT
#undef SHARED
    };
    for (size_t i = 0; i < countof(extensions); i++) {
        if (extensions[i].init) vm_register_extension(extensions[i].name, extensions[i].init);
        else vm_register_shared_extension(extensions[i].name, extensions[i].object, extensions[i].symbol);
    }
}
