/* timer_pthread.c: time slices from a POSIX thread that wakes every 10 ms
 * while more than one Ruby thread exists.  It never touches interpreter
 * state except the two flags, written atomically.
 *
 * A forked child has no timer thread: the fork handlers hold the lock
 * across fork (the timer thread may have it) and let the child start a
 * new thread when it next needs one.  A fork waits until a just created
 * timer thread has reached its loop: while starting it may hold locks of
 * a sanitizer's allocator that the child would then never see released. */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <pthread.h>
#include <time.h>
#include "timer.h"
#include "gthread.h"

static pthread_t timer_thread;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static pthread_cond_t ready = PTHREAD_COND_INITIALIZER;
static bool started, in_loop, ticking;

static void *timer_loop(void *arg)
{
    pthread_mutex_lock(&lock);
    in_loop = true;
    pthread_cond_broadcast(&ready);
    for (;;) {
        while (!ticking) pthread_cond_wait(&wake, &lock);
        pthread_mutex_unlock(&lock);
        struct timespec ts = { 0, TIMER_QUANTUM_US * 1000L };
        while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
            ;
        sched_timer_tick();
        pthread_mutex_lock(&lock);
    }
    return NULL;
}

static void before_fork(void)
{
    pthread_mutex_lock(&lock);
    while (started && !in_loop) pthread_cond_wait(&ready, &lock);
}

static void after_fork_parent(void) { pthread_mutex_unlock(&lock); }

static void after_fork_child(void)
{
    started = in_loop = ticking = false;
    pthread_mutex_unlock(&lock);
}

void timer_start(void)
{
    static bool fork_handlers;
    if (!fork_handlers) {
        pthread_atfork(before_fork, after_fork_parent, after_fork_child);
        fork_handlers = true;
    }
    pthread_mutex_lock(&lock);
    if (!started) {
        /* the timer thread must not take the signals meant for the VM */
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);
        pthread_create(&timer_thread, NULL, timer_loop, NULL);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        started = true;
    }
    ticking = true;
    pthread_cond_signal(&wake);
    pthread_mutex_unlock(&lock);
}

void timer_stop(void)
{
    pthread_mutex_lock(&lock);
    ticking = false;
    pthread_mutex_unlock(&lock);
}

