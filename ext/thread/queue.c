/* queue.c: Queue and SizedQueue (require 'thread').  Consumers wait in a
 * wait queue until an item arrives; SizedQueue producers wait while full.
 * `require 'thread'` runs ext_thread_init, which defines these and Mutex. */
#include <stdlib.h>
#include "thread_ext.h"

struct queue {
    VALUE items;
    struct waitq pop_waiters;
    struct waitq push_waiters;   /* SizedQueue only */
    long max;                    /* 0: unbounded */
};

static void queue_mark(void *p) { gc_mark(((struct queue *)p)->items); }

static void queue_free(void *p) { data_body_free(p, sizeof(struct queue)); }
/* a Queue per thread is common (hackysack.rb's players) */
static const struct data_type queue_type = { "Queue", queue_mark, queue_free, NULL };

static VALUE queue_alloc(VALUE klass)
{
    /* the object first: it keeps the arrays alive as they are made */
    struct queue *q = data_body_alloc(sizeof *q);
    q->items = Qnil;
    waitq_init(&q->pop_waiters);
    waitq_init(&q->push_waiters);
    VALUE obj = data_new(klass, &queue_type, q);
    q->items = ary_new();
    return obj;
}

static struct queue *queue_get(VALUE self) { return data_get(self, &queue_type); }

static VALUE queue_push(VALUE self, int argc, const VALUE *argv)
{
    struct queue *q = queue_get(self);
    /* the consumer to wake, fetched while the items are pushed */
    __builtin_prefetch(q->pop_waiters.head);
    while (q->max > 0 && RARRAY_LEN(q->items) >= q->max) green_wait(&q->push_waiters, self, -1);
    ary_push(q->items, argv[0]);
    waitq_signal(&q->pop_waiters);
    return self;
}

static VALUE queue_pop(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    struct queue *q = queue_get(self);
    bool non_block = argc > 0 && RTEST(argv[0]);
    while (RARRAY_LEN(q->items) == 0) {
        if (non_block) exc_raise(core_classes->ThreadError, "queue empty");
        green_wait(&q->pop_waiters, self, -1);
    }
    VALUE v = ary_shift(q->items);
    if (q->max > 0) waitq_signal(&q->push_waiters);
    return v;
}

static VALUE queue_empty(VALUE self, int argc, const VALUE *argv) { return BOOL2V(RARRAY_LEN(queue_get(self)->items) == 0); }
static VALUE queue_size(VALUE self, int argc, const VALUE *argv) { return INT2FIX(RARRAY_LEN(queue_get(self)->items)); }

static VALUE queue_clear(VALUE self, int argc, const VALUE *argv)
{
    struct queue *q = queue_get(self);
    ary_clear(q->items);
    if (q->max > 0) waitq_broadcast(&q->push_waiters);
    return self;
}

static VALUE queue_num_waiting(VALUE self, int argc, const VALUE *argv)
{
    struct queue *q = queue_get(self);
    return INT2FIX((long)(waitq_count(&q->pop_waiters) + waitq_count(&q->push_waiters)));
}

/* ------------------------------------------------------------ SizedQueue */
static long check_max(VALUE v)
{
    long max = num_to_long(v);
    if (max <= 0) exc_raise(core_classes->ArgumentError, "queue size must be positive");
    return max;
}

static VALUE sq_initialize(VALUE self, int argc, const VALUE *argv)
{
    queue_get(self)->max = check_max(argv[0]);
    return self;
}

static VALUE sq_max(VALUE self, int argc, const VALUE *argv) { return INT2FIX(queue_get(self)->max); }

static VALUE sq_set_max(VALUE self, int argc, const VALUE *argv)
{
    struct queue *q = queue_get(self);
    long old = q->max;
    q->max = check_max(argv[0]);
    for (long i = old; i < q->max; i++) waitq_signal(&q->push_waiters);
    return argv[0];
}

void ext_thread_queue_init(void)
{
    VALUE q = class_define("Queue", core_classes->Object);
    class_set_allocator(q, queue_alloc);
    const char *push_names[] = { "push", "<<", "enq" };
    const char *pop_names[] = { "pop", "shift", "deq" };
    for (int i = 0; i < 3; i++) {
        define_method(q, push_names[i], queue_push, 1);
        define_method(q, pop_names[i], queue_pop, -1);
    }
    define_method(q, "empty?", queue_empty, 0);
    define_method(q, "size", queue_size, 0);
    define_method(q, "length", queue_size, 0);
    define_method(q, "clear", queue_clear, 0);
    define_method(q, "num_waiting", queue_num_waiting, 0);
    VALUE sq = class_define("SizedQueue", q);
    define_method(sq, "initialize", sq_initialize, 1);
    define_method(sq, "max", sq_max, 0);
    define_method(sq, "max=", sq_set_max, 1);
}

void ext_thread_init(void)
{
    ext_thread_mutex_init();
    ext_thread_queue_init();
    vm_require_optional("thread.rb");     /* the Ruby half: Thread.exclusive (lib/thread.rb) */
}
