/* mutex.c: Mutex and ConditionVariable (require 'thread').  Locking a
 * mutex twice from its owner and unlocking one that is not held raise
 * ThreadError, as later Rubies do, rather than 1.8's silent answers.
 * Waiters sit in wait queues (green.h): a thread raised or killed out of
 * lock or wait leaves the queue, and a wake-up meant for it goes on to the
 * next waiter. */
#include <stdlib.h>
#include "thread_ext.h"

struct mutex {
    VALUE owner;               /* Thread, or Qnil */
    struct waitq waiters;
};

static void mutex_mark(void *p) { gc_mark(((struct mutex *)p)->owner); }
static void mutex_free(void *p) { data_body_free(p, sizeof(struct mutex)); }
static const struct data_type mutex_type = { "Mutex", mutex_mark, mutex_free, NULL };

static VALUE mutex_alloc(VALUE klass)
{
    struct mutex *m = data_body_alloc(sizeof *m);
    m->owner = Qnil;
    waitq_init(&m->waiters);
    return data_new(klass, &mutex_type, m);
}

static struct mutex *mutex_get(VALUE self) { return data_get(self, &mutex_type); }

/* Owners that died leave the mutex free. */
static bool held(struct mutex *m) { return !NIL_P(m->owner) && green_thread_alive(m->owner); }

static VALUE mutex_lock(VALUE self, int argc, const VALUE *argv)
{
    struct mutex *m = mutex_get(self);
    VALUE cur = green_current();
    if (m->owner == cur) exc_raise(core_classes->ThreadError, "deadlock; recursive locking");
    while (held(m)) green_wait(&m->waiters, self, -1);
    m->owner = cur;
    return self;
}

static VALUE mutex_unlock(VALUE self, int argc, const VALUE *argv)
{
    struct mutex *m = mutex_get(self);
    if (!held(m)) exc_raise(core_classes->ThreadError, "Attempt to unlock a mutex which is not locked");
    if (m->owner != green_current())
        exc_raise(core_classes->ThreadError, "Attempt to unlock a mutex which is locked by another thread");
    m->owner = Qnil;
    waitq_signal(&m->waiters);
    return self;
}

static VALUE mutex_try_lock(VALUE self, int argc, const VALUE *argv)
{
    struct mutex *m = mutex_get(self);
    if (held(m)) return Qfalse;
    m->owner = green_current();
    return Qtrue;
}

static VALUE mutex_locked(VALUE self, int argc, const VALUE *argv) { return BOOL2V(held(mutex_get(self))); }

static VALUE sync_body(VALUE self) { return vm_yield(0, NULL); }
static VALUE sync_unlock(VALUE self)
{
    if (mutex_get(self)->owner == green_current()) mutex_unlock(self, 0, NULL);
    return Qnil;
}

static VALUE mutex_synchronize(VALUE self, int argc, const VALUE *argv)
{
    mutex_lock(self, 0, NULL);
    return vm_ensure(sync_body, self, sync_unlock, self);
}

/* ------------------------------------------------------------ ConditionVariable */
struct condvar { struct waitq waiters; };
static void cv_free(void *p) { data_body_free(p, sizeof(struct condvar)); }
static const struct data_type cv_type = { "ConditionVariable", NULL, cv_free, NULL };

static VALUE cv_alloc(VALUE klass)
{
    struct condvar *c = data_body_alloc(sizeof *c);
    waitq_init(&c->waiters);
    return data_new(klass, &cv_type, c);
}

static struct condvar *cv_get(VALUE self) { return data_get(self, &cv_type); }

static VALUE relock(VALUE mutex)
{
    if (mutex_get(mutex)->owner != green_current()) mutex_lock(mutex, 0, NULL);
    return Qnil;
}

struct cv_wait { VALUE self, mutex; double deadline; };

static VALUE cv_wait_body(VALUE arg)
{
    struct cv_wait *w = (struct cv_wait *)arg;
    mutex_unlock(w->mutex, 0, NULL);
    green_wait(&cv_get(w->self)->waiters, w->self, w->deadline);
    return Qnil;
}

static VALUE cv_wait(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    mutex_get(argv[0]);
    struct cv_wait w = { self, argv[0], -1 };
    if (argc > 1 && !NIL_P(argv[1])) w.deadline = green_now() + num_to_dbl(argv[1]);
    vm_ensure(cv_wait_body, (VALUE)&w, relock, argv[0]);
    return self;
}

static VALUE cv_signal(VALUE self, int argc, const VALUE *argv)
{
    waitq_signal(&cv_get(self)->waiters);
    return self;
}

static VALUE cv_broadcast(VALUE self, int argc, const VALUE *argv)
{
    waitq_broadcast(&cv_get(self)->waiters);
    return self;
}

void ext_thread_mutex_init(void)
{
    VALUE m = class_define("Mutex", core_classes->Object);
    class_set_allocator(m, mutex_alloc);
    define_method(m, "lock", mutex_lock, 0);
    define_method(m, "unlock", mutex_unlock, 0);
    define_method(m, "try_lock", mutex_try_lock, 0);
    define_method(m, "locked?", mutex_locked, 0);
    define_method(m, "synchronize", mutex_synchronize, 0);
    VALUE cv = class_define("ConditionVariable", core_classes->Object);
    class_set_allocator(cv, cv_alloc);
    define_method(cv, "wait", cv_wait, -1);
    define_method(cv, "signal", cv_signal, 0);
    define_method(cv, "broadcast", cv_broadcast, 0);
}
