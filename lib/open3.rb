# open3.rb: running a command with pipes to its stdin, stdout and stderr,
# for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's open3.rb:
#   Open3.popen3(*cmd) -> [stdin, stdout, stderr], the parent's ends of
#   three pipes to the command's standard streams (stdin is sync);
#   Open3.popen3(*cmd) { |stdin, stdout, stderr| ... } -> the block's
#   value, the pipes closed after it (also when it raises).  popen3 is a
#   module function (private instance method when Open3 is included).
#   cmd is run as Kernel#exec runs it: one String through the shell when
#   it has shell characters, several Strings as the program and its
#   arguments.  As in 1.8.7 the command runs in a grandchild (a child
#   forks it and exits at once), so no zombie is left and there is no
#   exit status to get.
# The pipes are the interpreter's IO objects: a thread reading one waits
# without stopping the other threads.
# Differs from 1.8.7 on purpose: when the command cannot be run, the
# grandchild writes "FILE:LINE:in `exec': MESSAGE (CLASS)" to the stderr
# pipe and leaves with exit!(127), where 1.8.7 let the exception end the
# forked interpreter and so also ran the parent's at_exit handlers there.
# Left out: nothing of 1.8.7's API (popen2e, popen3's wait thread and
# capture3 came with 1.9).

module Open3
  module_function

  def popen3(*cmd)
    child_in = IO.pipe
    child_out = IO.pipe
    child_err = IO.pipe
    pid = fork do
      fork do
        Open3.__send__(:exec_child, cmd, child_in, child_out, child_err)
      end
      exit!(0)
    end
    child_in[0].close
    child_out[1].close
    child_err[1].close
    Process.waitpid(pid)
    pipes = [child_in[1], child_out[0], child_err[0]]
    child_in[1].sync = true
    return pipes unless block_given?
    begin
      yield(*pipes)
    ensure
      pipes.each { |io| io.close unless io.closed? }
    end
  end

  # In the grandchild: the pipes become the standard streams, then cmd.
  def self.exec_child(cmd, child_in, child_out, child_err)
    child_in[1].close
    STDIN.reopen(child_in[0])
    child_in[0].close
    child_out[0].close
    STDOUT.reopen(child_out[1])
    child_out[1].close
    child_err[0].close
    STDERR.reopen(child_err[1])
    child_err[1].close
    begin
      exec(*cmd)
    rescue Exception => e
      where = (e.backtrace || [])[0]
      STDERR.print "#{where ? where + ': ' : ''}#{e.message} (#{e.class})\n"
      STDERR.flush
    end
    exit!(127)
  end
  private_class_method :exec_child
end
