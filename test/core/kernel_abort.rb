# kernel_abort.rb: abort(msg) writes msg to $stderr (whatever it is now,
# as 1.8.7's rb_f_abort does) and raises SystemExit with status 1.
require 'assert'

class Catcher
  attr_reader :text
  def initialize; @text = ""; end
  def write(s); @text << s.to_s; s.to_s.size; end
end

test "abort writes to $stderr" do
  c = Catcher.new
  old = $stderr
  $stderr = c
  begin
    e = assert_raise(SystemExit) { abort "went wrong" }
  ensure
    $stderr = old
  end
  assert_equal "went wrong\n", c.text
  assert_equal 1, e.status
  assert_equal "went wrong", e.message
end
