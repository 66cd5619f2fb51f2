# method_missing_args.rb: the arguments handed to method_missing (the
# default one raising NoMethodError, and one of Ruby's) stay alive while
# it runs.  The array holding them was collectable during the call, and
# its freed buffer was then marked as the frame's arguments: this file
# runs again under MINIRUBY_GC_STRESS (see test/gc_stress.list), where
# that crashed.
require 'assert'

class Hidden
  def shown(*a) a end
  private
  def hidden(a, b, c) [a, b, c] end
end

class Catcher
  def method_missing(name, *args)
    GC.start if args.size > 2
    [name, args.map { |x| x.to_s }.join(",")]
  end
end

test "default method_missing with arguments, many times" do
  h = Hidden.new
  errors = 0
  200.times do |i|
    begin
      h.hidden("a" * i, [i], { i => i.to_s })
    rescue NoMethodError => e
      errors += 1 if e.message =~ /private method `hidden' called/
    end
  end
  assert_equal 200, errors
end

test "a Ruby method_missing gets its arguments intact" do
  c = Catcher.new
  got = (1..50).map { |i| c.anything("x#{i}", [i], "y") }
  assert_equal [:anything, "x50,50,y"], got.last
  assert_equal 50, got.select { |name, s| name == :anything && s =~ /\Ax\d+,\d+,y\z/ }.size
end
