/* thread_ext.h: what the files of ext/thread share (require 'thread'). */
#ifndef MR_THREAD_EXT_H
#define MR_THREAD_EXT_H

#include "ruby.h"
#include "ruby/green.h"

void ext_thread_mutex_init(void);
void ext_thread_queue_init(void);

#endif
