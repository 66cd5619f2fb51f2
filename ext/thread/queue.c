/* queue.c: Queue and SizedQueue (require 'thread').  Consumers wait in a
 * wait queue until an item arrives; SizedQueue producers wait while full.
 * `require 'thread'` runs ext_thread_init, which defines these and Mutex. */
#include <stdlib.h>
#include "thread_ext.h"

/* A Queue holds its items without an Array while it has one at a time,
   as a queue a thread waits on mostly does (hackysack.rb's players: an
   Array each was a 48-byte object more to make, keep and mark): the
   oldest item in `first`, the others, in order, in `rest`, an Array made
   when a second item arrives.  `first` is Qundef only when `rest` is
   empty.  A SizedQueue's body goes on with its bound and its producers'
   wait queue. */
struct queue {
    VALUE first;
    VALUE rest;                  /* Qnil until needed */
    struct waitq pop_waiters;
};

struct sized_queue {
    struct queue q;
    struct waitq push_waiters;
    long max;
};

static void queue_mark(void *p)
{
    struct queue *q = p;
    if (q->first != Qundef) gc_mark(q->first);
    gc_mark(q->rest);
}

static void queue_free(void *p) { data_body_free(p, sizeof(struct queue)); }
static void sized_queue_free(void *p) { data_body_free(p, sizeof(struct sized_queue)); }
/* a Queue per thread is common (hackysack.rb's players) */
static const struct data_type queue_type = { "Queue", queue_mark, queue_free, NULL };
static const struct data_type sized_queue_type = { "SizedQueue", queue_mark, sized_queue_free, NULL };

static void queue_init(struct queue *q)
{
    q->first = Qundef;
    q->rest = Qnil;
    waitq_init(&q->pop_waiters);
}

static VALUE queue_alloc(VALUE klass)
{
    struct queue *q = data_body_alloc(sizeof *q);
    queue_init(q);
    return data_new(klass, &queue_type, q);
}

static VALUE sized_queue_alloc(VALUE klass)
{
    struct sized_queue *sq = data_body_alloc(sizeof *sq);
    queue_init(&sq->q);
    waitq_init(&sq->push_waiters);
    return data_new(klass, &sized_queue_type, sq);
}

/* NULL for a plain Queue */
static struct sized_queue *sized_of(VALUE self)
{
    return TYPE_P(self, T_DATA) && RDATA(self)->type == &sized_queue_type ? RDATA(self)->data : NULL;
}

/* A Queue's body, or a SizedQueue's (whose first member it is); *sized
   the SizedQueue's, or NULL: one look at the type for both. */
static struct queue *queue_of(VALUE self, struct sized_queue **sized)
{
    struct sized_queue *sq = sized_of(self);
    if (sized) *sized = sq;
    return sq ? &sq->q : data_get(self, &queue_type);
}

static struct queue *queue_get(VALUE self) { return queue_of(self, NULL); }

static long queue_length(const struct queue *q)
{
    if (q->first == Qundef) return 0;
    return 1 + (NIL_P(q->rest) ? 0 : RARRAY_LEN(q->rest));
}

static void queue_add(struct queue *q, VALUE v)
{
    if (q->first == Qundef) {
        q->first = v;
        return;
    }
    if (NIL_P(q->rest)) q->rest = ary_new();
    ary_push(q->rest, v);
}

static VALUE queue_take(struct queue *q)
{
    VALUE v = q->first;
    q->first = NIL_P(q->rest) || RARRAY_LEN(q->rest) == 0 ? Qundef : ary_shift(q->rest);
    return v;
}

static VALUE queue_push(VALUE self, int argc, const VALUE *argv)
{
    struct sized_queue *sq;
    struct queue *q = queue_of(self, &sq);
    /* the consumer to wake, fetched while the item is stored */
    __builtin_prefetch(q->pop_waiters.head);
    if (sq)
        while (queue_length(q) >= sq->max) green_wait(&sq->push_waiters, self, -1);
    queue_add(q, argv[0]);
    waitq_signal(&q->pop_waiters);
    return self;
}

static VALUE queue_pop(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    struct sized_queue *sq;
    struct queue *q = queue_of(self, &sq);
    bool non_block = argc > 0 && RTEST(argv[0]);
    while (q->first == Qundef) {
        if (non_block) exc_raise(core_classes->ThreadError, "queue empty");
        green_wait(&q->pop_waiters, self, -1);
    }
    VALUE v = queue_take(q);
    if (sq) waitq_signal(&sq->push_waiters);
    return v;
}

static VALUE queue_empty(VALUE self, int argc, const VALUE *argv) { return BOOL2V(queue_get(self)->first == Qundef); }
static VALUE queue_size(VALUE self, int argc, const VALUE *argv) { return INT2FIX(queue_length(queue_get(self))); }

static VALUE queue_clear(VALUE self, int argc, const VALUE *argv)
{
    struct sized_queue *sq;
    struct queue *q = queue_of(self, &sq);
    q->first = Qundef;
    q->rest = Qnil;
    if (sq) waitq_broadcast(&sq->push_waiters);
    return self;
}

static VALUE queue_num_waiting(VALUE self, int argc, const VALUE *argv)
{
    struct sized_queue *sq;
    struct queue *q = queue_of(self, &sq);
    return INT2FIX((long)(waitq_count(&q->pop_waiters) + (sq ? waitq_count(&sq->push_waiters) : 0)));
}

/* ------------------------------------------------------------ SizedQueue */
static long check_max(VALUE v)
{
    long max = num_to_long(v);
    if (max <= 0) exc_raise(core_classes->ArgumentError, "queue size must be positive");
    return max;
}

static struct sized_queue *sized_get(VALUE self) { return data_get(self, &sized_queue_type); }

static VALUE sq_initialize(VALUE self, int argc, const VALUE *argv)
{
    sized_get(self)->max = check_max(argv[0]);
    return self;
}

static VALUE sq_max(VALUE self, int argc, const VALUE *argv) { return INT2FIX(sized_get(self)->max); }

static VALUE sq_set_max(VALUE self, int argc, const VALUE *argv)
{
    struct sized_queue *sq = sized_get(self);
    long old = sq->max;
    sq->max = check_max(argv[0]);
    for (long i = old; i < sq->max; i++) waitq_signal(&sq->push_waiters);
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
    class_set_allocator(sq, sized_queue_alloc);
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
