# profile.rb: `require 'profile'` profiles the rest of the program and
# prints Profiler__'s table to $stderr at exit, for miniruby.
#
# Written for miniruby after 1.8.7's profile.rb (see profiler.rb for the
# table).  Needs Kernel#set_trace_func.
# Left out: nothing.

require 'profiler'

END {
  Profiler__.print_profile(STDERR)
}
Profiler__.start_profile
