/* instrument.h: telling AddressSanitizer and Valgrind about green-thread
 * stacks.  Both tools assume one stack per OS thread; without these
 * announcements ASan reports false errors after a switch and Valgrind
 * takes a switch for a huge stack-pointer jump.  The annotations are
 * made here; the files that choose another mechanism under ASan (jmpbuf.h,
 * ctx.h, the guard handler in stack.c, the aside stack in sched.c, vm.c)
 * test MR_SANITIZE themselves. */
#ifndef MR_INSTRUMENT_H
#define MR_INSTRUMENT_H

#include "config.h"
#include <stddef.h>

#ifdef MR_SANITIZE
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/asan_interface.h>
/* before leaving a stack for the one at [bottom, bottom+size) */
#define SWITCH_START(fake_save, bottom, size) __sanitizer_start_switch_fiber((fake_save), (bottom), (size))
/* after arriving on a stack (fake_save NULL the first time) */
#define SWITCH_FINISH(fake_save) __sanitizer_finish_switch_fiber((fake_save), NULL, NULL)
/* a dead thread's stack: frames left by a switch that no interceptor saw
   (setcontext) keep their redzones poisoned */
#define STACK_UNPOISON(lo, len) __asan_unpoison_memory_region((lo), (len))
/* where a thread keeps its fake frames: a field only this build has */
#define FAKE_STACK_SLOT(t) (&(t)->asan_fake_stack)
#define FAKE_STACK(t) ((t)->asan_fake_stack)
#else
#define SWITCH_START(fake_save, bottom, size) ((void)(fake_save), (void)(bottom), (void)(size))
#define SWITCH_FINISH(fake_save) ((void)(fake_save))
#define STACK_UNPOISON(lo, len) ((void)(lo), (void)(len))
#define FAKE_STACK_SLOT(t) NULL
#define FAKE_STACK(t) NULL
#endif

#ifdef HAVE_VALGRIND_VALGRIND_H
#include <valgrind/valgrind.h>
#include <valgrind/memcheck.h>
#define STACK_REGISTER(lo, hi) VALGRIND_STACK_REGISTER((lo), (hi))
#define STACK_DEREGISTER(id) VALGRIND_STACK_DEREGISTER(id)
/* conservative scanning reads words that may never have been written */
#define SCAN_DEFINED(lo, len) VALGRIND_MAKE_MEM_DEFINED_IF_ADDRESSABLE((lo), (len))
/* a reused stack: what an earlier thread left below its stack pointer is
   writable again */
#define STACK_FRESH(lo, len) VALGRIND_MAKE_MEM_UNDEFINED((lo), (len))
#else
#define STACK_REGISTER(lo, hi) ((void)(lo), (void)(hi), 0u)
#define STACK_DEREGISTER(id) ((void)(id))
#define SCAN_DEFINED(lo, len) ((void)(lo), (void)(len))
#define STACK_FRESH(lo, len) ((void)(lo), (void)(len))
#endif

/* Whether a memory checker watches this run. */
#ifdef MR_SANITIZE
#define CHECKED_RUN() 1
#elif defined(HAVE_VALGRIND_VALGRIND_H)
#define CHECKED_RUN() RUNNING_ON_VALGRIND
#else
#define CHECKED_RUN() 0
#endif
/* Allocators of our own (slab.h) then step aside, so that it watches
   malloc's blocks in their place. */
#define MALLOC_CHECKED() CHECKED_RUN()
/* Nothing is written below a thread's stack pointer (stack.c). */
#define STACK_CHECKED() CHECKED_RUN()

#endif
