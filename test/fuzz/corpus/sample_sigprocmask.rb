# sigprocmask.rb: the Ruby 1.8 regression in one program.  Two threads run
# a block many times; every block call is an exception tag.  Built with
# ucontext (./configure --enable-pthread), each tag calls getcontext, which
# saves the signal mask with one rt_sigprocmask system call; built with
# _setjmp (the default, or --enable-pthread --disable-ucontext) it makes
# none.  Count them:
#
#   strace -f -c -e trace=rt_sigprocmask ./miniruby sample/sigprocmask.rb
#
# and compare the running times of the builds.
iterations = (ARGV[0] || 1_000_000).to_i
started = Time.now
workers = %w[a b].map do |letter|
  Thread.new do
    stack = []
    iterations.times do
      stack << letter
      stack.pop
    end
  end
end
workers.each { |t| t.join }
puts "2 threads x #{iterations} block calls in #{Time.now - started} s"
